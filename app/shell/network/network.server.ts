import type { AppContext } from "../../lib/context";
import { getSiteConfig } from "../../.server/platform/site";
import { pickDomains } from "./domains";

// The merchant's other addresses for the domain speed test (docs/decisions/0016-service-worker.md). The site config
// is the same for every visitor of a merchant: kept per isolate for five minutes, so pages do not wait for it.
const CONFIG_CACHE_MS = 5 * 60_000;
const domainLists = new Map<string, { at: number; domains: readonly string[] }>();

async function domainList(context: AppContext): Promise<readonly string[]> {
  const key = context.merchant.merchantCode;
  const cached = domainLists.get(key);
  if (cached && Date.now() - cached.at < CONFIG_CACHE_MS) return cached.domains;
  const config = await getSiteConfig(context.platform);
  // A failed call is not cached: the next page asks again.
  if (!config.ok) return cached?.domains ?? [];
  domainLists.set(key, { at: Date.now(), domains: config.value.domainList });
  return config.value.domainList;
}

export type NetworkShell = {
  /** Up to ten other "host[:port]" of this merchant, random order; the page's CSP allows connections to them. */
  domains: string[];
};

export async function loadNetworkShell(context: AppContext, request: Request): Promise<NetworkShell> {
  try {
    const host = request.headers.get("Host") ?? new URL(request.url).host;
    return { domains: pickDomains(await domainList(context), host) };
  } catch {
    return { domains: [] };
  }
}
