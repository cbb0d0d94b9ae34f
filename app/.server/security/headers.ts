/** Headers every response gets, whoever produced it. */
export function applyBaseSecurityHeaders(headers: Headers): void {
  headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "SAMEORIGIN");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
}

/**
 * The page's CSP: scripts only from this origin or carrying this response's nonce (Remix's inline scripts get it).
 * Styles allow inline attributes for per-merchant theme colours (docs/decisions/0005). `connectHosts`: the merchant's
 * other "host[:port]" the domain speed test may ping (docs/decisions/0016); anything else in the list is dropped.
 */
export function contentSecurityPolicy(nonce: string | null, connectHosts: readonly string[] = []): string {
  const scripts = nonce ? `'self' 'nonce-${nonce}'` : "'none'";
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectHosts.filter((host) => /^[a-z0-9.-]+(:\d{1,5})?$/.test(host))].join(" "),
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'self' https:",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
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
