// Firebase Auth in the browser: loaded with import() when a player taps a social button or asks for an SMS code sent
// by Firebase, never with the page (docs/decisions/0055-firebase.md).
import {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  FacebookAuthProvider,
  TwitterAuthProvider,
  OAuthProvider,
  inMemoryPersistence,
  initializeAuth,
  RecaptchaVerifier,
  signInWithCredential,
  signInWithPhoneNumber,
  signInWithPopup,
  signOut,
  type Auth,
  type AuthProvider,
  type UserCredential,
} from "firebase/auth";
import { loadFirebaseApp } from "./firebase-app";
import { PROVIDER_CHANNELS, type FirebaseClientConfig, type SocialProvider } from "./config";

let auth: Promise<Auth> | null = null;

/**
 * The merchant's Auth instance. Its persistence is memory only: the product keeps no Firebase credential in web
 * storage; the ID token goes to the edge at once and the Firebase user is signed out again.
 */
function authFor(config: FirebaseClientConfig): Promise<Auth> {
  auth ??= loadFirebaseApp(config).then((app) => {
    const instance = initializeAuth(app, { persistence: inMemoryPersistence, popupRedirectResolver: browserPopupRedirectResolver });
    if (config.authEmulator) connectAuthEmulator(instance, config.authEmulator, { disableWarnings: true });
    return instance;
  });
  return auth;
}

function providerFor(provider: SocialProvider): AuthProvider {
  switch (provider) {
    case "google":
      return new GoogleAuthProvider();
    case "facebook":
      return new FacebookAuthProvider();
    case "twitter":
      return new TwitterAuthProvider();
    case "line":
    case "apple":
      return new OAuthProvider(PROVIDER_CHANNELS[provider]);
  }
}

async function idTokenOf(instance: Auth, credential: UserCredential): Promise<string> {
  const token = await credential.user.getIdToken();
  await signOut(instance);
  return token;
}

/**
 * The provider's sign-in window, then the ID token. With the Auth emulator (development and tests, which cannot reach
 * the providers) the emulator signs in `emulatorEmail` instead: a credential the emulator accepts for any email.
 */
export async function signInWithProvider(config: FirebaseClientConfig, provider: SocialProvider, emulatorEmail?: string): Promise<string> {
  const instance = await authFor(config);
  if (config.authEmulator && emulatorEmail !== undefined) {
    const claims = JSON.stringify({ sub: `emulated-${emulatorEmail}`, email: emulatorEmail, email_verified: true });
    const credential = new OAuthProvider(PROVIDER_CHANNELS[provider]).credential({ idToken: claims });
    return idTokenOf(instance, await signInWithCredential(instance, credential));
  }
  return idTokenOf(instance, await signInWithPopup(instance, providerFor(provider)));
}

/**
 * Sends an SMS code to `phone` ("+" dialling code and number) through Firebase phone auth, guarded by an invisible
 * reCAPTCHA in `container`. Answers the function that checks the code and gives the ID token.
 */
export async function sendPhoneCode(
  config: FirebaseClientConfig,
  phone: string,
  container: HTMLElement,
): Promise<(code: string) => Promise<string>> {
  const instance = await authFor(config);
  const verifier = new RecaptchaVerifier(instance, container, { size: "invisible" });
  try {
    const confirmation = await signInWithPhoneNumber(instance, phone, verifier);
    return async (code: string) => idTokenOf(instance, await confirmation.confirm(code));
  } finally {
    verifier.clear();
  }
}
