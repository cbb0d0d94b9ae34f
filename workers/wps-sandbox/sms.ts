// SMS verification codes, simulated: nothing is sent; codes are stored and
// readable through GET /__sandbox/sms. Storage is behind SmsStore so the rules
// are testable without D1 (sms-store.ts is the D1 implementation).
import { randomDigits } from "./random";

/** A code lives 90 s. */
export const SMS_CODE_TTL_MS = 90_000;
/** A number gets at most one code per 30 s. */
export const SMS_RESEND_MS = 30_000;
export const SMS_CODE_DIGITS = 6;

export interface SmsCode {
  id: number;
  merchant: string;
  mobileNum: string;
  code: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface SmsStore {
  /** The newest code sent to the number, if any. */
  latest(merchant: string, mobileNum: string): Promise<SmsCode | null>;
  add(code: Omit<SmsCode, "id">): Promise<SmsCode>;
  /** Codes newest first, for one number or the whole merchant. */
  list(merchant: string, mobileNum?: string): Promise<SmsCode[]>;
  /** Marks an unused code used; true only for the one caller that did. */
  markUsed(id: number, at: number): Promise<boolean>;
}

export type SendResult = { ok: true; code: SmsCode } | { ok: false; errorCode: "TOO_MANY_REQUEST_SMS"; retryAfterSeconds: number };

/** Stores a fresh code unless the number got one less than 30 s ago. */
export async function sendCode(store: SmsStore, merchant: string, mobileNum: string, now: number): Promise<SendResult> {
  const last = await store.latest(merchant, mobileNum);
  if (last !== null && now - last.createdAt < SMS_RESEND_MS) {
    return { ok: false, errorCode: "TOO_MANY_REQUEST_SMS", retryAfterSeconds: Math.ceil((last.createdAt + SMS_RESEND_MS - now) / 1000) };
  }
  const code = await store.add({
    merchant,
    mobileNum,
    code: randomDigits(SMS_CODE_DIGITS),
    createdAt: now,
    expiresAt: now + SMS_CODE_TTL_MS,
    usedAt: null,
  });
  return { ok: true, code };
}

export type CodeCheck = { ok: true; id: number } | { ok: false; errorCode: "code-expired" | "sms.code.invalid" };

/**
 * Checks `code` against the newest code sent to the number: none, expired or
 * already used → code-expired; different → sms.code.invalid. Does not consume
 * it (see consumeCode), so a call that fails later leaves the code usable.
 */
export async function checkCode(store: SmsStore, merchant: string, mobileNum: string, code: string, now: number): Promise<CodeCheck> {
  const last = await store.latest(merchant, mobileNum);
  if (last === null || last.usedAt !== null || now >= last.expiresAt) return { ok: false, errorCode: "code-expired" };
  if (code.trim() !== last.code) return { ok: false, errorCode: "sms.code.invalid" };
  return { ok: true, id: last.id };
}

/** Uses a checked code up; false if a concurrent call used it first. */
export function consumeCode(store: SmsStore, id: number, now: number): Promise<boolean> {
  return store.markUsed(id, now);
}
