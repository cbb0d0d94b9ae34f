import { htmlLang, textDirection, type LanguageCode } from "../../i18n/languages";
import type { TranslationKey } from "../../i18n/i18n-instance";
import { getServerT } from "../i18n/resources";
import { escapeHtml } from "../../lib/escape-html";
import { applyBaseSecurityHeaders, contentSecurityPolicy } from "../security/headers";

// Pages the Worker answers itself, before any merchant or Remix is involved: no scripts, one inline style.

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

export async function edgeErrorPage(
  kind: EdgeErrorKind,
  status: number,
  language: LanguageCode,
  values: Record<string, string> = {},
): Promise<Response> {
  const t = await getServerT(language);
  const title = escapeHtml(t(TEXTS[kind].title));
  const desc = escapeHtml(t(TEXTS[kind].desc, values));
  const html = `<!doctype html>
<html lang="${htmlLang(language)}" dir="${textDirection(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:#f4f6fb;color:#1c2433;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{max-width:420px;margin:24px;padding:32px 24px;background:#fff;border-radius:16px;box-shadow:0 6px 24px rgba(20,30,60,.08);text-align:center}
.code{font-size:56px;font-weight:800;color:#5f6b85;margin:0}
h1{font-size:22px;margin:8px 0 12px}
p{line-height:1.55;margin:0;color:#475269;overflow-wrap:anywhere}
</style>
</head>
<body><main><p class="code">${status}</p><h1>${title}</h1><p>${desc}</p></main></body>
</html>`;
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  applyBaseSecurityHeaders(headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(null));
  return new Response(html, { status, headers });
}
