import { useTranslation } from "~/i18n/translate";
import { useRootData } from "~/shell/root-data";
import { Dialog } from "~/ui/Dialog";
import { DomainSuggestion } from "~/shell/network/DomainSuggestion";
import { retryHref } from "./retry";

/**
 * errorCode domain_not_available: a notice with customer-service and retry buttons
 * (docs/behaviour/shell.md#site-status).
 */
export function DomainUnavailableDialog({ customerServiceUrl }: { customerServiceUrl: string | null }) {
  const { t } = useTranslation();
  const data = useRootData();
  return (
    <Dialog titleId="domain-title" role="alertdialog">
      <h2 id="domain-title" className="dialog__title">
        {t("notice")}
      </h2>
      <p className="dialog__body">{t("domain_not_available")}</p>
      <DomainSuggestion />
      <div className="dialog__actions">
        {customerServiceUrl ? (
          <a className="button button--secondary" href={customerServiceUrl} target="_blank" rel="noopener noreferrer">
            {t("in_customer_services")}
          </a>
        ) : null}
        <a className="button button--primary" href={retryHref(data?.path ?? "")} autoFocus>
          {t("retry_once")}
        </a>
      </div>
    </Dialog>
  );
}
