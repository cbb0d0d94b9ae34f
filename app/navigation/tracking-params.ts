/** Carried over by the home-path redirect and by auto-login's redirect (docs/behaviour/shell.md#tracking-parameters). */
export const TRACKING_PARAMS = ["affiliateCode", "referralCode", "r", "fbclid", "gclid", "ttclid"] as const;

/** `path` with the tracking parameters of `from` appended (values already in `path` win). */
export function withTrackingParams(path: string, from: URLSearchParams): string {
  const target = new URL(path, "http://x");
  for (const name of TRACKING_PARAMS) {
    const value = from.get(name);
    if (value !== null && !target.searchParams.has(name)) target.searchParams.set(name, value.slice(0, 256));
  }
  return target.pathname + target.search;
}
