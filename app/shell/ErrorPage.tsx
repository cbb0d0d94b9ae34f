import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { TranslationKey } from "~/i18n/i18n-instance";
import { useTranslation, type TranslateValues } from "~/i18n/translate";

export type ErrorKind = "not-found" | "method-not-allowed" | "server-error";

const PAGES: Record<ErrorKind, { status: number; title: TranslationKey; desc: TranslationKey }> = {
  "not-found": { status: 404, title: "not_found_title", desc: "not_found_desc" },
  "method-not-allowed": { status: 405, title: "method_not_allowed_title", desc: "method_not_allowed_desc" },
  "server-error": { status: 500, title: "server_error_title", desc: "server_error_desc" },
};

/**
 * The card every error page shows: the app's own error pages below, and the pages the Worker answers before Remix
 * (app/.server/pages/edge-error-page.tsx), which render it outside the router, so it needs nothing of Remix.
 */
export function ErrorCard({
  status,
  title,
  desc,
  values,
  children,
}: {
  status: number;
  title: TranslationKey;
  desc: TranslationKey;
  values?: TranslateValues;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="card card--centered" aria-labelledby="error-title">
      <p className="status-code" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title">{t(title, values)}</h1>
      <p className="muted">{t(desc, values)}</p>
      {children}
    </section>
  );
}

export function ErrorPage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  const page = PAGES[kind];
  return (
    <ErrorCard status={page.status} title={page.title} desc={page.desc}>
      <Link className="button button--primary" to="/m/home">
        {t("back_home")}
      </Link>
    </ErrorCard>
  );
}
