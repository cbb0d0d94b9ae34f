import type { ContentSources } from "../../.server/security/headers";
import type { FirebaseClientConfig } from "./config";

/** Pages where a player signs in with Firebase (social buttons, SMS codes by Firebase). */
const SIGN_IN_PATHS: ReadonlySet<string> = new Set(["/m/login", "/m/register", "/m/register.html"]);

/**
 * The outside origins a page needs for the merchant's Firebase setup, and no others
 * (docs/behaviour/firebase.md#content-security-policy):
 * - sign-in pages: the Auth API (identitytoolkit, securetoken); with social providers the SDK's popup helper
 *   (apis.google.com) and the merchant's auth domain in a frame; with SMS by Firebase the reCAPTCHA that guards phone
 *   sign-in (www.google.com, www.gstatic.com). With the Auth emulator (development), the emulator instead.
 * - every page, when the merchant has a push key: Firebase Installations and the push registrations API.
 */
export function firebaseContentSources(config: FirebaseClientConfig | null | undefined, pathname: string): ContentSources {
  if (!config) return {};
  const scripts: string[] = [];
  const frames: string[] = [];
  const connect: string[] = [];
  const signIn = SIGN_IN_PATHS.has(pathname) && (config.providers.length > 0 || config.smsByFirebase);
  if (signIn) {
    if (config.authEmulator) {
      connect.push(config.authEmulator);
      frames.push(config.authEmulator);
    } else {
      connect.push("https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com");
      if (config.providers.length > 0) {
        scripts.push("https://apis.google.com");
        frames.push(`https://${config.app.authDomain}`);
      }
      if (config.smsByFirebase) {
        scripts.push("https://www.google.com", "https://www.gstatic.com");
        frames.push("https://www.google.com");
      }
    }
  }
  if (config.vapidKey) connect.push("https://firebaseinstallations.googleapis.com", "https://fcmregistrations.googleapis.com");
  return { scripts, frames, connect };
}
