/** A browser's GET for a page under /m (not data, assets, the service worker or the platform proxy). */
export function isDocumentRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  const path = url.pathname;
  if (path !== "/" && path !== "/m" && !path.startsWith("/m/")) return false;
  // Single-fetch data requests end in .data; files have an extension (/m/index.html is a page).
  if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith(".html")) return false;
  const dest = request.headers.get("Sec-Fetch-Dest");
  if (dest !== null) return dest === "document";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}
