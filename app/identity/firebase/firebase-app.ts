import type { FirebaseApp } from "firebase/app";
import type { FirebaseClientConfig } from "./config";

let app: Promise<FirebaseApp> | null = null;

/**
 * The merchant's Firebase app, its SDK fetched the first time something needs it (a social button, an SMS code sent by
 * Firebase, push after permission): never part of a page's first load (docs/decisions/0055-firebase.md).
 */
export function loadFirebaseApp(config: FirebaseClientConfig): Promise<FirebaseApp> {
  app ??= import("firebase/app")
    .then(({ getApps, initializeApp }) => getApps()[0] ?? initializeApp(config.app))
    .catch((error: unknown) => {
      // A failed chunk load (a flaky network) may succeed on the next tap.
      app = null;
      throw error;
    });
  return app;
}
