/** Headers every response gets, whoever produced it. */
export function applyBaseSecurityHeaders(headers: Headers): void {
  headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "SAMEORIGIN");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
}

/** Outside origins a merchant's pages may load from (from the merchant's configuration). */
export type ContentSources = {
  scripts?: readonly string[];
  images?: readonly string[];
  frames?: readonly string[];
  /** https origins scripts may send requests to (the merchant's pixels' beacons). */
  connect?: readonly string[];
};

const ORIGIN = /^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/;
/** The one plain-http origin a page may talk to: a development service on this machine (the Firebase Auth emulator). */
const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}$/;
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/;

/** Where browsers send violation reports (app/.server/security/csp-report.ts). */
export const CSP_REPORT_URI = "/m/csp-report";

/**
 * The page's CSP: scripts only from this origin, this response's nonce (Remix's inline scripts get it) and the
 * merchant's captcha script origins; images and frames only from this origin and the merchant's own lists. Styles
 * allow inline attributes for per-merchant theme colours (docs/decisions/0005). `connectHosts`: the merchant's other
 * "host[:port]" the domain speed test may ping (docs/decisions/0016). Anything not of the expected shape is dropped.
 */
export function contentSecurityPolicy(nonce: string | null, connectHosts: readonly string[] = [], sources: ContentSources = {}): string {
  const origins = (list: readonly string[] | undefined) => (list ?? []).filter((origin) => ORIGIN.test(origin));
  const originsOrLoopback = (list: readonly string[] | undefined) =>
    (list ?? []).filter((origin) => ORIGIN.test(origin) || LOOPBACK_ORIGIN.test(origin));
  const scripts = nonce ? ["'self'", `'nonce-${nonce}'`, ...origins(sources.scripts)].join(" ") : "'none'";
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...origins(sources.images)].join(" "),
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectHosts.filter((host) => HOST.test(host)), ...originsOrLoopback(sources.connect)].join(" "),
    "worker-src 'self'",
    "manifest-src 'self'",
    ["frame-src 'self'", ...originsOrLoopback(sources.frames)].join(" "),
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    `report-uri ${CSP_REPORT_URI}`,
  ].join("; ");
}

export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** A new Response whose headers can be changed (responses from fetch or assets may be immutable). */
export function withHeaders(response: Response, edit: (headers: Headers) => void): Response {
  const copy = new Response(response.body, response);
  edit(copy.headers);
  return copy;
}
