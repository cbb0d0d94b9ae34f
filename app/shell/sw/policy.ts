// What the service worker does with each request and how its caches are named (docs/decisions/0016-service-worker.md).
// Pure functions: shared by the worker (app/shell/sw/entry.worker.ts) and the unit tests.

/** Every cache this product owns starts with this; others are left alone. */
export const CACHE_PREFIX = "mc-";

export type RequestKind =
  /** Left to the browser: the worker does not answer it at all. */
  | "bypass"
  /** Hashed build files under /assets/: cache first (a hash never changes content). */
  | "asset"
  /** Page loads: network first, the cached copy or the offline page only when the network fails. */
  | "document";

/** Never cached, never answered from a cache: the platform proxy, the sandbox controls, the worker and the update check. */
const NEVER_CACHED = [/^\/wps\//, /^\/__sandbox\//, /^\/m\/sw\.js$/, /^\/m\/asset-manifest\.json$/, /^\/mobile\/mc\/asset-manifest\.json$/];

export type RequestFacts = { url: string; method: string; mode: string; destination?: string };

export function requestKind(request: RequestFacts, workerOrigin: string): RequestKind {
  if (request.method !== "GET") return "bypass";
  const url = new URL(request.url);
  if (url.origin !== workerOrigin) return "bypass";
  if (NEVER_CACHED.some((pattern) => pattern.test(url.pathname))) return "bypass";
  if (url.pathname.startsWith("/assets/")) return "asset";
  if (request.mode === "navigate" || request.destination === "document") return "document";
  // Loader data (*.data), the route manifest, icons: straight to the network, as without a worker.
  return "bypass";
}

/** FNV-1a, 32 bits, as 8 hex digits: a short, stable version of a build from its hashed file names. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** The cache version of a build: changes when any hashed file of the build changes. */
export function buildVersion(assetList: readonly string[]): string {
  return shortHash(
    assetList
      .filter((file) => file.startsWith("/assets/"))
      .sort()
      .join("\n"),
  );
}

export type CacheNames = { assets: string; pages: string; offline: string };

export function cacheNames(version: string): CacheNames {
  return {
    assets: `${CACHE_PREFIX}assets-${version}`,
    pages: `${CACHE_PREFIX}pages-${version}`,
    offline: `${CACHE_PREFIX}offline-${version}`,
  };
}

/** Our caches from other builds: deleted when this build's worker activates (an old page never meets new files). */
export function staleCaches(existing: readonly string[], version: string): string[] {
  const current = new Set(Object.values(cacheNames(version)));
  return existing.filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name));
}

/** Only complete, same-origin HTML pages are kept as offline copies (no redirects, errors or partial answers). */
/** Cache-Control no-store: the response must not be kept anywhere, the service worker's caches included. */
export function isNoStore(headers: { get(name: string): string | null }): boolean {
  return /(^|,)\s*no-store\s*(,|$)/i.test(headers.get("Cache-Control") ?? "");
}

export function isCacheablePage(response: { status: number; type: string; headers: { get(name: string): string | null } }): boolean {
  return (
    response.status === 200 &&
    !isNoStore(response.headers) &&
    (response.type === "basic" || response.type === "default") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

/** The most pages kept for offline use; the oldest go first. */
export const MAX_CACHED_PAGES = 25;

/** The cache key of the offline page the worker shows when a page is neither reachable nor cached. */
export const OFFLINE_FALLBACK_KEY = "/m/offline?fallback=1";

/** The offline page in one language: rendered by app/routes/m.offline.tsx. */
export function offlinePageUrl(language: string | null): string {
  return language ? `/m/offline?language=${encodeURIComponent(language)}` : "/m/offline";
}

/** Messages from the page to the worker. */
export type WorkerMessage =
  | { type: "SKIP_WAITING" }
  /**
   * After each page load and member change: keep this page's files and its offline page; `who` is the member shown
   * (empty for a visitor): when it changes, the cached pages of the previous one are dropped.
   */
  | { type: "WARM"; urls: string[]; offlineUrl: string; who: string };

export function parseWorkerMessage(data: unknown): WorkerMessage | null {
  if (!data || typeof data !== "object") return null;
  const message = data as Record<string, unknown>;
  if (message.type === "SKIP_WAITING") return { type: "SKIP_WAITING" };
  if (message.type === "WARM") {
    const urls = Array.isArray(message.urls) ? message.urls.filter((u): u is string => typeof u === "string").slice(0, 100) : [];
    const offlineUrl = typeof message.offlineUrl === "string" && message.offlineUrl.startsWith("/m/offline") ? message.offlineUrl : null;
    const who = typeof message.who === "string" ? message.who.slice(0, 64) : "";
    return offlineUrl ? { type: "WARM", urls, offlineUrl, who } : null;
  }
  return null;
}
