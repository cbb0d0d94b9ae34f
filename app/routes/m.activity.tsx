import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { useTranslation } from "~/i18n/translate";
import { loginRedirectFor } from "~/identity/guard.server";
import { loadPromotions } from "~/promotions/promotions.server";
import { PromotionDetail, PromotionList, PromotionNotice } from "~/promotions/PromotionViews";

// Promotions (docs/behaviour/promotions.md#activity): the list (public for visitors, the member's own for members), and
// one promotion by the id in the query (/m/activity?id=<id>). An unknown id is a "not found" state in the page, 404.

const querySchema = z.object({ id: z.string().trim().min(1).max(64).optional().catch(undefined) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { id } = querySchema.parse({ id: url.searchParams.get("id") ?? undefined });
  const { list } = await loadPromotions(context, request);
  const loginHref = context.session.token ? null : loginRedirectFor(request);
  if (id === undefined) return { view: "list" as const, promotions: list, promotion: null, loginHref };
  if (list === null) return { view: "detail" as const, promotions: null, promotion: null, loginHref };
  const promotion = list.find((item) => item.id === id) ?? null;
  return data({ view: "detail" as const, promotions: list, promotion, loginHref }, { status: promotion ? 200 : 404 });
}

export default function ActivityRoute() {
  const { t } = useTranslation();
  const { view, promotions, promotion, loginHref } = useLoaderData<typeof loader>();
  if (view === "detail") {
    return (
      <section className="promo-page" aria-label={t("promo_activity_title")}>
        <p className="promo-page__back">
          <Link to="/m/activity">{t("promo_all")}</Link>
        </p>
        {promotion ? (
          <PromotionDetail promotion={promotion} loginHref={loginHref} />
        ) : promotions === null ? (
          <PromotionNotice tone="warning">{t("promo_unavailable")}</PromotionNotice>
        ) : (
          <div className="card promo-detail">
            <h1 className="promo-detail__title">{t("promo_not_found_title")}</h1>
            <p>{t("promo_not_found_text")}</p>
          </div>
        )}
      </section>
    );
  }
  return (
    <section className="promo-page" aria-labelledby="promo-page-title">
      <h1 id="promo-page-title" className="page-title">
        {t("promo_activity_title")}
      </h1>
      {promotions === null ? (
        <PromotionNotice tone="warning">{t("promo_unavailable")}</PromotionNotice>
      ) : promotions.length === 0 ? (
        <PromotionNotice>{t("promo_list_empty")}</PromotionNotice>
      ) : (
        <PromotionList promotions={promotions} />
      )}
    </section>
  );
}
