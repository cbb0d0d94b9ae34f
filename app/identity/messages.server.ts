// The error catalogue for identity calls, as messages the login and two-factor screens show
// (docs/behaviour/identity.md#login-messages).
import type { PlatformResult } from "../.server/platform/outcomes";
import type { Message } from "./types";
import type { TranslationKey } from "../i18n/i18n-instance";

export function keyMessage(key: TranslationKey): Message {
  return { key };
}

/** The platform's own text when it gave one, else the translation. */
export function platformMessage(message: string | null | undefined, fallback: TranslationKey): Message {
  const text = message?.trim();
  return text ? { text: text.slice(0, 500) } : { key: fallback };
}

export function isCaptchaError(errorCode: string | null): boolean {
  return !!errorCode && errorCode.toLowerCase().startsWith("geetest");
}

/** A notice for a failure without a flow-specific meaning; null for the catalogue's silent outcomes. */
export function noticeFor(result: Extract<PlatformResult<unknown>, { ok: false }>): Message | null {
  if (isCaptchaError(result.errorCode)) {
    return keyMessage(result.errorCode === "geetest.required" ? "captcha_required" : "captcha_invalid");
  }
  const { failure } = result;
  switch (failure.kind) {
    case "silent":
      return null;
    case "not-logged-in":
      return keyMessage("please_login");
    case "notice":
      return failure.message ? { text: failure.message.slice(0, 500) } : keyMessage(failure.messageKey);
  }
}

/**
 * The platform did not answer usefully (502, timeout, unreachable, 5xx without a message): "service unavailable,
 * try again", so a form never comes back with nothing said. Null for any other failure.
 */
export function serviceUnavailableNotice(result: Extract<PlatformResult<unknown>, { ok: false }>): Message | null {
  const { failure } = result;
  if (failure.kind === "silent" && failure.reason === "bad-gateway") return keyMessage("platform_unavailable");
  if (failure.kind === "notice" && !failure.message && failure.messageKey !== "unknown_error") return keyMessage(failure.messageKey);
  return null;
}

export function newId(): string {
  return crypto.randomUUID();
}
