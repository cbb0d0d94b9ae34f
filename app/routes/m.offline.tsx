import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { htmlLang, textDirection } from "~/i18n/languages";
import { getServerT } from "~/.server/i18n/resources";
import { escapeHtml } from "~/lib/escape-html";

// The offline page (docs/decisions/0016-service-worker.md). The service worker keeps one copy per language shown and
// answers with it when a page is neither reachable nor cached, at that page's address. So it is one self-contained
// document: no scripts (Remix would try to start the page it was asked for), styles inline, a Retry link to itself.

const COLOUR = /^#[0-9a-fA-F]{6}$/;

export async function loader({ context }: LoaderFunctionArgs) {
  const { merchant, language } = context;
  const t = await getServerT(language);
  const brand = escapeHtml(merchant.brand.name);
  const colour = COLOUR.test(merchant.brand.themeColor) ? merchant.brand.themeColor : "#1f6feb";
  const title = escapeHtml(t("offline_title"));
  const html = `<!doctype html>
<html lang="${htmlLang(language)}" dir="${textDirection(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${colour}">
<title>${title} · ${brand}</title>
<style>
:root{--brand:${colour}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic","Noto Nastaliq Urdu",sans-serif;background:#f3f5fa;color:#1c2433;display:flex;flex-direction:column}
header{background:var(--brand);color:#fff;padding:12px 16px;padding-block-start:max(12px,env(safe-area-inset-top));font-weight:700;font-size:17px}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:24px 16px}
section{inline-size:100%;max-inline-size:420px;background:#fff;border-radius:14px;box-shadow:0 6px 24px rgba(20,30,60,.09);padding:32px 24px;text-align:center}
svg{inline-size:64px;block-size:64px;color:var(--brand)}
h1{font-size:22px;margin:12px 0 8px}
p{line-height:1.55;margin:0 0 24px;color:#5a6478;overflow-wrap:anywhere}
a{display:block;padding:12px 16px;border-radius:10px;background:var(--brand);color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #1c2433;outline-offset:2px}
</style>
</head>
<body>
<header>${brand}</header>
<main><section>
<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 10.7 5.1M5 12.9a10 10 0 0 1 5.2-2.7M19 12.9a10 10 0 0 0-2-1.4M8.5 16.4a5 5 0 0 1 7 0"/><path d="M12 20h.01"/><path d="M2 2l20 20"/></svg>
<h1>${title}</h1>
<p>${escapeHtml(t("offline_desc"))}</p>
<a href="">${escapeHtml(t("retry_once"))}</a>
</section></main>
</body>
</html>`;
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // Fetched by the service worker; not a page for search engines or shared caches.
      "Cache-Control": "no-cache, private",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'",
    },
  });
}
