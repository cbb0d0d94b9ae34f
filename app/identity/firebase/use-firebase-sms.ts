import { useCallback, useMemo } from "react";
import { useTranslation } from "~/i18n/translate";
import { useRootData } from "~/shell/root-data";
import type { Message } from "../types";

// Firebase's code, loaded with the SMS fields (which send first), never with the page.
const firebaseSms = () => import("./firebase-sms");

type CodeErrors = Partial<Record<"mobileNum" | "verificationCode", Message>>;

export type FirebaseSms = {
  /** For the SMS fields' "Send code". */
  send: (phone: string, recaptcha: HTMLElement) => Promise<void>;
  /** The code typed, checked by Firebase: its ID token, or null with the error shown on its field or in a notice. */
  idToken: (phone: string, code: string) => Promise<string | null>;
};

/**
 * A form's SMS codes sent and checked by Firebase (docs/behaviour/firebase.md#sms-by-firebase): null when the form
 * does not use them (`wanted` false, or no Firebase for this merchant), and the platform sends the codes.
 */
export function useFirebaseSms(
  wanted: boolean,
  onErrors: (errors: CodeErrors) => void,
  onNotice: (notice: Message) => void,
): FirebaseSms | null {
  const { t } = useTranslation();
  const rootConfig = useRootData()?.firebase ?? null;
  const config = wanted && rootConfig ? rootConfig : null;
  const send = useCallback(
    (phone: string, recaptcha: HTMLElement) =>
      firebaseSms().then(({ sendCodeByFirebase }) => sendCodeByFirebase(config!, phone, recaptcha)),
    [config],
  );
  const idToken = useCallback(
    async (phone: string, code: string) => {
      const { confirmCodeByFirebase, firebaseErrorShown } = await firebaseSms();
      try {
        return await confirmCodeByFirebase(phone, code);
      } catch (error) {
        const shown = await firebaseErrorShown(error, t);
        if (shown?.field) onErrors({ [shown.field]: { key: shown.key } });
        else if (shown) onNotice({ text: shown.text });
        return null;
      }
    },
    [onErrors, onNotice, t],
  );
  return useMemo(() => (config ? { send, idToken } : null), [config, send, idToken]);
}

/** The form's post with Firebase's ID token in place of the code it checked (the platform's login type firebase). */
export function withIdToken(fields: FormData, intent: string, idToken: string): FormData {
  fields.set("intent", intent);
  fields.set("firebaseChannel", "phone");
  fields.set("firebaseIdToken", idToken);
  fields.delete("verificationCode");
  return fields;
}
