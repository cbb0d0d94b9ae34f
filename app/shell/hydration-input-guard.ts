// Keeps a player's taps and keys from React while the page's hydration waits for Remix's data
// (docs/behaviour/shell.md#script-priority, docs/decisions/0081-input-as-hydration-begins.md).
//
// With single fetch, Remix's <RemixBrowser> suspends its first render until it has decoded the page's data (the stream
// in window.__remixContext), and so the whole root waits, outside any Suspense boundary. A discrete event (a tap, a key)
// that reaches React in that moment makes React 18 hydrate the root synchronously, and a synchronous render cannot wait
// for data: React throws its error #345 ("Root did not complete") and the page never hydrates. Such an event is held
// from React until the data is decoded; what the browser does with it by default still happens (a link navigates, a
// form posts, a field takes the key), as on a page whose scripts have not run yet.

/** Events React 18 hydrates the page for synchronously, when one reaches a part not hydrated yet. */
const DISCRETE_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
] as const;

type RemixContext = { state?: unknown };

/**
 * From now until `dataReady()` first answers true, a discrete event stops at the window, before React's listeners on
 * the document. Call it right before `hydrateRoot`; it takes itself away at the first event after the data is ready.
 */
export function holdInputUntilDataDecoded(
  target: Pick<Window, "addEventListener" | "removeEventListener">,
  dataReady: () => boolean,
): void {
  const capture = { capture: true };
  const hold = (event: Event) => {
    if (dataReady()) {
      for (const type of DISCRETE_EVENTS) target.removeEventListener(type, hold, capture);
      return;
    }
    event.stopPropagation();
  };
  for (const type of DISCRETE_EVENTS) target.addEventListener(type, hold, capture);
}

/** Remix's data for the first render is decoded once window.__remixContext.state is set. */
export function remixStateDecoded(): boolean {
  const context = (window as unknown as { __remixContext?: RemixContext }).__remixContext;
  return context?.state !== undefined;
}
