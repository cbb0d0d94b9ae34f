import { renderToString } from "react-dom/server";
import { htmlLang, textDirection, type LanguageCode } from "../../i18n/languages";
import { createTranslate } from "../../i18n/translator";
import { translationsFor } from "../i18n/resources";

// The offline page (docs/decisions/0016-service-worker.md). The service worker keeps one copy per language shown and
// answers with it when a page is neither reachable nor cached, at that page's address. So it is one self-contained
// document: no scripts (Remix would try to start the page it was asked for), styles inline, a Retry link to itself.
// Rendered with React like the edge's error pages (edge-error-page.tsx), so every text is escaped by construction.

const COLOUR = /^#[0-9a-fA-F]{6}$/;

const STYLES = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic","Noto Nastaliq Urdu",sans-serif;background:#f3f5fa;color:#1c2433;display:flex;flex-direction:column}
header{background:var(--brand);color:#fff;padding:12px 16px;padding-block-start:max(12px,env(safe-area-inset-top));font-weight:700;font-size:17px}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:24px 16px}
section{inline-size:100%;max-inline-size:420px;background:#fff;border-radius:14px;box-shadow:0 6px 24px rgba(20,30,60,.09);padding:32px 24px;text-align:center}
svg{inline-size:64px;block-size:64px;color:var(--brand)}
h1{font-size:22px;margin:12px 0 8px}
p{line-height:1.55;margin:0 0 24px;color:#5a6478;overflow-wrap:anywhere}
a{display:block;padding:12px 16px;border-radius:10px;background:var(--brand);color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #1c2433;outline-offset:2px}`;

function OfflineIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 10.7 5.1M5 12.9a10 10 0 0 1 5.2-2.7M19 12.9a10 10 0 0 0-2-1.4M8.5 16.4a5 5 0 0 1 7 0" />
      <path d="M12 20h.01" />
      <path d="M2 2l20 20" />
    </svg>
  );
}

function OfflineDocument({ brand, themeColor, language }: { brand: string; themeColor: string; language: LanguageCode }) {
  const t = createTranslate(translationsFor(language));
  // Only a plain #rrggbb colour goes into the style sheet.
  const colour = COLOUR.test(themeColor) ? themeColor : "#1f6feb";
  const title = t("offline_title");
  return (
    <html lang={htmlLang(language)} dir={textDirection(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover" />
        <meta name="robots" content="noindex" />
        <meta name="theme-color" content={colour} />
        <title>{`${title} · ${brand}`}</title>
        <style dangerouslySetInnerHTML={{ __html: `:root{--brand:${colour}}\n${STYLES}` }} />
      </head>
      <body>
        <header>{brand}</header>
        <main>
          <section>
            <OfflineIcon />
            <h1>{title}</h1>
            <p>{t("offline_desc")}</p>
            <a href="">{t("retry_once")}</a>
          </section>
        </main>
      </body>
    </html>
  );
}

export function offlinePage(brand: { name: string; themeColor: string }, language: LanguageCode): Response {
  const html = renderToString(<OfflineDocument brand={brand.name} themeColor={brand.themeColor} language={language} />);
  return new Response(`<!doctype html>${html}`, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // Fetched by the service worker; not a page for search engines or shared caches.
      "Cache-Control": "no-cache, private",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'",
    },
  });
}
