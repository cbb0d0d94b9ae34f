/**
 * The parameters every internal link and redirect the product makes carries over from the page it starts on
 * (docs/behaviour/shell.md#tracking-parameters).
 */
export const TRACKING_PARAMS = ["affiliateCode", "referralCode", "r", "fbclid", "gclid", "ttclid"] as const;

/** `path` with the tracking parameters of `from` appended (values already in `path` win). */
export function withTrackingParams(path: string, from: URLSearchParams): string {
  const target = new URL(path, "http://x");
  for (const name of TRACKING_PARAMS) {
    const value = from.get(name);
    if (value !== null && !target.searchParams.has(name)) target.searchParams.set(name, value.slice(0, 256));
  }
  return target.pathname + target.search + target.hash;
}

/**
 * The tracking parameters of `from` as a query string without "?" (empty when there are none): what the root gives the
 * page's links (useTrackedPath in app/shell/root-data.ts), so the browser needs no parsing of its own.
 */
export function trackingQuery(from: URLSearchParams): string {
  return withTrackingParams("/", from).slice(2);
}

/**
 * A redirect the product makes: an internal path gets the tracking parameters of `from` (the request's own address,
 * or the page a form was posted from); an outside address stays as it is.
 */
export function trackedLocation(location: string, from: URLSearchParams): string {
  return location.startsWith("/") && !location.startsWith("//") ? withTrackingParams(location, from) : location;
}

/** The query of the same-origin page a form was posted from (its Referer), or an empty one. */
export function refererQuery(request: Request): URLSearchParams {
  const referer = request.headers.get("Referer");
  try {
    const url = referer ? new URL(referer) : null;
    return url && url.host === new URL(request.url).host ? url.searchParams : new URLSearchParams();
  } catch {
    return new URLSearchParams();
  }
}
