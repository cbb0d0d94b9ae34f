// SMS codes sent and checked by Firebase phone auth (docs/behaviour/firebase.md#sms-by-firebase). This small module
// is part of the login and register pages; the Auth SDK itself loads only when a code is sent.
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
