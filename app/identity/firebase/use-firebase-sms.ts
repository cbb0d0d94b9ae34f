import { useMemo } from "react";
import { useRootData } from "~/shell/root-data";
import type * as sms from "./firebase-sms";

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

/** firebase-sms.ts's postWithIdToken, loaded on need (already there: the SMS fields that sent the code use it). */
export function postWithIdToken(...args: Parameters<typeof sms.postWithIdToken>): Promise<FormData | null> {
  return firebaseSms().then(({ postWithIdToken }) => postWithIdToken(...args));
}
