import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { PromotionList } from "./PromotionViews";
import type { PromotionView } from "./promotions.server";

/** The home page's promotions (docs/behaviour/promotions.md#home-strip); nothing when there are none or they failed. */
export function PromotionStrip({ promotions }: { promotions: PromotionView[] | null }) {
  const { t } = useTranslation();
  if (!promotions || promotions.length === 0) return null;
  return (
    <section className="promo-strip" aria-labelledby="promo-strip-title">
      <div className="promo-strip__head">
        <h2 id="promo-strip-title" className="promo-strip__title">
          {t("promo_activity_title")}
        </h2>
        <Link to="/m/activity" className="promo-strip__all">
          {t("promo_all")}
        </Link>
      </div>
      <PromotionList promotions={promotions} headingLevel={3} />
    </section>
  );
}
