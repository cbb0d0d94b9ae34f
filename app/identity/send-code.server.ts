// Send an SMS code (docs/behaviour/identity.md#sms-codes), shared by the
// /m/sms-code resource route (JavaScript) and the login form's own "Send code" button (no JavaScript).
import { z } from "zod";
import type { AppContext } from "../lib/context.server";
import { isDialingCode, isNationalNumber, normalizeMobile, wireMobile } from "./phone";
import type { Message } from "./types";
import { callSendSmsCode, type GeetestFields } from "./session-calls.server";
import { keyMessage, noticeFor, serviceUnavailableNotice } from "./messages.server";
import { checkThrottle, clearRules, recordAttempt, smsLoginCodeRule, tooManyAttempts } from "./throttle.server";

/** SMS countdown fallback when the platform gives no usable expiration: 60 s. */
export const SMS_COUNTDOWN_FALLBACK_MS = 60_000;
/** A longer answer than this is taken as a clock problem: fall back. */
const MAX_COUNTDOWN_MS = 15 * 60_000;

const optionalText = (max: number) => z.string().max(max).optional();

export const geetestFieldsSchema = z.object({
  geetestChallenge: optionalText(256),
  geetestValidate: optionalText(256),
  geetestSeccode: optionalText(300),
  geetestValidateV4: optionalText(2048),
});

/** Only the captcha fields that carry a value. */
export function geetestFields(raw: Record<string, unknown>): GeetestFields {
  const parsed = geetestFieldsSchema.safeParse(raw);
  if (!parsed.success) return {};
  return Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => typeof v === "string" && v !== "")) as GeetestFields;
}

export type MobileErrors = Partial<Record<"countryDialingCode" | "mobileNum", Message>>;

/** The dialling code and national number, checked; errors keyed by field. */
export function readMobile(
  raw: Record<string, unknown>,
): { ok: true; countryDialingCode: string; mobileNum: string } | { ok: false; errors: MobileErrors } {
  const code = typeof raw.countryDialingCode === "string" ? raw.countryDialingCode.trim().replace(/^\+/, "") : "";
  const number = typeof raw.mobileNum === "string" ? normalizeMobile(raw.mobileNum) : "";
  const errors: MobileErrors = {};
  if (!isDialingCode(code)) errors.countryDialingCode = keyMessage("error_country_code");
  if (!number) errors.mobileNum = keyMessage("error_mobile_required");
  else if (!isNationalNumber(number)) errors.mobileNum = keyMessage("error_mobile_invalid");
  if (errors.countryDialingCode || errors.mobileNum) return { ok: false, errors };
  return { ok: true, countryDialingCode: code, mobileNum: number };
}

export function countdownMs(expirationTime: number | null, now = Date.now()): number {
  if (expirationTime === null) return SMS_COUNTDOWN_FALLBACK_MS;
  const left = expirationTime - now;
  return left > 0 && left <= MAX_COUNTDOWN_MS ? left : SMS_COUNTDOWN_FALLBACK_MS;
}

/**
 * A failure's status: 429 when the edge's or the platform's limit on codes was reached
 * (docs/behaviour/identity.md#sms-codes), 503 when the platform is out of service or too slow
 * (docs/behaviour/errors.md#outage-notice), else 400.
 */
export type SendCodeOutcome =
  { ok: true; expiresInMs: number } | { ok: false; errors: MobileErrors; notice: Message | null; status: 400 | 429 | 503 };

/** The status a send-code answer carries. */
export function sendCodeStatus(outcome: SendCodeOutcome): 200 | 400 | 429 | 503 {
  return outcome.ok ? 200 : outcome.status;
}

export async function sendSmsCode(context: AppContext, raw: Record<string, unknown>): Promise<SendCodeOutcome> {
  const mobile = readMobile(raw);
  if (!mobile.ok) return { ok: false, errors: mobile.errors, notice: null, status: 400 };
  const wire = wireMobile(mobile.countryDialingCode, mobile.mobileNum);
  const throttled = await checkThrottle(context, "sms-code", wire);
  if (throttled.blocked) return { ok: false, errors: {}, notice: tooManyAttempts(throttled), status: 429 };
  const result = await callSendSmsCode(context.platform, {
    countryDialingCode: mobile.countryDialingCode,
    mobileNum: wire,
    ...geetestFields(raw),
  });
  if (result.ok) {
    // A new code starts the number's wrong-code count afresh (docs/behaviour/identity.md#wrong-codes).
    await Promise.all([recordAttempt(context, "sms-code", wire), clearRules(context, [smsLoginCodeRule(wire)])]);
    return { ok: true, expiresInMs: countdownMs(result.value.expirationTime) };
  }
  if (result.errorCode === "mobile.invalid")
    return { ok: false, errors: { mobileNum: keyMessage("error_mobile_invalid") }, notice: null, status: 400 };
  const unavailable = serviceUnavailableNotice(result);
  if (unavailable) return { ok: false, errors: {}, notice: unavailable, status: 503 };
  const limited = result.failure.kind === "silent" && result.failure.reason === "too-many-requests";
  return { ok: false, errors: {}, notice: noticeFor(result), status: limited ? 429 : 400 };
}
