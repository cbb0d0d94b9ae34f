const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Unsafe requests must come from this site's own pages. Browsers send Origin (or Sec-Fetch-Site) on every
 * unsafe request; a request with neither comes from a non-browser client, where CSRF does not apply.
 */
export function isAllowedOrigin(request: Request, hostHeader: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const origin = request.headers.get("Origin");
  if (origin !== null) {
    const expected = `${new URL(request.url).protocol}//${hostHeader.toLowerCase()}`;
    return origin.toLowerCase() === expected;
  }
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null) return site === "same-origin" || site === "none";
  return true;
}
