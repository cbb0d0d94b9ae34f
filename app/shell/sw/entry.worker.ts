// The service worker, served at /m/sw.js with scope "/" (docs/decisions/0016-service-worker.md).
// @remix-pwa/dev bundles this module with @remix-pwa/worker-runtime, whose fetch listener answers with
// `defaultFetchHandler` below. Hashed build files: cache first. Pages: always from the network; the cached copy,
// then the offline page, only when the network fails. Everything else is not touched.
import { CacheFirst } from "@remix-pwa/sw";
import {
  buildVersion,
  cacheNames,
  isCacheablePage,
  MAX_CACHED_PAGES,
  OFFLINE_FALLBACK_KEY,
  offlinePageUrl,
  parseWorkerMessage,
  requestKind,
  staleCaches,
  type CacheNames,
} from "./policy";
import { clickTarget, notificationFromPayload, readPushData } from "../../push/payload";

// The parts of the service-worker scope used here (the app's TypeScript config has the DOM library, not WebWorker's).
type ExtendableEventLike = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEventLike = ExtendableEventLike & { request: Request; respondWith(response: Promise<Response> | Response): void };
type MessageEventLike = ExtendableEventLike & { data: unknown };
type PushEventLike = ExtendableEventLike & { data: { text(): string } | null };
type NotificationClickEventLike = ExtendableEventLike & { notification: Notification };
type WindowClientLike = { url: string; focus(): Promise<unknown> };
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEventLike) => void): void;
  addEventListener(type: "message", listener: (event: MessageEventLike) => void): void;
  addEventListener(type: "push", listener: (event: PushEventLike) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationClickEventLike) => void): void;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  /** Set by @remix-pwa/worker-runtime: every file of the client build. */
  __workerManifest?: { assets?: string[] };
};

const worker = self as unknown as WorkerScope;
const origin = worker.location.origin;
// The member the cached pages belong to: kept in a cache entry because the worker's memory does not survive it stopping.
const META_CACHE = "mc-meta";
const WHO_KEY = "/__mc/who";

let version: string | null = null;
/** This build's version. The runtime sets the asset list after this module runs, so it is read on first use. */
function currentVersion(): string {
  version ??= buildVersion(worker.__workerManifest?.assets ?? []);
  return version;
}

function currentCaches(): CacheNames {
  return cacheNames(currentVersion());
}

let assetStrategy: CacheFirst | null = null;
function assets(): CacheFirst {
  // Hashed names never change content: no expiry; 404s and other errors are not kept.
  assetStrategy ??= new CacheFirst(currentCaches().assets, {
    maxEntries: 400,
    maxAgeSeconds: 365 * 24 * 3600,
    cacheableResponse: { statuses: [200] },
  });
  return assetStrategy;
}

async function putPage(url: string, response: Response): Promise<void> {
  const cache = await caches.open(currentCaches().pages);
  await cache.delete(url);
  await cache.put(url, response);
  const keys = await cache.keys();
  // Keys come back in insertion order: drop the oldest beyond the limit.
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_CACHED_PAGES)).map((key) => cache.delete(key)));
}

async function offlinePage(): Promise<Response | undefined> {
  const cache = await caches.open(currentCaches().offline);
  return (await cache.match(OFFLINE_FALLBACK_KEY)) ?? (await cache.match(offlinePageUrl(null)));
}

async function page(event: FetchEventLike): Promise<Response> {
  const { request } = event;
  try {
    const response = await fetch(request);
    if (isCacheablePage(response)) event.waitUntil(putPage(request.url, response.clone()).catch(() => undefined));
    return response;
  } catch (error) {
    const pages = await caches.open(currentCaches().pages);
    const copy = (await pages.match(request.url)) ?? (await offlinePage());
    if (copy) return copy;
    throw error;
  }
}

/** Keeps one offline page: the one for the language last shown, also under its own address. */
async function keepOfflinePage(url: string): Promise<void> {
  const cache = await caches.open(currentCaches().offline);
  const response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
  if (!isCacheablePage(response)) return;
  await cache.put(url, response.clone());
  await cache.put(OFFLINE_FALLBACK_KEY, response);
}

/** Cached pages belong to one member (or the visitor): another one must not see them offline. */
async function switchMember(who: string): Promise<void> {
  const meta = await caches.open(META_CACHE);
  const previous = await meta.match(WHO_KEY);
  const before = previous ? await previous.text() : null;
  if (before === who) return;
  if (before !== null) await caches.delete(currentCaches().pages);
  await meta.put(WHO_KEY, new Response(who));
}

async function warm(urls: string[], offlineUrl: string, who: string): Promise<void> {
  await switchMember(who);
  const files = urls.filter((url) => requestKind({ url: new URL(url, origin).href, method: "GET", mode: "cors" }, origin) === "asset");
  await Promise.allSettled([keepOfflinePage(offlineUrl), ...files.map((url) => assets().handleRequest(new Request(new URL(url, origin))))]);
}

worker.addEventListener("install", (event) => {
  // The new worker waits for the page's Refresh (SKIP_WAITING) or for every tab of the old version to close.
  event.waitUntil(keepOfflinePage(offlinePageUrl(null)).catch(() => undefined));
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((existing) => Promise.all(staleCaches(existing, currentVersion()).map((name) => caches.delete(name))))
      .catch(() => undefined),
  );
});

worker.addEventListener("message", (event) => {
  const message = parseWorkerMessage(event.data);
  if (!message) return;
  if (message.type === "SKIP_WAITING") {
    event.waitUntil(worker.skipWaiting());
    return;
  }
  event.waitUntil(warm(message.urls, message.offlineUrl, message.who).catch(() => undefined));
});

// Web push (docs/behaviour/firebase.md#push-notifications): FCM delivers to this worker, the only one the product has.
worker.addEventListener("push", (event) => {
  const shown = notificationFromPayload(readPushData(event.data), origin);
  if (shown) event.waitUntil(worker.registration.showNotification(shown.title, shown.options));
});

worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = clickTarget((event.notification.data as { url?: unknown } | null)?.url, origin);
  event.waitUntil(
    worker.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target);
      return open ? open.focus() : worker.clients.openWindow(target);
    }),
  );
});

// Registered before the runtime's listener (this module is imported by it): requests this worker does not handle
// stop here without an answer, so the browser fetches them as if there were no worker.
worker.addEventListener("fetch", (event) => {
  if (requestKind(event.request, origin) === "bypass") event.stopImmediatePropagation();
});

/** The runtime's handler for every request that reached it (only assets and pages, see above). */
export async function defaultFetchHandler({
  request,
  context,
}: {
  request: Request;
  context: { event: FetchEventLike };
}): Promise<Response> {
  const kind = requestKind(request, origin);
  if (kind === "asset") return assets().handleRequest(request);
  if (kind === "document") return page(context.event);
  return fetch(request);
}
