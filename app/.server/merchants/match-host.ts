// Which route a host belongs to: the one resolver the Worker (resolve-merchant.ts) and the operators' tool
// (`npm run merchants -- which`, scripts/merchants/) both call. Pure: no KV, no logging, no runtime globals.
// The rules: docs/behaviour/shell.md#merchant-by-host.

/** "*.example.com" covers every name under example.com (not example.com itself). */
export function isWildcard(pattern: string): boolean {
  return pattern.startsWith("*.");
}

export function hostMatches(pattern: string, host: string): boolean {
  if (isWildcard(pattern)) {
    const suffix = pattern.slice(1); // ".example.com"
    return host.endsWith(suffix) && host.length > suffix.length;
  }
  return pattern === host;
}

/** The route a host resolved to, the pattern that matched and whether it was an exact host or a wildcard. */
export type HostMatch<R> = { route: R; index: number; pattern: string; kind: "exact" | "wildcard" };

/**
 * Exact patterns win over wildcards, so a merchant's own domain is never captured by another's wildcard; among
 * wildcards the longest wins, and among equals the earlier route.
 */
export function matchHost<R extends { hosts: readonly string[] }>(routes: readonly R[], host: string): HostMatch<R> | null {
  for (const [index, route] of routes.entries()) {
    const pattern = route.hosts.find((p) => !isWildcard(p) && hostMatches(p, host));
    if (pattern !== undefined) return { route, index, pattern, kind: "exact" };
  }
  let best: HostMatch<R> | null = null;
  for (const [index, route] of routes.entries()) {
    for (const pattern of route.hosts) {
      if (isWildcard(pattern) && hostMatches(pattern, host) && (!best || pattern.length > best.pattern.length)) {
        best = { route, index, pattern, kind: "wildcard" };
      }
    }
  }
  return best;
}

const HOST_HEADER = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*)(:(\d{1,5}))?$/;

/** The host name without port, lower-cased; null when the Host header is not a valid host name. */
export function parseHostHeader(value: string | null): string | null {
  if (!value || value.length > 253) return null;
  const match = HOST_HEADER.exec(value.trim().toLowerCase());
  return match?.[1] ?? null;
}
