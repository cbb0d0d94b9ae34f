// The parts of game launch the browser needs: constants and the gameUrl check. No zod here, so the launch
// screen's bundle stays small (launch-params.ts holds the query rules and is used by the server).

/** The launch call's timeout and the loading indicator's initial delay (game.css uses the same 150 ms). */
export const LAUNCH_TIMEOUT_MS = 10_000;
export const LAUNCH_INITIAL_DELAY_MS = 150;

/** Query flag the no-JavaScript refresh adds: the loader launches on the server and answers a 302. */
export const SERVER_LAUNCH_PARAM = "nojs";

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 4096) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Where the browser may be sent after a launch: an absolute http(s) URL, never javascript: or data:. */
export function safeGameUrl(value: unknown): string | null {
  return isHttpUrl(value) ? new URL(value).toString() : null;
}
