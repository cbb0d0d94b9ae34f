import { useTranslation } from "~/i18n/translate";
import type { ConsentChoice } from "./consent.server";

/**
 * Asks before any pixel loads, for a merchant that requires it (docs/behaviour/tracking.md#consent): a small region at
 * the bottom of the page, not a modal — the page stays usable and nothing loads until the player accepts.
 */
export function ConsentBanner({ onChoice }: { onChoice: (choice: ConsentChoice) => void }) {
  const { t } = useTranslation();
  return (
    <section className="consent-banner" aria-labelledby="consent-banner-title">
      <h2 id="consent-banner-title" className="consent-banner__title">
        {t("track_consent_title")}
      </h2>
      <p className="consent-banner__text">{t("track_consent_text")}</p>
      <div className="consent-banner__actions">
        <button type="button" className="button button--secondary" onClick={() => onChoice("denied")}>
          {t("track_consent_decline")}
        </button>
        <button type="button" className="button button--primary" onClick={() => onChoice("granted")}>
          {t("track_consent_accept")}
        </button>
      </div>
    </section>
  );
}
