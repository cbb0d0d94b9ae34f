// The device's FCM registration token from Firebase's messaging SDK, fetched with import() only when notifications are
// allowed (docs/decisions/0055-firebase.md). One service worker: the product's /m/sw.js, never firebase-messaging-sw.js.
import type { FirebaseClientConfig } from "~/identity/firebase/config";
import { loadFirebaseApp } from "~/identity/firebase/firebase-app";

/** The SDK's own error for a browser without what push needs, for the same error mapping (./errors.ts). */
class UnsupportedBrowser extends Error {
  readonly code = "messaging/unsupported-browser";
}

/**
 * getToken with the merchant's push key and the product's worker. The SDK keeps the token in its IndexedDB and, on
 * this call, renews one older than 7 days (PATCH) or deletes and re-creates one whose subscription changed
 * (docs/behaviour/firebase.md#push-token): the answer may differ from the token stored last time.
 */
export async function deviceToken(
  config: FirebaseClientConfig,
  vapidKey: string,
  registration: ServiceWorkerRegistration,
): Promise<string> {
  const [app, messaging] = await Promise.all([loadFirebaseApp(config), import("firebase/messaging")]);
  if (!(await messaging.isSupported())) throw new UnsupportedBrowser("push is not supported here");
  // getToken (not the SDK's newer installation-id register()): the platform's CSP_fcm* calls take a registration token.
  return messaging.getToken(messaging.getMessaging(app), { vapidKey, serviceWorkerRegistration: registration });
}
