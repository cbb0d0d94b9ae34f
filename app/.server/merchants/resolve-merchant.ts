import { merchantRouteSchema, type Merchant, type MerchantRoute } from "./merchant-config";
import { DEFAULT_MERCHANT_ROUTES } from "./default-merchants";
import { matchHost } from "./match-host";
import { describeError, logEvent } from "../logging/request-log.server";

export { parseHostHeader } from "./match-host";

/** The KV key that holds the operators' routes: a JSON array of merchant routes. */
export const MERCHANT_ROUTES_KEY = "routes";
const CACHE_MS = 60_000;

type Cached = { at: number; routes: MerchantRoute[] };
let cached: Cached | null = null;

function merchantCodeOf(entry: unknown): string | null {
  const code = entry && typeof entry === "object" ? (entry as { merchantCode?: unknown }).merchantCode : undefined;
  return typeof code === "string" ? code.slice(0, 40) : null;
}

/** Validates each entry on its own, so one bad entry is logged and skipped without hiding the others. */
export function parseMerchantRoutes(raw: unknown, source: string): MerchantRoute[] {
  if (!Array.isArray(raw)) {
    logEvent("warn", "merchant-routes-unusable", { source, problem: "expected an array of routes; none used" });
    return [];
  }
  const routes: MerchantRoute[] = [];
  raw.forEach((entry, index) => {
    const parsed = merchantRouteSchema.safeParse(entry);
    if (parsed.success) routes.push(parsed.data);
    else
      // A warning naming the merchant (when the entry names one): its hosts now get the "domain not configured" page.
      logEvent("warn", "merchant-route-skipped", {
        source,
        entry: index,
        merchant: merchantCodeOf(entry),
        problems: parsed.error.issues.slice(0, 10).map((i) => `${i.path.join(".")}: ${i.message}`),
      });
  });
  return routes;
}

async function readKvRoutes(kv: KVNamespace | undefined): Promise<MerchantRoute[]> {
  if (!kv) return [];
  try {
    const text = await kv.get(MERCHANT_ROUTES_KEY);
    if (!text) return [];
    return parseMerchantRoutes(JSON.parse(text), "KV routes");
  } catch (error) {
    logEvent("warn", "merchant-routes-unusable", { source: "KV routes", problem: describeError(error) });
    return [];
  }
}

/**
 * KV routes first, so operators can override a default without a redeploy. The demo merchants come after them, and
 * only in development: production serves exactly what KV holds (docs/decisions/0009-merchant-routes.md).
 */
export async function loadMerchantRoutes(
  kv: KVNamespace | undefined,
  now = Date.now(),
  options: { demo?: boolean } = { demo: true },
): Promise<MerchantRoute[]> {
  if (cached && now - cached.at < CACHE_MS) return cached.routes;
  const demo = options.demo ? parseMerchantRoutes(DEFAULT_MERCHANT_ROUTES, "default routes") : [];
  const routes = [...(await readKvRoutes(kv)), ...demo];
  cached = { at: now, routes };
  return routes;
}

/** Changes whenever the routes are read again: what is kept per merchant keys on it (visitor pages). */
export function merchantRoutesVersion(): number {
  return cached?.at ?? 0;
}

export function forgetCachedMerchantRoutes(): void {
  cached = null;
}

/** Exact patterns win over wildcards, so a merchant's own domain is never captured by another's wildcard (match-host.ts). */
export function findMerchant(routes: readonly MerchantRoute[], host: string): Merchant | null {
  const match = matchHost(routes, host);
  return match ? { ...match.route, host } : null;
}
