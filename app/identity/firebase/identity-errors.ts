// The identity provider's errors as the player reads them (docs/behaviour/firebase.md#errors): a translated text by
// Firebase's code (auth/unknown when the code is not one we know), with 'Code:' and 'Reason:' lines under it.
import type { TranslationKey } from "~/i18n/i18n-instance";

const AUTH_ERROR_KEYS: Readonly<Record<string, TranslationKey>> = {
  "auth/popup-closed-by-user": "auth_popup_closed",
  "auth/popup-blocked": "auth_popup_blocked",
  "auth/network-request-failed": "auth_network",
  "auth/too-many-requests": "auth_too_many",
  "auth/invalid-phone-number": "auth_invalid_phone",
  "auth/missing-phone-number": "auth_invalid_phone",
  "auth/invalid-verification-code": "sms_code_invalid",
  "auth/missing-verification-code": "error_code_required",
  "auth/code-expired": "code_expired",
  "auth/captcha-check-failed": "auth_captcha_failed",
  "auth/quota-exceeded": "auth_quota",
  "auth/user-disabled": "auth_user_disabled",
  "auth/account-exists-with-different-credential": "auth_account_exists",
  "auth/unknown": "auth_unknown",
};

export type IdentityError = {
  code: string;
  key: TranslationKey;
  /** The SDK's own wording, for the 'Reason:' line. */
  reason: string;
  /** The field it is about, when it is one the player can correct. */
  field: "mobileNum" | "verificationCode" | null;
};

/** What to show for an error of the SDK, or null when it is to be ignored (a popup request cancelled by a newer one). */
export function identityError(error: unknown): IdentityError | null {
  const code = typeof (error as { code?: unknown })?.code === "string" ? (error as { code: string }).code : "auth/unknown";
  if (code === "auth/cancelled-popup-request") return null;
  const message = typeof (error as { message?: unknown })?.message === "string" ? (error as { message: string }).message : "";
  const reason =
    message
      .replace(/^Firebase:\s*/, "")
      .replace(/\s*\(auth\/[\w-]+\)\.?$/, "")
      .slice(0, 300) || code;
  const field =
    code === "auth/invalid-phone-number" || code === "auth/missing-phone-number"
      ? "mobileNum"
      : code === "auth/invalid-verification-code" || code === "auth/code-expired" || code === "auth/missing-verification-code"
        ? "verificationCode"
        : null;
  return { code, key: AUTH_ERROR_KEYS[code] ?? "auth_unknown", reason, field };
}

/** The notice's text: the translated message, then 'Code:' and 'Reason:' lines. */
export function identityErrorText(error: IdentityError, t: (key: TranslationKey, values?: Record<string, string>) => string): string {
  return [t(error.key), t("identity_error_code", { code: error.code }), t("identity_error_reason", { reason: error.reason })].join("\n");
}
