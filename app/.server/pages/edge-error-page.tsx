import type { ServerBuild } from "@remix-run/cloudflare";
import { renderToString } from "react-dom/server";
import { htmlLang, textDirection, type LanguageCode } from "../../i18n/languages";
import type { TranslationKey } from "../../i18n/i18n-instance";
import { TranslationProvider } from "../../i18n/translate";
import { createTranslate, type TranslateValues } from "../../i18n/translator";
import { ErrorCard } from "../../shell/ErrorPage";
import { translationsFor } from "../i18n/resources";
import { applyBaseSecurityHeaders, contentSecurityPolicy } from "../security/headers";

// Pages the Worker answers itself, before Remix and often before any merchant is known
// (docs/behaviour/errors.md#error-pages):
// the app's own error card and stylesheets, rendered to a string here, with no scripts.

export type EdgeErrorKind =
  "domain-not-configured" | "bad-request" | "forbidden" | "server-error" | "method-not-allowed" | "unsupported-media-type";

const TEXTS: Record<EdgeErrorKind, { title: TranslationKey; desc: TranslationKey }> = {
  "domain-not-configured": { title: "domain_not_configured_title", desc: "domain_not_configured_desc" },
  "bad-request": { title: "bad_request_title", desc: "bad_request_desc" },
  forbidden: { title: "forbidden_title", desc: "forbidden_desc" },
  "server-error": { title: "server_error_title", desc: "server_error_desc" },
  "method-not-allowed": { title: "method_not_allowed_title", desc: "method_not_allowed_desc" },
  "unsupported-media-type": { title: "unsupported_media_type_title", desc: "unsupported_media_type_desc" },
};

/**
 * The stylesheets every app page links, as the server build's root route declares them (their built, hashed URLs), so
 * the edge's pages look like the app's without a copy of its styles.
 */
export function appStylesheets(build: Pick<ServerBuild, "routes">): string[] {
  const links = build.routes["root"]?.module.links?.() ?? [];
  return links.flatMap((link) => ("rel" in link && link.rel === "stylesheet" && typeof link.href === "string" ? [link.href] : []));
}

function EdgeErrorDocument({
  kind,
  status,
  language,
  values,
  stylesheets,
}: {
  kind: EdgeErrorKind;
  status: number;
  language: LanguageCode;
  values: TranslateValues;
  stylesheets: readonly string[];
}) {
  const translations = translationsFor(language);
  const { title, desc } = TEXTS[kind];
  return (
    <html lang={htmlLang(language)} dir={textDirection(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="robots" content="noindex" />
        <title>{createTranslate(translations)(title, values)}</title>
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <TranslationProvider language={language} translations={translations}>
          <main id="main" className="page">
            <ErrorCard status={status} title={title} desc={desc} values={values} />
          </main>
        </TranslationProvider>
      </body>
    </html>
  );
}

export function edgeErrorPage(
  kind: EdgeErrorKind,
  status: number,
  language: LanguageCode,
  { stylesheets, values = {} }: { stylesheets: readonly string[]; values?: TranslateValues },
): Response {
  const html = renderToString(
    <EdgeErrorDocument kind={kind} status={status} language={language} values={values} stylesheets={stylesheets} />,
  );
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  applyBaseSecurityHeaders(headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(null));
  return new Response(`<!DOCTYPE html>${html}`, { status, headers });
}
