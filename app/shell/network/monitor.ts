// Network watch (docs/behaviour/shell.md#network-toasts; docs/decisions/0016-service-worker.md): the offline toast on
// the browser's offline event, the platform ping on load and when the browser is back online, and the slow-network
// toast with a working address of the merchant when the ping fails. Loaded on demand after the page is idle.
import { pickDomains, raceDomains } from "./domains";
import { showToast } from "./toasts";

export const OFFLINE_TOAST_MS = 1500;
export const SLOW_TOAST_MS = 3000;
/** The ping gives up after 5 s. */
export const PING_TIMEOUT_MS = 5000;

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** GET /wps/system/test/ping through the platform proxy (it adds the Merchant header): true when it answers in time. */
export async function pingPlatform(fetchFn: Fetch = (url, init) => fetch(url, init), timeoutMs = PING_TIMEOUT_MS): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchFn(`/wps/system/test/ping?speed=${Date.now()}`, {
      cache: "no-store",
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      signal: controller.signal,
    });
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      return false;
    }
    const reply: unknown = await response.json().catch(() => null);
    return !(reply && typeof reply === "object" && (reply as { success?: unknown }).success === false);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

let race: Promise<string | null> | null = null;

/** The first of the merchant's other addresses to answer (one race per page load), or null. */
export function findWorkingDomain(domains: readonly string[]): Promise<string | null> {
  race ??= raceDomains(pickDomains(domains, window.location.host), {
    fetch: (url, init) => fetch(url, init),
    protocol: window.location.protocol,
  });
  return race;
}

/** The same page on another address. */
export function addressOn(domain: string): string {
  const { protocol, pathname, search } = window.location;
  return `${protocol}//${domain}${pathname}${search}`;
}

export function startNetworkMonitor({ domains }: { domains: readonly string[] }): () => void {
  let checking = false;
  const check = async () => {
    if (checking || !navigator.onLine) return;
    checking = true;
    try {
      if (await pingPlatform()) return;
      showToast({ key: "network_slowly", error: true, durationMs: SLOW_TOAST_MS });
      const domain = await findWorkingDomain(domains);
      // The slow toast again, now with the way out; it stays until closed so the link can be used.
      if (domain) {
        showToast({
          key: "network_slowly",
          error: false,
          durationMs: null,
          link: { href: addressOn(domain), key: "network_try_domain", values: { domain } },
        });
      }
    } finally {
      checking = false;
    }
  };
  const offline = () => showToast({ key: "network_offline", error: true, durationMs: OFFLINE_TOAST_MS });
  const online = () => void check();
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);
  void check();
  return () => {
    window.removeEventListener("offline", offline);
    window.removeEventListener("online", online);
  };
}
