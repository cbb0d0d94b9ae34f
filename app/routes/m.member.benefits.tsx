import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { PROMOTION_ROUTES } from "~/promotions/go-to";
import { loadRoutePromotions } from "~/promotions/promotions.server";
import { MemberPromotionPage, PromotionNotice } from "~/promotions/PromotionViews";

// VIP benefits (docs/behaviour/promotions.md#promotion-routes): the upgrade bonus, and whether the member's club label
// shows VIP benefits (type AUTO).

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadRoutePromotions(context, request, PROMOTION_ROUTES.benefits);
}

export default function BenefitsRoute() {
  const { t } = useTranslation();
  const { promotions, vipBenefits } = useLoaderData<typeof loader>();
  return (
    <MemberPromotionPage
      titleKey="promo_benefits_title"
      promotions={promotions}
      note={vipBenefits ? null : <PromotionNotice>{t("promo_benefits_hidden")}</PromotionNotice>}
    />
  );
}
