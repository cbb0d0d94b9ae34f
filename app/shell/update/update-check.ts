// The update check (docs/behaviour/install.md#update-check; docs/decisions/0016-service-worker.md). In the built product
// only: on load, when the tab becomes visible (or the browser is back online) and every hour, the MD5 of the two
// asset manifests is compared with the one stored; a change updates the service worker and shows the update alert once.
import { iosVersion } from "~/identity/device";
import { readStorage, writeStorage } from "~/shell/web-storage";
import { markShellState } from "~/shell/shell-state";
import { activateWaitingWorker } from "~/shell/sw/activate";
import { registerServiceWorker, unregisterProductWorkers, workerAllowed, WORKER_SCOPE } from "~/shell/sw/register";

/** Ours, then the platform's older front end's (it does not exist here: its 404 counts as empty). */
export const MANIFEST_URLS = ["/m/asset-manifest.json", "/mobile/mc/asset-manifest.json"] as const;
/** The version check interval: one hour. */
export const CHECK_INTERVAL_MS = 3_600_000;
/** A tab switched back and forth checks at most this often. */
export const MIN_RECHECK_MS = 30_000;
/** localStorage: the MD5 last seen. */
export const MANIFEST_HASH_KEY = "PWA_manifestHash";

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Both manifests' text, joined; a 404 is empty. Null when either could not be read (offline, a 5xx, maintenance):
 * nothing is compared then.
 */
export async function readManifests(fetchFn: Fetch, now: number): Promise<string | null> {
  try {
    const texts = await Promise.all(
      MANIFEST_URLS.map(async (url) => {
        const response = await fetchFn(`${url}?t=${now}`, { cache: "no-store", credentials: "same-origin" });
        if (!response.ok) {
          // An unread body keeps the request open.
          void response.body?.cancel().catch(() => undefined);
          if (response.status === 404) return "";
          throw new Error(`${url}: ${response.status}`);
        }
        return response.text();
      }),
    );
    return texts.join("\n");
  } catch {
    return null;
  }
}

export type HashComparison = "first" | "same" | "changed";

/** First visit (nothing stored): remember, no alert. Otherwise a different hash means a new build. */
export function compareManifestHash(stored: string | null, current: string): HashComparison {
  if (!stored) return "first";
  return stored === current ? "same" : "changed";
}

/** Pages that reload on Refresh: home, game, login, index, member home, register (docs/behaviour/install.md#refresh). */
const RELOAD_PATHS = new Set([
  "/",
  "/m",
  "/m/home",
  "/m/index",
  "/m/index.html",
  "/m/login",
  "/m/launchGame",
  "/m/game",
  "/m/member/home",
  "/m/register",
  "/m/register.html",
]);

/** What Refresh does on this path: reload it, or go to /m/home. */
export function refreshTarget(pathname: string): "reload" | "/m/home" {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return RELOAD_PATHS.has(path) ? "reload" : "/m/home";
}

/** The update alert's Refresh: the waiting worker takes over, then the page reloads or goes home. */
export async function applyUpdate(): Promise<void> {
  await activateWaitingWorker().catch(() => undefined);
  if (refreshTarget(window.location.pathname) === "reload") window.location.reload();
  else window.location.assign("/m/home");
}

/**
 * The MD5 (hex) of the manifests that the page compares with the one it stored (docs/behaviour/install.md#update-check).
 * crypto-js/md5 is imported here, on need: the check runs once the page is idle, so it stays out of the first load.
 */
export async function manifestHash(text: string): Promise<string> {
  const [{ default: MD5 }, { default: Hex }] = await Promise.all([import("crypto-js/md5"), import("crypto-js/enc-hex")]);
  return MD5(text).toString(Hex);
}

async function updateWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  if (!workerAllowed(navigator.userAgent)) {
    await unregisterProductWorkers();
    return;
  }
  const registration = (await registerServiceWorker()) ?? (await navigator.serviceWorker.getRegistration(WORKER_SCOPE));
  // The new worker installs and waits: the page keeps its own build until Refresh.
  await registration?.update();
}

/**
 * iOS 12 home-screen apps come back from the background with a dead page; the rule
 * (docs/behaviour/install.md#resume-reload): on resume, reload when the index page does not answer 200 (or 304). Only
 * the user agent tells iOS 12 apart.
 */
async function iosResumeCheck(): Promise<void> {
  const version = iosVersion(navigator.userAgent);
  if (version?.major !== 12) return;
  try {
    const response = await fetch("/m/index.html", { cache: "no-store", credentials: "same-origin" });
    if (response.status !== 200 && response.status !== 304) window.location.reload();
  } catch {
    // Offline: reloading would only show the offline page.
  }
}

export function startUpdateCheck({ onUpdate }: { onUpdate: () => void }): () => void {
  let last = 0;
  let running = false;
  const check = async (force = false) => {
    if (running || (!force && Date.now() - last < MIN_RECHECK_MS)) return;
    running = true;
    last = Date.now();
    try {
      const text = await readManifests((url, init) => fetch(url, init), Date.now());
      if (text === null) {
        last = 0; // not read (offline, server busy): the next occasion tries again
        markShellState("updateCheck", "unread");
        return;
      }
      // The hash's code loads on need: lost with the connection, the check is as unread and runs again when online.
      const hash = await manifestHash(text).catch(() => null);
      if (hash === null) {
        last = 0;
        markShellState("updateCheck", "unread");
        return;
      }
      const comparison = compareManifestHash(readStorage("localStorage", MANIFEST_HASH_KEY), hash);
      // Stored at once: the alert shows once per new build, even if the page is left without Refresh.
      writeStorage("localStorage", MANIFEST_HASH_KEY, hash);
      if (comparison !== "changed") {
        markShellState("updateCheck", comparison);
        return;
      }
      await updateWorker().catch(() => undefined);
      onUpdate();
      markShellState("updateCheck", comparison);
    } finally {
      running = false;
    }
  };
  const visible = () => {
    if (document.visibilityState !== "visible") return;
    void check();
    void iosResumeCheck();
  };
  // A page brought back from the back/forward cache is an old copy: it reloads (docs/behaviour/install.md#resume-reload).
  const restored = (event: PageTransitionEvent) => {
    if (event.persisted) window.location.reload();
  };
  const online = () => void check();
  document.addEventListener("visibilitychange", visible);
  window.addEventListener("online", online);
  window.addEventListener("pageshow", restored);
  const hourly = setInterval(() => void check(true), CHECK_INTERVAL_MS);
  void check(true);
  return () => {
    document.removeEventListener("visibilitychange", visible);
    window.removeEventListener("online", online);
    window.removeEventListener("pageshow", restored);
    clearInterval(hourly);
  };
}
