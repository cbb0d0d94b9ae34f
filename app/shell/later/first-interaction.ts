// The layers a player does not need in a page's first seconds (the app-like layer, tracking and pixels, push, the
// mini-game box) load once the player first touches the page, or 10 s after the navigation began, whichever comes
// first (docs/behaviour/shell.md#later-layers). The first touch can come before any of the
// page's scripts run (they are requested after the first paint): a line in <head> (FirstInteractionCapture.tsx) notes
// it in window.__mcInteracted and announces it with this event.

/** Announced once, on the page's first pointer down, key, touch or turn of the wheel. */
export const INTERACTION_EVENT = "mc:interaction";
/** Milliseconds after the navigation began (performance.now()) when the layers load without a touch. */
export const LATER_MS = 10_000;

type InteractionWindow = Window & { __mcInteracted?: boolean };

/**
 * Runs `then` at the browser's next idle moment, at the latest after `withinMs`; where there are no idle callbacks
 * (Safari), after `withoutIdleMs`. Returns a function that cancels it.
 */
export function whenIdle(then: () => void, withinMs: number, withoutIdleMs: number): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(then, { timeout: withinMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(then, withoutIdleMs);
  return () => clearTimeout(handle);
}

/**
 * Runs `then` once the player has touched the page or LATER_MS after the navigation began, whichever comes first, at
 * the browser's next idle moment. Returns a function that cancels what has not run yet.
 */
export function afterFirstInteraction(then: () => void): () => void {
  let cancelIdle: (() => void) | null = null;
  const timer = setTimeout(due, Math.max(0, LATER_MS - performance.now()));
  function due() {
    if (cancelIdle) return;
    clearTimeout(timer);
    window.removeEventListener(INTERACTION_EVENT, due);
    // Not inside the tap's own work: the first idle moment, within a second.
    cancelIdle = whenIdle(then, 1000, 200);
  }
  if ((window as InteractionWindow).__mcInteracted) due();
  else window.addEventListener(INTERACTION_EVENT, due);
  return () => {
    clearTimeout(timer);
    window.removeEventListener(INTERACTION_EVENT, due);
    cancelIdle?.();
    cancelIdle = () => undefined;
  };
}
