// The Firebase messaging SDK's errors (codes "messaging/<code>") as the player and the console see them
// (docs/behaviour/firebase.md#push-errors). Logs carry the code only: never a token.

/** The translated message a player gets, or null for a silent log. */
export type PushMessageKey = "notification_request_tips" | "push_unsupported" | "push_failed";

export type PushErrorOutcome = { code: string; message: PushMessageKey | null; level: "warn" | "error" };

/** The player can do something about it: allow notifications in the browser's settings. */
const BLOCKED = new Set(["permission-blocked"]);
/** This browser (or its private mode) cannot hold a push subscription. */
const UNSUPPORTED = new Set(["unsupported-browser", "indexed-db-unsupported"]);
/** The merchant's setup is wrong (an operator's problem): logged as an error. */
const CONFIGURATION = new Set(["missing-app-config-values", "invalid-vapid-key", "invalid-sw-registration"]);
/** Nobody waits on these: the device is leaving anyway, or the player only dismissed the browser's question. */
const SILENT = new Set(["token-unsubscribe-failed", "permission-default"]);

/** The SDK's code without its "messaging/" prefix, or "unknown" for anything else (a failed chunk load, a DOMException). */
export function messagingCode(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? (error as { code: unknown }).code : null;
  if (typeof code === "string" && code.startsWith("messaging/")) return code.slice("messaging/".length);
  if (error instanceof DOMException) return `dom-${error.name}`;
  return "unknown";
}

/**
 * `asked`: the error answers the player's own "Allow" tap, so a message is owed; during the silent refresh on a page
 * load nothing is shown but for an unusable setup, which is only logged louder.
 */
export function pushErrorOutcome(error: unknown, asked: boolean): PushErrorOutcome {
  const code = messagingCode(error);
  if (SILENT.has(code)) return { code, message: null, level: "warn" };
  if (CONFIGURATION.has(code)) return { code, message: asked ? "push_failed" : null, level: "error" };
  if (!asked) return { code, message: null, level: "warn" };
  if (BLOCKED.has(code)) return { code, message: "notification_request_tips", level: "warn" };
  if (UNSUPPORTED.has(code)) return { code, message: "push_unsupported", level: "warn" };
  // token-subscribe-failed, token-update-failed, their no-token twins, failed-service-worker-registration, and anything
  // else (a chunk that did not load, the push service refusing): worth another try later.
  return { code, message: "push_failed", level: "warn" };
}

/** The console line for an outcome: the code and where it happened, nothing else. */
export function logPushError(outcome: PushErrorOutcome, step: string): void {
  (outcome.level === "error" ? console.error : console.warn)(`[push] ${step} failed: ${outcome.code}`);
}
