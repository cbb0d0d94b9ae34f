// Hydration waits for the code of what the server's page shows but the browser loads on need
// (docs/behaviour/shell.md#script-budget): app/entry.client.tsx awaits these before hydrating.

declare global {
  interface Window {
    /** Code the page's hydration waits for; read by app/entry.client.tsx. */
    __mcHydrationHolds?: Promise<unknown>[];
  }
}

/**
 * Called while the route modules load, before hydration starts: the page shows (server-rendered) what this code
 * renders, so hydration waits for it instead of leaving that part unhydrated (its buttons dead) until it arrives.
 * A failed load does not hold the page: it hydrates, and the part loads again when rendered.
 */
export function holdHydrationFor(load: Promise<unknown>): void {
  (window.__mcHydrationHolds ??= []).push(load.catch(() => undefined));
}
