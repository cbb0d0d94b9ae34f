import { useTranslation } from "~/i18n/translate";
import type { SupportData } from "./support-data.server";

/** The page's footer: the customer-service help entry (docs/behaviour/support.md#cs-positions). */
export function SiteFooter({ support }: { support: SupportData }) {
  const { t } = useTranslation();
  if (!support.customerServiceUrl) return null;
  return (
    <footer className="site-footer">
      <a className="site-footer__help" href={support.customerServiceUrl} target="_blank" rel="noopener noreferrer">
        <svg className="site-footer__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 3a8 8 0 0 0-8 8v5a3 3 0 0 0 3 3h1v-7H6v-1a6 6 0 0 1 12 0v1h-2v7h1.5a2.5 2.5 0 0 1-2.4 2H13v2h2.1a4.5 4.5 0 0 0 4.4-3.6A3 3 0 0 0 20 16v-5a8 8 0 0 0-8-8Z"
          />
        </svg>
        {t("in_customer_services")}
      </a>
    </footer>
  );
}
