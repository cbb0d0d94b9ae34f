// /wps/sandbox-pages/*: HTML pages the platform's data links to (opened in a
// browser, so they take the merchant from the query, not the Merchant header).
import { html } from "../http";
import { findMerchant } from "../merchants";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const PAGES_PREFIX = "/wps/sandbox-pages/";

export function handlePage(request: Request, url: URL): Response {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return html("<!doctype html><title>Method not allowed</title><p>Method not allowed</p>", 405);
  }
  if (url.pathname !== `${PAGES_PREFIX}chat`) {
    return html("<!doctype html><title>Not found</title><p>No such sandbox page</p>", 404);
  }
  const merchant = findMerchant(url.searchParams.get("merchant"));
  if (merchant === undefined) {
    return html("<!doctype html><title>Unknown merchant</title><p>Unknown merchant</p>", 404);
  }
  const brand = escapeHtml(merchant.brand);
  return html(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Customer service (sandbox) - ${brand}</title>
</head>
<body>
<main>
<h1>Customer service (sandbox)</h1>
<p>${brand}: this page stands in for the merchant's live chat.</p>
</main>
</body>
</html>
`);
}
