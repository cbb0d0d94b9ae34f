// Refusals before a social sign-in (docs/behaviour/firebase.md#refusals): checked in the browser, before the SDK loads.
import type { TranslationKey } from "~/i18n/i18n-instance";
import { NATIVE_ONLY_IN_ANDROID_APP, type SocialProvider } from "./config";

/** Toasts of a refusal last 1.5 s. */
export const REFUSAL_TOAST_MS = 1_500;

export type SignInSurroundings = {
  /** Inside the native app shell. */
  inApp: boolean;
  android: boolean;
  /** A private (incognito) window. */
  privateWindow: boolean;
  /** The app shell offers its own sign-in (window.nativeSocialSignIn). */
  nativeSignIn: boolean;
};

export function socialRefusal(provider: SocialProvider, surroundings: SignInSurroundings): TranslationKey | null {
  if (surroundings.privateWindow && !surroundings.inApp) return "social_incognito";
  if (surroundings.inApp && surroundings.android && NATIVE_ONLY_IN_ANDROID_APP.has(provider) && !surroundings.nativeSignIn)
    return "coming_soon";
  return null;
}

/**
 * Chromium-based browsers give a private window a small, memory-backed storage quota (about 100 MiB, where a normal
 * profile gets a share of the disk): under 120 MiB counts as private. A browser that cannot tell counts as normal.
 */
export const PRIVATE_QUOTA_BYTES = 120 * 1024 * 1024;

export async function isPrivateWindow(): Promise<boolean> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return typeof estimate?.quota === "number" && estimate.quota < PRIVATE_QUOTA_BYTES;
  } catch {
    return false;
  }
}

/** The app shell's own sign-in, when it has one: it answers the provider's Firebase ID token. */
export type NativeSignIn = (provider: SocialProvider) => Promise<string>;

export function nativeSignIn(): NativeSignIn | null {
  const candidate = (window as Window & { nativeSocialSignIn?: unknown }).nativeSocialSignIn;
  return typeof candidate === "function" ? (candidate as NativeSignIn) : null;
}
