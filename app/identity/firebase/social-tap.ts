// What a tap on a social sign-in button does (docs/behaviour/firebase.md#social-sign-in), loaded with the first tap:
// the buttons hydrate with /m/login, and none of this is needed before a player taps one
// (docs/behaviour/shell.md#script-budget).
import type { Translate } from "~/i18n/translate";
import { isAndroid, isNativeApp } from "~/identity/device";
import type { FirebaseClientConfig, SocialProvider } from "./config";
import { isPrivateWindow, nativeSignIn, REFUSAL_TOAST_MS, socialRefusal } from "./refusals";
import type { Message } from "../types";

/** True when this browser may not sign in with `provider`; its toast is then on screen. */
export async function refused(provider: SocialProvider): Promise<boolean> {
  const userAgent = navigator.userAgent;
  const refusal = socialRefusal(provider, {
    inApp: isNativeApp(userAgent),
    android: isAndroid(userAgent),
    privateWindow: await isPrivateWindow(),
    nativeSignIn: nativeSignIn() !== null,
  });
  if (!refusal) return false;
  const toasts = await import("~/shell/network/toasts").catch(() => null);
  toasts?.showToast({ key: refusal, error: false, durationMs: REFUSAL_TOAST_MS });
  return true;
}

/** The provider's ID token: from the app shell's own sign-in inside the native app, else through Firebase. */
export async function idTokenFor(config: FirebaseClientConfig, provider: SocialProvider, emulatorEmail?: string): Promise<string> {
  const native = isNativeApp(navigator.userAgent) ? nativeSignIn() : null;
  if (native) return native(provider);
  const { signInWithProvider } = await import("./firebase-auth");
  return signInWithProvider(config, provider, emulatorEmail);
}

/** What to tell the player about a failed sign-in, or null where there is nothing to say (the button comes back). */
export async function failureNotice(error: unknown, t: Translate): Promise<Message | null> {
  // Offline, the message's own code may not arrive: then there is nothing more to say.
  const errors = await import("./identity-errors").catch(() => null);
  const shown = errors?.identityError(error);
  return errors && shown ? { text: errors.identityErrorText(shown, t) } : null;
}
