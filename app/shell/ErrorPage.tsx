import { Link } from "@remix-run/react";
import type { TranslationKey } from "~/i18n/i18n-instance";
import { useTranslation } from "~/i18n/translate";

export type ErrorKind = "not-found" | "method-not-allowed" | "server-error";

const PAGES: Record<ErrorKind, { status: number; title: TranslationKey; desc: TranslationKey }> = {
  "not-found": { status: 404, title: "not_found_title", desc: "not_found_desc" },
  "method-not-allowed": { status: 405, title: "method_not_allowed_title", desc: "method_not_allowed_desc" },
  "server-error": { status: 500, title: "server_error_title", desc: "server_error_desc" },
};

export function ErrorPage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  const page = PAGES[kind];
  return (
    <section className="card card--centered" aria-labelledby="error-title">
      <p className="status-code" aria-hidden="true">
        {page.status}
      </p>
      <h1 id="error-title">{t(page.title)}</h1>
      <p className="muted">{t(page.desc)}</p>
      <Link className="button button--primary" to="/m/home">
        {t("back_home")}
      </Link>
    </section>
  );
}
