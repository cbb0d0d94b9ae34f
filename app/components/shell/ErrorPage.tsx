import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";

export function ErrorPage({ kind }: { kind: "not-found" | "server-error" }) {
  const { t } = useTranslation();
  const notFound = kind === "not-found";
  return (
    <section className="card card--centered" aria-labelledby="error-title">
      <p className="status-code" aria-hidden="true">
        {notFound ? 404 : 500}
      </p>
      <h1 id="error-title">{t(notFound ? "not_found_title" : "server_error_title")}</h1>
      <p className="muted">{t(notFound ? "not_found_desc" : "server_error_desc")}</p>
      <Link className="button button--primary" to="/m/home">
        {t("back_home")}
      </Link>
    </section>
  );
}
