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

/**
 * Stricter, for posts only a page of ours makes (the tracking endpoint, docs/behaviour/tracking.md#reported-events):
 * the browser must say the post is same-origin. A request with neither Origin nor Sec-Fetch-Site is refused, since
 * no page of ours sends one (isAllowedOrigin lets such non-browser clients through for the other posts).
 */
export function isSameOriginPost(request: Request, hostHeader: string): boolean {
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin.toLowerCase() === `${new URL(request.url).protocol}//${hostHeader.toLowerCase()}`;
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}
