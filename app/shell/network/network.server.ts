import type { AppContext } from "../../lib/context.server";
import { getSiteConfig } from "../../.server/platform/site";
import { pickDomains } from "./domains";

// The merchant's other addresses for the domain speed test (docs/decisions/0016-service-worker.md). The site config
// is the same for every visitor of a merchant: the platform data cache keeps it, so pages do not wait for it
// (docs/behaviour/platform-data.md#shared-data).
async function domainList(context: AppContext): Promise<readonly string[]> {
  const config = await getSiteConfig(context.platform);
  return config.ok ? config.value.domainList : [];
}

export type NetworkShell = {
  /** Up to ten other "host[:port]" of this merchant, random order; the page's CSP allows connections to them. */
  domains: string[];
};

// The pick is random: the page and its CSP must see the same one, so it is made once per request.
const picks = new WeakMap<AppContext, Promise<NetworkShell>>();

/** This request's pick of the merchant's other addresses (the same on every call for one request). */
export function loadNetworkShell(context: AppContext, request: Request): Promise<NetworkShell> {
  let pick = picks.get(context);
  if (!pick) {
    pick = pickNetworkShell(context, request);
    picks.set(context, pick);
  }
  return pick;
}

async function pickNetworkShell(context: AppContext, request: Request): Promise<NetworkShell> {
  try {
    const host = request.headers.get("Host") ?? new URL(request.url).host;
    return { domains: pickDomains(await domainList(context), host) };
  } catch {
    return { domains: [] };
  }
}
