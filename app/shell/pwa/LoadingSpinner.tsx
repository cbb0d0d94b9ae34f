import { useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";

/**
 * The full-screen branded spinner for page changes. It is in the page only while a navigation loads; CSS alone
 * shows it after 300 ms (quick changes never flash it) and hides it after 10 s (docs/behaviour/shell.md#loading-spinner),
 * see app/styles/pwa.css.
 */
export function LoadingSpinner({ brandName }: { brandName: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div className="mc-spinner" role="status">
      <div className="mc-spinner__box">
        <span className="mc-spinner__ring" aria-hidden="true" />
        <span className="mc-spinner__name" aria-hidden="true">
          {brandName}
        </span>
        <span className="visually-hidden">{t("in_please_wait")}</span>
      </div>
    </div>
  );
}
