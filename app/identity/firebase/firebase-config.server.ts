import type { AppContext } from "../../lib/context.server";
import { getSiteSettings, type SiteSettings } from "../../.server/platform/site";
import { SOCIAL_PROVIDERS, type FirebaseClientConfig, type SocialProvider } from "./config";

/**
 * SMS codes go through Firebase: the settings say so and the merchant's Firebase app is configured
 * (docs/behaviour/firebase.md#sms-by-firebase). The one rule the login page, its action and registration share.
 */
export function smsByFirebase(sms: SiteSettings["sms"] | undefined): boolean {
  return sms?.firebase === true && !!sms.apiKey && !!sms.projectId;
}

const EMULATOR_HOST = /^(127\.0\.0\.1|localhost|\[::1\]):\d{1,5}$/;

/**
 * The browser's Firebase setup from the site settings' `sms` object, or null when the merchant has none (no apiKey:
 * no social buttons, no SMS by Firebase, no push; docs/behaviour/firebase.md#configuration). `emulatorHost` is the
 * development setting FIREBASE_AUTH_EMULATOR_HOST ("127.0.0.1:9099"); only a loopback host is accepted.
 */
export function firebaseClientConfig(sms: SiteSettings["sms"], emulatorHost: string | undefined): FirebaseClientConfig | null {
  const { apiKey, appId, authDomain, projectId, messagingSenderId } = sms;
  if (!apiKey || !projectId) return null;
  const wanted = new Set(sms.providers ?? []);
  const providers = SOCIAL_PROVIDERS.filter((provider: SocialProvider) => wanted.has(provider));
  return {
    app: {
      apiKey,
      appId: appId ?? "",
      authDomain: authDomain ?? `${projectId}.firebaseapp.com`,
      projectId,
      messagingSenderId: messagingSenderId ?? "",
    },
    providers,
    smsByFirebase: smsByFirebase(sms),
    autoRegister: sms.autoRegister === true,
    vapidKey: sms.vapidKey && messagingSenderId && appId ? sms.vapidKey : null,
    authEmulator: emulatorHost && EMULATOR_HOST.test(emulatorHost) ? `http://${emulatorHost}` : null,
  };
}

/** The merchant's Firebase setup for this request (the settings read is shared with the rest of the page). */
export async function loadFirebaseConfig(context: AppContext): Promise<FirebaseClientConfig | null> {
  const settings = await getSiteSettings(context.platform).catch(() => null);
  if (!settings?.ok) return null;
  return firebaseClientConfig(settings.value.sms, context.cloudflare.env.FIREBASE_AUTH_EMULATOR_HOST);
}
