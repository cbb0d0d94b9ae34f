// Tells the service worker what to keep for offline use: this page's build files and the offline page in the
// language shown, and whose pages the cache holds (docs/decisions/0016-service-worker.md). Browser only.
import { offlinePageUrl, type WorkerMessage } from "./policy";

/** This page's hashed build files that the browser has loaded so far (same origin, under /assets/). */
function loadedBuildFiles(): string[] {
  const entries = typeof performance.getEntriesByType === "function" ? performance.getEntriesByType("resource") : [];
  return entries
    .map((entry) => new URL(entry.name, window.location.href))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith("/assets/"))
    .map((url) => url.pathname);
}

export async function warmWorker({ language, who }: { language: string; who: string }): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  // Resolves once a worker is active for this page (never inside the native app or Line: there is none).
  const registration = await navigator.serviceWorker.ready;
  const message: WorkerMessage = { type: "WARM", urls: loadedBuildFiles(), offlineUrl: offlinePageUrl(language), who };
  registration.active?.postMessage(message);
}
