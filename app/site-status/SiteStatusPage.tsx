import { useTranslation } from "~/i18n/translate";
import type { SiteState } from "~/site-status/site-state.server";
import { htmlLang } from "~/i18n/languages";
import { useRootData } from "~/shell/root-data";
import { LanguageSwitcher } from "~/shell/LanguageSwitcher";
import { StatusIcon } from "./StatusIcon";
import { LocalTime } from "./LocalTime";
import { retryHref } from "./retry";

type Props = { state: Extract<SiteState, { kind: "maintenance" | "access-denied" }> };

/**
 * Replaces every page while the merchant is in maintenance or the visitor's region is restricted
 * (docs/behaviour/shell.md#site-status).
 */
export function SiteStatusPage({ state }: Props) {
  const { t } = useTranslation();
  const data = useRootData();
  const language = data?.language ?? "EN";
  const maintenance = state.kind === "maintenance";
  return (
    <main id="main" className="status-page">
      <div className="status-page__top">
        <span className="status-page__brand">{data?.brand.name}</span>
        <LanguageSwitcher current={language} flagCountry={data?.languageCountry} />
      </div>
      <section className="card card--centered status-page__card" aria-labelledby="status-title">
        <div className={`status-page__icon status-page__icon--${maintenance ? "maintenance" : "denied"}`} aria-hidden="true">
          <StatusIcon maintenance={maintenance} />
        </div>
        <h1 id="status-title">{t(maintenance ? "maintenance" : "error_access")}</h1>
        {state.kind === "maintenance" && state.endsAt ? (
          <p className="status-page__end">
            {t("end_time")}: <LocalTime epochMs={state.endsAt} locale={htmlLang(language)} />
          </p>
        ) : null}
        {state.kind === "access-denied" ? (
          <p className="status-page__ip">
            {t("your_ip")}: <strong dir="ltr">{state.ip ?? "—"}</strong>
          </p>
        ) : null}
        <p className="status-page__desc">
          {state.kind === "maintenance" && state.description ? state.description : t(maintenance ? "maintenance_desc" : "error_ip_desc")}
        </p>
        {state.englishDescription ? (
          <p className="status-page__desc status-page__desc--english" lang="en" dir="ltr">
            {state.englishDescription}
          </p>
        ) : null}
        <div className="status-page__actions">
          {maintenance ? (
            <a className="button button--primary" href={retryHref(data?.path ?? "")}>
              {t("retry_once")}
            </a>
          ) : null}
          {state.customerServiceUrl ? (
            <a className="button button--secondary" href={state.customerServiceUrl} target="_blank" rel="noopener noreferrer">
              {t("contact_us")}
            </a>
          ) : null}
        </div>
      </section>
    </main>
  );
}
