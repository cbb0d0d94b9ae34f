// Geetest captcha, simulated: challenges (v3) or the captcha id (v4), the
// "solve" that stands in for Geetest's own servers, and the one-time check of
// a result by the call that consumes it. Storage is behind CaptchaStore so the
// rules are testable without D1 (captcha-store.ts is the D1 implementation).
import { randomAlnum, randomHex } from "./random";

export type GeetestVersion = "v3" | "v4";
export type CaptchaProduct = "login" | "register" | "sms";

/** Challenges and results are good for ten minutes. */
export const CAPTCHA_TTL_MS = 10 * 60_000;
/** Geetest v3's seccode is the validate value plus this suffix. */
export const V3_SECCODE_SUFFIX = "|jordan";

export interface CaptchaMerchant {
  code: string;
  geetestVersion: GeetestVersion;
  geetestId: string;
}

export interface ChallengeRecord {
  challenge: string;
  merchant: string;
  product: CaptchaProduct;
  createdAt: number;
}

export interface CaptchaResult {
  /** v3: the challenge; v4: lot_number. */
  key: string;
  merchant: string;
  version: GeetestVersion;
  /** v3: geetest_validate; v4: captcha_output. */
  validate: string;
  /** v4 only. */
  passToken: string | null;
  /** v4 only: unix seconds as a string. */
  genTime: string | null;
  createdAt: number;
  usedAt: number | null;
}

export interface CaptchaStore {
  addChallenge(record: ChallengeRecord): Promise<void>;
  /** Removes the challenge and returns it (a challenge is solved at most once). */
  takeChallenge(challenge: string): Promise<ChallengeRecord | null>;
  addResult(result: CaptchaResult): Promise<void>;
  findResult(key: string): Promise<CaptchaResult | null>;
  /** Marks an unused result used; true only for the one caller that did. */
  markUsed(key: string, at: number): Promise<boolean>;
}

export type ChallengeReply = { gt: string; challenge: string; new_captcha: true } | { captchaId: string };

/** GET /wps/captcha/geetest: v3 issues a one-time challenge; v4 answers the captcha id. */
export async function issueChallenge(
  store: CaptchaStore,
  merchant: CaptchaMerchant,
  product: CaptchaProduct,
  now: number,
): Promise<ChallengeReply> {
  if (merchant.geetestVersion === "v4") return { captchaId: merchant.geetestId };
  const challenge = randomHex(16);
  await store.addChallenge({ challenge, merchant: merchant.code, product, createdAt: now });
  return { gt: merchant.geetestId, challenge, new_captcha: true };
}

export interface V3Solution {
  geetest_challenge: string;
  geetest_validate: string;
  geetest_seccode: string;
}

export interface V4Solution {
  lot_number: string;
  captcha_output: string;
  pass_token: string;
  gen_time: string;
}

const expired = (createdAt: number, now: number) => now - createdAt > CAPTCHA_TTL_MS;

/** v3 solve: the challenge must have been issued to this merchant, not solved yet and not expired. */
export async function solveV3(store: CaptchaStore, merchant: CaptchaMerchant, challenge: string, now: number): Promise<V3Solution | null> {
  if (merchant.geetestVersion !== "v3") return null;
  const record = await store.takeChallenge(challenge);
  if (record === null || record.merchant !== merchant.code || expired(record.createdAt, now)) return null;
  const validate = randomHex(16);
  await store.addResult({
    key: challenge,
    merchant: merchant.code,
    version: "v3",
    validate,
    passToken: null,
    genTime: null,
    createdAt: now,
    usedAt: null,
  });
  return { geetest_challenge: challenge, geetest_validate: validate, geetest_seccode: validate + V3_SECCODE_SUFFIX };
}

/** v4 solve: the captcha id must be this merchant's; every solve gives a fresh result. */
export async function solveV4(store: CaptchaStore, merchant: CaptchaMerchant, captchaId: string, now: number): Promise<V4Solution | null> {
  if (merchant.geetestVersion !== "v4" || captchaId !== merchant.geetestId) return null;
  const solution: V4Solution = {
    lot_number: randomHex(16),
    captcha_output: randomAlnum(48),
    pass_token: randomHex(32),
    gen_time: String(Math.floor(now / 1000)),
  };
  await store.addResult({
    key: solution.lot_number,
    merchant: merchant.code,
    version: "v4",
    validate: solution.captcha_output,
    passToken: solution.pass_token,
    genTime: solution.gen_time,
    createdAt: now,
    usedAt: null,
  });
  return solution;
}

/** The captcha fields of a login, send-code or register body. */
export interface CaptchaFields {
  geetestChallenge?: string | null;
  geetestValidate?: string | null;
  geetestSeccode?: string | null;
  geetestValidateV4?: string | null;
}

export type CaptchaCheck = "ok" | "geetest.required" | "geetest.invalid";

const blank = (value: string | null | undefined): value is null | undefined | "" =>
  value === undefined || value === null || value.trim() === "";

function parseV4(raw: string): V4Solution | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  const asText = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : null);
  const lot = asText(record.lot_number);
  const output = asText(record.captcha_output);
  const pass = asText(record.pass_token);
  const gen = asText(record.gen_time);
  if (lot === null || output === null || pass === null || gen === null) return null;
  return { lot_number: lot, captcha_output: output, pass_token: pass, gen_time: gen };
}

/**
 * Checks and consumes a captcha result for `merchant`: missing fields for the
 * merchant's version → geetest.required; unknown, mismatched, expired or
 * already used → geetest.invalid. A result passes once.
 */
export async function verifyCaptcha(
  store: CaptchaStore,
  merchant: CaptchaMerchant,
  fields: CaptchaFields,
  now: number,
): Promise<CaptchaCheck> {
  let key: string;
  let matches: (result: CaptchaResult) => boolean;
  if (merchant.geetestVersion === "v3") {
    const { geetestChallenge: challenge, geetestValidate: validate, geetestSeccode: seccode } = fields;
    if (blank(challenge) && blank(validate) && blank(seccode)) return "geetest.required";
    if (blank(challenge) || blank(validate) || blank(seccode)) return "geetest.invalid";
    key = challenge;
    matches = (r) => r.validate === validate && seccode === r.validate + V3_SECCODE_SUFFIX;
  } else {
    if (blank(fields.geetestValidateV4)) return "geetest.required";
    const solution = parseV4(fields.geetestValidateV4);
    if (solution === null) return "geetest.invalid";
    key = solution.lot_number;
    matches = (r) => r.validate === solution.captcha_output && r.passToken === solution.pass_token && r.genTime === solution.gen_time;
  }
  const result = await store.findResult(key);
  if (
    result === null ||
    result.merchant !== merchant.code ||
    result.version !== merchant.geetestVersion ||
    result.usedAt !== null ||
    expired(result.createdAt, now) ||
    !matches(result)
  ) {
    return "geetest.invalid";
  }
  return (await store.markUsed(key, now)) ? "ok" : "geetest.invalid";
}
