// /wps/sandbox-pages/*: HTML pages the platform's data links to (opened in a
// browser, so they take the merchant from the query, not the Merchant header),
// and the dead captcha script server. (The live widget scripts under
// /wps/sandbox-pages/geetest/ are routes/captcha-widget.ts.)
import { html } from "../http";
import { findMerchant } from "../merchants";
import { escapeHtml } from "../../../app/lib/escape-html";

export const PAGES_PREFIX = "/wps/sandbox-pages/";

/** The user-name parameters a customer-service link may carry; the chat page lists what it received. */
const CS_NAME_PARAMS = ["name", "category", "visitorname", "CUSTOM!username"];

/** A dead captcha script server, for tests: any file under it hangs 20 s, then 504. */
export const DEAD_SCRIPT_SERVER_PREFIX = "/wps/sandbox-pages/geetest-dead/";
export const DEAD_SCRIPT_SERVER_DELAY_MS = 20_000;

export async function handleDeadScriptServer(): Promise<Response> {
  await new Promise((resolve) => setTimeout(resolve, DEAD_SCRIPT_SERVER_DELAY_MS));
  return new Response("Gateway Timeout", {
    status: 504,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

export async function handlePage(request: Request, url: URL): Promise<Response> {
  if (url.pathname.startsWith(DEAD_SCRIPT_SERVER_PREFIX)) return handleDeadScriptServer();
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
  // What the app sent: the entry's csType and the user-name parameters (docs/behaviour/support.md#cs-name-params).
  const type = escapeHtml(url.searchParams.get("type") ?? "none");
  const received = CS_NAME_PARAMS.map((name) => {
    const value = url.searchParams.get(name);
    return `<dt>${escapeHtml(name)}</dt><dd data-param="${escapeHtml(name)}">${value === null ? "(none)" : escapeHtml(value)}</dd>`;
  }).join("");
  // A chat launch (type CBS) names the member and the page to go back to.
  const member = url.searchParams.get("member");
  const backUrl = url.searchParams.get("backUrl");
  const chat =
    (member === null ? "" : `<p>Member: <strong data-member>${escapeHtml(member)}</strong></p>`) +
    (backUrl !== null && /^https?:\/\//i.test(backUrl) ? `<p><a href="${escapeHtml(backUrl)}">Back</a></p>` : "");
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
<p>Type: <strong data-cs-type>${type}</strong></p>
<dl>${received}</dl>
${chat}
</main>
</body>
</html>
`);
}
