import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { requireMember } from "~/identity/guard.server";
import { loadRewardCenter } from "~/promotions/promotions.server";
import { PromotionList, PromotionNotice } from "~/promotions/PromotionViews";

// The rewards centre (docs/behaviour/promotions.md#rewards-centre), protected: its promotions are asked for only while
// the white-label flag REWCEN3 is on; otherwise the page says the rewards centre is off.

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(context, request);
  return loadRewardCenter(context, request);
}

export default function RewardCenterRoute() {
  const { t } = useTranslation();
  const reward = useLoaderData<typeof loader>();
  return (
    <section className="promo-page" aria-labelledby="promo-page-title">
      <h1 id="promo-page-title" className="page-title">
        {t("promo_reward_title")}
      </h1>
      {reward.state === "flag-off" ? (
        <PromotionNotice>{t("promo_reward_off")}</PromotionNotice>
      ) : reward.state === "failed" ? (
        <PromotionNotice tone="warning">{t("promo_unavailable")}</PromotionNotice>
      ) : reward.promotions.length === 0 ? (
        <PromotionNotice>{t("promo_reward_empty")}</PromotionNotice>
      ) : (
        <PromotionList promotions={reward.promotions} />
      )}
    </section>
  );
}
