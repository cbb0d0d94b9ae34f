// The domain speed test (docs/behaviour/shell.md#domain-speed-test; docs/decisions/0016-service-worker.md):
// when this address fails, up to ten of the merchant's other addresses are pinged at once and the first to answer is
// offered to the member. Pure parts shared by the edge (which picks the candidates) and the browser (which races them).

/** Up to ten random domains, ten seconds for the whole race. */
export const MAX_CANDIDATE_DOMAINS = 10;
export const DOMAIN_TIMEOUT_MS = 10_000;

const DOMAIN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;

/** A domainList entry as "host[:port]" in lower case, or null when it is anything else (a URL, a path, spaces). */
export function normaliseDomain(entry: string): string | null {
  const domain = entry.trim().toLowerCase().replace(/\.$/, "");
  return DOMAIN.test(domain) && domain.length <= 253 ? domain : null;
}

/**
 * Up to `max` valid, distinct domains in random order, without the one this page is on (`currentHost` is the Host
 * header, "host[:port]").
 */
export function pickDomains(
  domainList: readonly string[],
  currentHost: string,
  max = MAX_CANDIDATE_DOMAINS,
  random: () => number = Math.random,
): string[] {
  const current = normaliseDomain(currentHost);
  const unique = [...new Set(domainList.map(normaliseDomain).filter((d): d is string => d !== null && d !== current))];
  // Fisher–Yates.
  for (let i = unique.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [unique[i], unique[j]] = [unique[j] as string, unique[i] as string];
  }
  return unique.slice(0, max);
}

/** The ping address on another domain, on this page's scheme. */
export function pingUrl(domain: string, protocol: string, now: number): string {
  return `${protocol}//${domain}/wps/system/test/ping?speed=${now}`;
}

type Fetch = (url: string, init: RequestInit) => Promise<unknown>;

/**
 * Pings every domain at once; resolves the first that answers within `timeoutMs`, or null. The other domains' pings
 * are cancelled. Requests are "no-cors": any HTTP answer counts (the platform's other domains do not send CORS headers
 * for this origin), a network error or the time limit does not.
 */
export function raceDomains(
  domains: readonly string[],
  {
    fetch,
    protocol,
    now = Date.now(),
    timeoutMs = DOMAIN_TIMEOUT_MS,
  }: { fetch: Fetch; protocol: string; now?: number; timeoutMs?: number },
): Promise<string | null> {
  if (domains.length === 0) return Promise.resolve(null);
  const controller = new AbortController();
  return new Promise<string | null>((resolve) => {
    let pending = domains.length;
    const finish = (winner: string | null) => {
      clearTimeout(timer);
      controller.abort();
      resolve(winner);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    for (const domain of domains) {
      fetch(pingUrl(domain, protocol, now), { mode: "no-cors", cache: "no-store", credentials: "omit", signal: controller.signal }).then(
        () => finish(domain),
        () => {
          pending -= 1;
          if (pending === 0) finish(null);
        },
      );
    }
  });
}
