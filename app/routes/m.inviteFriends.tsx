import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { useRootData, useTrackedPath } from "~/shell/root-data";
import { getReferral } from "~/promotions/promotions.server";
import { CopyField } from "~/promotions/CopyField";
import { PromotionNotice } from "~/promotions/PromotionViews";

// Invite friends (docs/behaviour/promotions.md#invite-friends): the one promotion page open without a token. A member
// sees the referral link and code; a visitor the invitation to register or log in.

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.session.token) return { kind: "visitor" as const };
  const referral = await getReferral(context.platform);
  return referral.ok ? { kind: "member" as const, referral: referral.value } : { kind: "failed" as const };
}

function InviteArt() {
  return (
    <svg className="promo-invite__art" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
      <circle cx="24" cy="22" r="9" fill="currentColor" opacity="0.85" />
      <path d="M8 50c0-9 7-15 16-15s16 6 16 15z" fill="currentColor" opacity="0.85" />
      <circle cx="44" cy="26" r="7" fill="currentColor" opacity="0.55" />
      <path d="M32 52c1-8 6-13 12-13s12 5 12 13z" fill="currentColor" opacity="0.55" />
      <path d="M52 8v12M46 14h12" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export default function InviteFriendsRoute() {
  const { t } = useTranslation();
  const registerPath = useTrackedPath("/m/register");
  const loginPath = useTrackedPath("/m/login?redirectUrl=%2Fm%2FinviteFriends");
  const root = useRootData();
  const page = useLoaderData<typeof loader>();
  return (
    <section className="card promo-invite" aria-labelledby="promo-invite-title">
      <InviteArt />
      <h1 id="promo-invite-title" className="page-title">
        {t("promo_invite_title")}
      </h1>
      <p>{t("promo_invite_text", { brand: root?.brand.name ?? "" })}</p>
      {page.kind === "member" ? (
        <>
          <CopyField id="referral-code" label={t("promo_invite_code")} value={page.referral.referralCode} />
          <CopyField id="referral-link" label={t("promo_invite_link")} value={page.referral.referralLink} />
        </>
      ) : page.kind === "failed" ? (
        <PromotionNotice tone="warning">{t("promo_invite_unavailable")}</PromotionNotice>
      ) : (
        <>
          <p>{t("promo_invite_visitor")}</p>
          <div className="promo-invite__actions">
            <Link to={registerPath} className="button button--primary button--block">
              {t("register")}
            </Link>
            <Link to={loginPath} className="button button--secondary button--block">
              {t("login")}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
