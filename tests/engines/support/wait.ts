// Waiting in Node for something in a browser or a driver, by polling: the suite's one wait, for pages and processes alike.

/** How long a wait for something on the page may take before the test fails. */
const WAIT_MS = 15_000;

/** Polls `check` until it returns a value that is not undefined, or fails after `timeoutMs` with `what`. */
export async function waitUntil<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      // A navigation in progress answers a page command with an error (and a starting driver refuses connections):
      // the next poll asks again.
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ""}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
