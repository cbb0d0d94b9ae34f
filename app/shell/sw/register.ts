// Registering the service worker (docs/decisions/0016): from the shell layer loaded once the page is idle
// (app/shell/pwa/PwaOverlays.tsx), never from an inline script (the CSP has none without a nonce).
import { isLineBrowser, isNativeApp } from "~/identity/device";

export const WORKER_URL = "/m/sw.js";
export const WORKER_SCOPE = "/";

/**
 * Inside the native app shell and the Line browser the product runs without a worker
 * (docs/behaviour/install.md#service-worker).
 */
export function workerAllowed(userAgent: string): boolean {
  return !isNativeApp(userAgent) && !isLineBrowser(userAgent);
}

/** A registration of this product's worker, old or current: its script lives under /m/sw. */
export function isProductWorker(scriptUrl: string | undefined): boolean {
  if (!scriptUrl) return false;
  try {
    return new URL(scriptUrl).pathname.startsWith("/m/sw");
  } catch {
    return false;
  }
}

/** Removes every registration of this product's worker (native app and Line browser). */
export async function unregisterProductWorkers(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(
    registrations
      .filter((registration) => {
        const worker = registration.active ?? registration.waiting ?? registration.installing;
        return isProductWorker(worker?.scriptURL);
      })
      .map((registration) => registration.unregister()),
  );
}

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

/** Registers /m/sw.js for the whole site; resolves null where there is no worker. Safe to call more than once. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  registering ??= (async () => {
    if (!("serviceWorker" in navigator)) return null;
    if (!workerAllowed(navigator.userAgent)) {
      await unregisterProductWorkers();
      return null;
    }
    // updateViaCache "none": the browser always asks the server for a new /m/sw.js instead of its HTTP cache.
    return navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE, updateViaCache: "none" });
  })().catch((error: unknown) => {
    console.warn("[pwa] service worker registration failed", error);
    return null;
  });
  return registering;
}
