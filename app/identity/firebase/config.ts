// The merchant's Firebase setup as the browser gets it (the edge builds it from the site settings:
// firebase-config.server.ts). Types and names only: no Firebase code is imported here.

/** The social sign-in providers the product can offer, in the order the buttons show. */
export const SOCIAL_PROVIDERS = ["google", "facebook", "twitter", "line", "apple"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The Firebase provider id of each social provider: the `firebaseChannel` the platform is told. */
export const PROVIDER_CHANNELS: Readonly<Record<SocialProvider, string>> = {
  google: "google.com",
  facebook: "facebook.com",
  twitter: "twitter.com",
  line: "oidc.line",
  apple: "apple.com",
};

/** Every channel an ID token may come from: the social providers' and phone (SMS codes by Firebase). */
export const FIREBASE_CHANNELS = ["google.com", "facebook.com", "twitter.com", "oidc.line", "apple.com", "phone"] as const;
export type FirebaseChannel = (typeof FIREBASE_CHANNELS)[number];

/** Providers an Android app shell can only offer through its own native sign-in (docs/behaviour/firebase.md#refusals). */
export const NATIVE_ONLY_IN_ANDROID_APP: ReadonlySet<SocialProvider> = new Set(["facebook", "twitter", "line"]);

/** The Firebase web app options (firebase/app's FirebaseOptions, the fields the product uses). */
export type FirebaseAppOptions = {
  apiKey: string;
  appId: string;
  authDomain: string;
  projectId: string;
  messagingSenderId: string;
};

export type FirebaseClientConfig = {
  app: FirebaseAppOptions;
  /** Social sign-in buttons to show (empty: none). */
  providers: SocialProvider[];
  /** SMS codes are sent and checked by Firebase phone auth instead of the platform. */
  smsByFirebase: boolean;
  /** A new social identity is registered at once rather than offered the choice. */
  autoRegister: boolean;
  /** Web push: the VAPID key (absent: no notification prompt). */
  vapidKey: string | null;
  /**
   * Development only: "http://127.0.0.1:9099" when the SDK talks to the Firebase Auth emulator
   * (docs/decisions/0055-firebase.md); null in production.
   */
  authEmulator: string | null;
};
