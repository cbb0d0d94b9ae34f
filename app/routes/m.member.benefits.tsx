import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { PROMOTION_ROUTES } from "~/promotions/go-to";
import { loadPromotionPage } from "~/promotions/detail.server";
import { PromotionPage } from "~/promotions/PromotionPage";
import { PromotionNotice } from "~/promotions/PromotionViews";

// VIP benefits (docs/behaviour/promotions.md#promotion-pages): the VIP tiers from the upgrade bonus's detail, the
// member's own tier from the club label, and whether the club label shows VIP benefits (type AUTO). Nothing to claim.

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadPromotionPage(context, request, PROMOTION_ROUTES.benefits);
}

export default function BenefitsRoute() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const level = data.tier?.name ?? null;
  return (
    <PromotionPage
      titleKey="promo_benefits_title"
      data={data}
      note={
        <>
          {level ? <p className="promo-page__level">{t("promo_vip_your_level", { name: level })}</p> : null}
          {data.vipBenefits ? null : <PromotionNotice>{t("promo_benefits_hidden")}</PromotionNotice>}
        </>
      }
    />
  );
}
