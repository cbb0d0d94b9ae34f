import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { getServerT } from "~/.server/i18n/resources";
import { requireMember } from "~/identity/guard.server";
import { getMemberInfo } from "~/.server/platform/member";

// Title, description and robots: the root's per-path page meta (app/shell/page-meta.ts).

/** Member home (protected): who is logged in, log out, change password. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  // A token the platform no longer knows ends the session inside the call (app/.server/platform/client.ts).
  const info = await getMemberInfo(context.platform);
  const t = await getServerT(context.language);
  return {
    title: t("member_home_title"),
    userName: (info.ok ? info.value.userName : null) ?? member.info.userName,
    type: info.ok ? info.value.type : member.info.type,
  };
}

export default function MemberHomeRoute() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const typeLabel = data.type === 4 ? t("member_type_restricted") : t("member_type_regular");
  return (
    <section className="card member-card" aria-labelledby="member-title">
      <h1 id="member-title" className="page-title">
        {t("member_home_title")}
      </h1>
      <dl className="member-card__list">
        <dt>{t("username")}</dt>
        <dd data-testid="member-username">{data.userName}</dd>
        <dt>{t("member_type")}</dt>
        <dd>{data.type === null ? "–" : `${typeLabel} (${data.type})`}</dd>
      </dl>
      <div className="member-card__actions">
        <Link to="/m/changePsw" className="button button--secondary button--block">
          {t("change_password")}
        </Link>
        <Form method="post" action="/m/logout">
          <button type="submit" className="button button--primary button--block">
            {t("logout")}
          </button>
        </Form>
      </div>
    </section>
  );
}
