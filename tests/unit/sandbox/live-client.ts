// HTTP helpers for the live tests (live.test.ts) against a running sandbox at SANDBOX_URL.
// Written from the contract (docs/platform-contract.md) and the rules (docs/behaviour/), not from the sandbox's code.
import { createHmac } from "node:crypto";
import { encryptCall, type EncryptedCall } from "./wire-client";

export const BASE = process.env.SANDBOX_URL ?? "";

export interface Reply {
  success: boolean;
  value?: unknown;
  message?: string;
  errorCode?: string;
}

export interface CallResult {
  status: number;
  body: Reply;
}

export async function call(path: string, init: RequestInit & { merchant?: string } = {}): Promise<CallResult> {
  const headers = new Headers(init.headers);
  if (init.merchant !== undefined) headers.set("Merchant", init.merchant);
  const res = await fetch(BASE + path, { ...init, headers });
  return { status: res.status, body: (await res.json()) as Reply };
}

export async function modulus(merchant: string): Promise<string> {
  const res = await fetch(`${BASE}/wps/session/key/rsa?_=${Date.now()}`, { headers: { Merchant: merchant } });
  return (await res.text()).trim();
}

export function post(path: string, merchant: string, enc: EncryptedCall, headers: Record<string, string> = {}) {
  return call(path, {
    method: "POST",
    merchant,
    headers: { "content-type": "application/json", ...enc.headers, ...headers },
    body: enc.body,
  });
}

/** An encrypted POST as the app makes it (fresh key, Device header unless overridden). */
export async function securePost(path: string, merchant: string, payload: unknown, headers: Record<string, string> = {}) {
  return post(path, merchant, encryptCall(payload, await modulus(merchant)), { Device: "PWA", ...headers });
}

export function jsonPost(path: string, merchant: string, body: unknown, headers: Record<string, string> = {}) {
  return call(path, { method: "POST", merchant, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

export function control(path: string, body: unknown) {
  return call(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

export function resetMerchant(merchant: string) {
  return control("/__sandbox/reset", { merchant, data: true });
}

export type CaptchaFields = { geetestChallenge: string; geetestValidate: string; geetestSeccode: string } | { geetestValidateV4: string };

/** What the widget does: fetch a challenge, "solve" it through the sandbox, give the fields the product sends. */
export async function solveCaptcha(merchant: string, product: "login" | "register" | "sms" = "login"): Promise<CaptchaFields> {
  const challenge = await call(`/wps/captcha/geetest?t=${Date.now()}&product=${product}`, { merchant });
  const value = challenge.body.value as { gt?: string; challenge?: string; captchaId?: string };
  if (value.challenge !== undefined) {
    const solved = await jsonPost("/wps/captcha/geetest/solve", merchant, { challenge: value.challenge });
    const v = solved.body.value as { geetest_challenge: string; geetest_validate: string; geetest_seccode: string };
    return { geetestChallenge: v.geetest_challenge, geetestValidate: v.geetest_validate, geetestSeccode: v.geetest_seccode };
  }
  const solved = await jsonPost("/wps/captcha/geetest4/solve", merchant, { captchaId: value.captchaId });
  return { geetestValidateV4: JSON.stringify(solved.body.value) };
}

export interface SmsEntry {
  mobileNum: string;
  code: string;
  expirationTime: number;
}

export async function sentCodes(merchant: string, mobileNum: string): Promise<SmsEntry[]> {
  const res = await call(`/__sandbox/sms?merchant=${merchant}&mobileNum=${encodeURIComponent(mobileNum)}`);
  return res.body.value as SmsEntry[];
}

/** Sends a code (solving the captcha first when asked) and reads it back. */
export async function sendAndReadCode(merchant: string, countryDialingCode: string, mobileNum: string, withCaptcha = false) {
  const captcha = withCaptcha ? await solveCaptcha(merchant, "sms") : {};
  const sent = await jsonPost("/wps/verification/sms/noLogin", merchant, { countryDialingCode, mobileNum, ...captcha });
  if (!sent.body.success) throw new Error(`send-code failed: ${JSON.stringify(sent.body)}`);
  const [latest] = await sentCodes(merchant, mobileNum);
  if (latest === undefined) throw new Error("no code stored");
  return latest.code;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** An authenticator app's code (RFC 6238, SHA-1, 6 digits, 30 s) via node:crypto. */
export function authenticatorCode(secretBase32: string, timeMs = Date.now()): string {
  let bits = "";
  for (const ch of secretBase32.replace(/=+$/, "")) bits += BASE32.indexOf(ch).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}
