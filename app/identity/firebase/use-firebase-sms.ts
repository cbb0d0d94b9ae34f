import { useMemo } from "react";
import { useRootData } from "~/shell/root-data";
import type { idTokenForCode } from "./firebase-sms";

// SMS codes sent and checked by Firebase (docs/behaviour/firebase.md#sms-by-firebase). Firebase's code loads with the
// SMS fields, which send first; never with the page.
const firebaseSms = () => import("./firebase-sms");

/** The SMS fields' sending by Firebase, or undefined when the form's codes go through the platform (or no Firebase). */
export function useSendByFirebase(wanted: boolean): ((phone: string, recaptcha: HTMLElement) => Promise<void>) | undefined {
  const rootConfig = useRootData()?.firebase ?? null;
  const config = wanted && rootConfig ? rootConfig : null;
  return useMemo(
    () =>
      config
        ? (phone: string, recaptcha: HTMLElement) =>
            firebaseSms().then(({ sendCodeByFirebase }) => sendCodeByFirebase(config, phone, recaptcha))
        : undefined,
    [config],
  );
}

/** The code typed, checked by Firebase: its ID token, or null with the error shown on its field or in a notice. */
export function idTokenByFirebase(...args: Parameters<typeof idTokenForCode>): Promise<string | null> {
  return firebaseSms().then(({ idTokenForCode }) => idTokenForCode(...args));
}

/** The form's post with Firebase's ID token in place of the code it checked (the platform's login type firebase). */
export function withIdToken(fields: FormData, intent: string, idToken: string): FormData {
  fields.set("intent", intent);
  fields.set("firebaseChannel", "phone");
  fields.set("firebaseIdToken", idToken);
  fields.delete("verificationCode");
  return fields;
}
