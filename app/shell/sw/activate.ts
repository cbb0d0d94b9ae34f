// The update alert's Refresh: the waiting worker of the new build takes over first (docs/decisions/0016).
import { WORKER_SCOPE } from "./register";

/**
 * Lets a waiting worker of a newer build take over, then resolves (after the switch, or after `timeoutMs` when there
 * is nothing to switch). The caller reloads: the page and its files then come from the new build together.
 */
export async function activateWaitingWorker(timeoutMs = 3000): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration(WORKER_SCOPE);
  if (!registration) return;
  const deadline = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs));
  const installed = registration.installing
    ? new Promise<void>((resolve) => {
        const worker = registration.installing;
        worker?.addEventListener("statechange", () => {
          if (worker.state !== "installing") resolve();
        });
      })
    : Promise.resolve();
  await Promise.race([installed, deadline]);
  const waiting = registration.waiting;
  if (!waiting) return;
  const switched = new Promise<void>((resolve) =>
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }),
  );
  waiting.postMessage({ type: "SKIP_WAITING" });
  // A page the old worker did not control (its first visit) sees no switch: the deadline lets it go on.
  await Promise.race([switched, new Promise<void>((resolve) => setTimeout(resolve, Math.min(timeoutMs, 1500)))]);
}
