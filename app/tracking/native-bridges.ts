// The native app shell's JavaScript interfaces (docs/behaviour/tracking.md#native-bridges): events go to the app's own
// trackers (its AppsFlyer and Adjust SDKs among them) and stored keys to the app's storage. Each is called when present
// and skipped when absent; a bridge that throws never breaks the page.
import type { PixelEvent } from "./pixels";

type AndroidTracker = { trackEvent?: (eventName: string, payload: string) => void };
type AndroidAppsFlyer = { logEvent?: (eventName: string, payload: string) => void };
type AndroidStorage = { setItem?: (key: string, value: string) => void; removeItem?: (key: string) => void };
type MessageHandler = { postMessage?: (message: unknown) => void };

/** The globals an app shell may inject; all optional. */
export type BridgeWindow = {
  AppBridge?: AndroidTracker;
  AppsFlyerBridge?: AndroidAppsFlyer;
  AdjustBridge?: AndroidTracker;
  StorageBridge?: AndroidStorage;
  webkit?: { messageHandlers?: { trackEvent?: MessageHandler; storage?: MessageHandler } };
};

function attempt(call: () => void): boolean {
  try {
    call();
    return true;
  } catch {
    return false;
  }
}

/** Sends an event to every tracking bridge present; returns how many took it. */
export function sendToNativeBridges(win: BridgeWindow, event: PixelEvent): number {
  const payload = JSON.stringify({ eventID: event.eventID, ...event.value });
  let taken = 0;
  const tracker = win.AppBridge?.trackEvent;
  if (typeof tracker === "function" && attempt(() => tracker.call(win.AppBridge, event.eventName, payload))) taken += 1;
  const appsFlyer = win.AppsFlyerBridge?.logEvent;
  if (typeof appsFlyer === "function" && attempt(() => appsFlyer.call(win.AppsFlyerBridge, event.eventName, payload))) taken += 1;
  const adjust = win.AdjustBridge?.trackEvent;
  if (typeof adjust === "function" && attempt(() => adjust.call(win.AdjustBridge, event.eventName, payload))) taken += 1;
  const ios = win.webkit?.messageHandlers?.trackEvent;
  if (
    typeof ios?.postMessage === "function" &&
    attempt(() => ios.postMessage!({ eventName: event.eventName, eventID: event.eventID, value: event.value }))
  )
    taken += 1;
  return taken;
}

/** Writes (a string) or removes (null) a key in the app's storage, when the app has a storage bridge. */
export function storageBridgeSet(win: BridgeWindow, key: string, value: string | null): boolean {
  const android = win.StorageBridge;
  if (value === null && typeof android?.removeItem === "function") return attempt(() => android.removeItem!(key));
  if (value !== null && typeof android?.setItem === "function") return attempt(() => android.setItem!(key, value));
  const ios = win.webkit?.messageHandlers?.storage;
  if (typeof ios?.postMessage === "function") {
    return attempt(() => ios.postMessage!(value === null ? { action: "removeItem", key } : { action: "setItem", key, value }));
  }
  return false;
}
