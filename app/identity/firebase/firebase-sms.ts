// SMS codes sent and checked by Firebase phone auth (docs/behaviour/firebase.md#sms-by-firebase). This small module
// is part of the login and register pages; the Auth SDK itself loads only when a code is sent.
import type { TranslationKey } from "~/i18n/i18n-instance";
import type { Message } from "../types";
import type { FirebaseClientConfig } from "./config";

type Confirm = (code: string) => Promise<string>;

/** The code sent last, for the number it went to. */
let sent: { phone: string; confirm: Confirm } | null = null;

export async function sendCodeByFirebase(config: FirebaseClientConfig, phone: string, container: HTMLElement): Promise<void> {
  const { sendPhoneCode } = await import("./firebase-auth");
  sent = { phone, confirm: await sendPhoneCode(config, phone, container) };
}

/** The code-expired error Firebase gives when no code was sent (or it was sent to another number). */
export const NO_CODE_SENT = { code: "auth/code-expired", message: "No SMS code was sent to this number." };

/** Checks the code with Firebase and answers the ID token; throws Firebase's error (or NO_CODE_SENT). */
export async function confirmCodeByFirebase(phone: string, code: string): Promise<string> {
  if (!sent || sent.phone !== phone) throw NO_CODE_SENT;
  const token = await sent.confirm(code);
  sent = null;
  return token;
}

/**
 * A Firebase error as the page shows it (docs/behaviour/firebase.md#errors): `key` for the field it is about (when the
 * player can correct it), `text` for a notice; null when it is to be ignored. The error texts load only when needed:
 * most sign-ins never show one.
 */
export async function firebaseErrorShown(
  error: unknown,
  t: (key: TranslationKey, values?: Record<string, string>) => string,
): Promise<{ field: "mobileNum" | "verificationCode" | null; key: TranslationKey; text: string } | null> {
  const { identityError, identityErrorText } = await import("./identity-errors");
  const shown = identityError(error);
  return shown ? { field: shown.field, key: shown.key, text: identityErrorText(shown, t) } : null;
}

/**
 * The form's post once Firebase has checked the code typed: its ID token in place of the code (the platform's login type
 * firebase), or null with Firebase's error shown on its field or in a notice.
 */
export async function postWithIdToken(
  fields: FormData,
  intent: string,
  phone: string,
  code: string,
  t: (key: TranslationKey, values?: Record<string, string>) => string,
  onErrors: (errors: Partial<Record<"mobileNum" | "verificationCode", Message>>) => void,
  onNotice: (notice: Message) => void,
): Promise<FormData | null> {
  try {
    fields.set("firebaseIdToken", await confirmCodeByFirebase(phone, code));
  } catch (error) {
    const shown = await firebaseErrorShown(error, t);
    if (shown?.field) onErrors({ [shown.field]: { key: shown.key } });
    else if (shown) onNotice({ text: shown.text });
    return null;
  }
  fields.set("intent", intent);
  fields.set("firebaseChannel", "phone");
  fields.delete("verificationCode");
  return fields;
}
