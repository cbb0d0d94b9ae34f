// Throttling at the edge for login, SMS codes, registration and wrong codes (docs/behaviour/identity.md#throttling),
// counted in the merchant's IdentityGuard so every isolate agrees.
// Logins: the hard lock is per account and client (device cookie, else address), so a stranger's guesses lock only
// the stranger; the per-account and per-address limits are soft: a device that has logged in to the account before
// passes them (docs/decisions/0062-identity-guard-shards.md).
import type { AppContext } from "../lib/context.server";
import type { Message } from "./types";
import { identityGuardFor, type AttemptRule, type AttemptState } from "../.server/security/identity-guard";
import { md5Hex } from "../.server/platform/encryption";
import { deviceSeedOf, serverDeviceId } from "./device-id.server";
import { THROTTLE_LIMITS, type ThrottleKind } from "./throttle-limits";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** How long a device that logged in to an account stays known to it (renewed at each login; as a remembered login). */
export const KNOWN_DEVICE_MS = 180 * DAY;

/**
 * Who is trying: a hash of the device cookie's seed and the address (when known). `newDevice`: the browser sent no
 * device cookie and is given one with this answer.
 */
export type ThrottleClient = { device: string | null; ip: string | null; newDevice?: boolean };

/**
 * The client keys of the hard lock: the device cookie the browser sent; a browser that sent none is counted by its
 * address (and by the cookie it is given now, so keeping that cookie gives no fresh attempts).
 */
export function clientKeys(client: ThrottleClient): string[] {
  const address = client.ip ? `ip:${client.ip}` : "unknown";
  if (!client.device) return [address];
  return client.newDevice ? [address, `device:${client.device}`] : [`device:${client.device}`];
}

function accountId(account: string | null): string | null {
  return account?.trim().toLowerCase().slice(0, 128) || null;
}

/** The counters of one attempt: hard ones always block, soft ones not for a known device. */
export function throttleRules(
  kind: ThrottleKind,
  client: ThrottleClient,
  account: string | null,
): { hard: AttemptRule[]; soft: AttemptRule[] } {
  const limits = THROTTLE_LIMITS[kind];
  const id = accountId(account);
  const windowMs = limits.windowMs;
  const hard: AttemptRule[] = [];
  const soft: AttemptRule[] = [];
  const shared = limits.soft ? soft : hard;
  if (client.ip) shared.push({ key: `${kind}:ip:${client.ip}`, limit: limits.perIp, windowMs });
  if (id) shared.push({ key: `${kind}:account:${id}`, limit: limits.perAccount, windowMs });
  if (id && limits.perClient !== null) {
    for (const key of clientKeys(client)) hard.push({ key: `${kind}:client:${id}:${key}`, limit: limits.perClient, windowMs });
  }
  return { hard, soft };
}

/** The record that says this device has logged in to this account (only a device cookie can be known, never an address). */
export function knownDeviceRecord(account: string | null, client: ThrottleClient): string | null {
  const id = accountId(account);
  return id && client.device ? `known-device:${id}:${client.device}` : null;
}

/** Blocked by a hard rule; or by a soft rule unless the device is known to the account. */
export function throttleVerdict(hard: AttemptState, soft: AttemptState, knownDevice: boolean): AttemptState {
  if (hard.blocked) return hard;
  return soft.blocked && !knownDevice ? soft : { blocked: false };
}

/**
 * "Too many attempts, try again in M minutes", rounded up to whole minutes; the last minute has its own sentence ("in a
 * minute"), since the dictionaries have no plural forms (docs/decisions/0030).
 */
export function tooManyAttempts(state: Extract<AttemptState, { blocked: true }>, now = Date.now()): Message {
  const minutes = Math.max(1, Math.ceil((state.until - now) / MINUTE));
  if (minutes === 1) return { key: "too_many_attempts_minute" };
  return { key: "too_many_attempts", values: { minutes: String(minutes) } };
}

function guard(context: Pick<AppContext, "cloudflare" | "merchant">) {
  return identityGuardFor(context.cloudflare.env, context.merchant.merchantCode);
}

/** The client as far as the context knows it (its address only); login passes the device too (throttleClient). */
function addressOnly(context: Pick<AppContext, "clientIp">): ThrottleClient {
  return { device: null, ip: context.clientIp };
}

function deviceKeyOf(seed: string): string {
  return md5Hex(`throttle-client|${seed}`).slice(0, 24);
}

/**
 * The requesting client: its signed device cookie (a hash of the seed; the seed stays in the cookie) and address. A
 * browser without the cookie is given one: `planted` is the one the login's device id planted already, if it did.
 */
export async function throttleClient(
  request: Request,
  context: Pick<AppContext, "cloudflare" | "clientIp">,
  planted: { setCookie: string | null; seed?: string } | null = null,
): Promise<{ client: ThrottleClient; setCookie: string | null }> {
  const seed = await deviceSeedOf(request, context.cloudflare.env.SESSION_SECRET);
  if (seed) return { client: { device: deviceKeyOf(seed), ip: context.clientIp }, setCookie: null };
  if (planted?.setCookie && planted.seed) {
    return { client: { device: deviceKeyOf(planted.seed), ip: context.clientIp, newDevice: true }, setCookie: null };
  }
  const fresh = await serverDeviceId(request, context.cloudflare.env.SESSION_SECRET);
  return { client: { device: deviceKeyOf(fresh.seed), ip: context.clientIp, newDevice: true }, setCookie: fresh.setCookie };
}

type GuardContext = Pick<AppContext, "cloudflare" | "merchant">;

/** The state of some counters; a guard that cannot be reached blocks nobody. */
export async function checkRules(context: GuardContext, rules: AttemptRule[]): Promise<AttemptState> {
  if (rules.length === 0) return { blocked: false };
  try {
    return (await guard(context)?.checkAttempts(rules, Date.now())) ?? { blocked: false };
  } catch (error) {
    console.error("[throttle] guard unreachable", error);
    return { blocked: false };
  }
}

/** Counts one attempt on each rule; the state after it. */
export async function countRules(context: GuardContext, rules: AttemptRule[]): Promise<AttemptState> {
  if (rules.length === 0) return { blocked: false };
  try {
    return (await guard(context)?.recordAttempt(rules, Date.now())) ?? { blocked: false };
  } catch (error) {
    console.error("[throttle] guard unreachable", error);
    return { blocked: false };
  }
}

export async function clearRules(context: GuardContext, rules: AttemptRule[]): Promise<void> {
  try {
    await guard(context)?.clearAttempts(rules.map((rule) => rule.key));
  } catch (error) {
    console.error("[throttle] guard unreachable", error);
  }
}

async function isKnownDevice(context: GuardContext, record: string | null): Promise<boolean> {
  if (!record) return false;
  try {
    return ((await guard(context)?.getRecord(record, Date.now())) ?? null) !== null;
  } catch (error) {
    console.error("[throttle] guard unreachable", error);
    return false;
  }
}

/** Blocked or not, before the platform is asked: the hard rules, the soft ones and the known-device record at once. */
export async function checkThrottle(
  context: Pick<AppContext, "cloudflare" | "merchant" | "clientIp">,
  kind: ThrottleKind,
  account: string | null,
  client: ThrottleClient = addressOnly(context),
): Promise<AttemptState> {
  const { hard, soft } = throttleRules(kind, client, account);
  const [hardState, softState, known] = await Promise.all([
    checkRules(context, hard),
    checkRules(context, soft),
    isKnownDevice(context, knownDeviceRecord(account, client)),
  ]);
  return throttleVerdict(hardState, softState, known);
}

/** Counts one attempt (a failed login, a code sent, a registration tried). */
export async function recordAttempt(
  context: Pick<AppContext, "cloudflare" | "merchant" | "clientIp">,
  kind: ThrottleKind,
  account: string | null,
  client: ThrottleClient = addressOnly(context),
): Promise<void> {
  const { hard, soft } = throttleRules(kind, client, account);
  await countRules(context, [...hard, ...soft]);
}

/**
 * A successful login: this client's count for the account starts afresh and its device becomes known to the account.
 * The account's count across clients stays (the owner logging in must not give a stranger fresh guesses).
 */
export async function clearAccountAttempts(
  context: Pick<AppContext, "cloudflare" | "merchant" | "clientIp">,
  kind: ThrottleKind,
  account: string,
  client: ThrottleClient = addressOnly(context),
): Promise<void> {
  const { hard } = throttleRules(kind, client, account);
  const record = knownDeviceRecord(account, client);
  await Promise.all([
    clearRules(context, kind === "login" ? hard : throttleRules(kind, { device: null, ip: null }, account).hard),
    record
      ? guard(context)
          ?.putRecord(record, "1", Date.now() + KNOWN_DEVICE_MS)
          .catch((error: unknown) => {
            console.error("[throttle] guard unreachable", error);
          })
      : undefined,
  ]);
}

// Wrong codes (docs/behaviour/identity.md#wrong-codes): a pending two-factor step ends after five wrong codes, an
// account's steps after ten in 15 minutes; a number's SMS login codes stop after five until a new code is sent.

export const CODE_LIMITS = {
  twoFactorStep: { limit: 5, windowMs: 10 * MINUTE },
  twoFactorAccount: { limit: 10, windowMs: 15 * MINUTE },
  smsLogin: { limit: 5, windowMs: 15 * MINUTE },
} as const;

/** The counters of wrong codes in one pending two-factor step (its nonce) and for its account (password logins). */
export function twoFactorCodeRules(nonce: string, account: string | null): { step: AttemptRule; account: AttemptRule | null } {
  const id = accountId(account);
  return {
    step: { key: `2fa-code:step:${nonce}`, ...CODE_LIMITS.twoFactorStep },
    account: id ? { key: `2fa-code:account:${id}`, ...CODE_LIMITS.twoFactorAccount } : null,
  };
}

/** The counter of wrong SMS login codes for a number. */
export function smsLoginCodeRule(mobileNum: string): AttemptRule {
  return { key: `sms-login-code:number:${mobileNum.trim().slice(0, 32)}`, ...CODE_LIMITS.smsLogin };
}
