// Throttling at the edge for login, SMS codes and registration (docs/behaviour/identity.md#throttling): per client IP
// and per account (username or mobile number), counted in the merchant's IdentityGuard so every isolate agrees.
// Limits per IP are generous on purpose: players on mobile networks share addresses behind carrier NAT.
import type { AppContext } from "../lib/context";
import type { Message } from "./login/types";
import { identityGuardFor, type AttemptRule, type AttemptState } from "../.server/security/identity-guard";

const MINUTE = 60_000;

/** What is counted: login failures, SMS codes sent, registrations tried. */
export type ThrottleKind = "login" | "sms-code" | "register";

export const THROTTLE_LIMITS: Record<ThrottleKind, { perIp: number; perAccount: number; windowMs: number }> = {
  login: { perIp: 300, perAccount: 5, windowMs: 15 * MINUTE },
  "sms-code": { perIp: 100, perAccount: 5, windowMs: 15 * MINUTE },
  register: { perIp: 200, perAccount: 5, windowMs: 60 * MINUTE },
};

/** The counters for one attempt: the client's IP (when known) and the account (when given). */
export function throttleRules(kind: ThrottleKind, ip: string | null, account: string | null): AttemptRule[] {
  const limits = THROTTLE_LIMITS[kind];
  const rules: AttemptRule[] = [];
  if (ip) rules.push({ key: `${kind}:ip:${ip}`, limit: limits.perIp, windowMs: limits.windowMs });
  const id = account?.trim().toLowerCase();
  if (id) rules.push({ key: `${kind}:account:${id.slice(0, 128)}`, limit: limits.perAccount, windowMs: limits.windowMs });
  return rules;
}

/** "Too many attempts, try again in M minutes" (at least one minute). */
export function tooManyAttempts(state: Extract<AttemptState, { blocked: true }>, now = Date.now()): Message {
  const minutes = Math.max(1, Math.ceil((state.until - now) / MINUTE));
  return { key: "too_many_attempts", values: { minutes: String(minutes) } };
}

function guard(context: Pick<AppContext, "cloudflare" | "merchant">) {
  return identityGuardFor(context.cloudflare.env, context.merchant.merchantCode);
}

/** Blocked or not, before the platform is asked. A guard that cannot be reached blocks nobody. */
export async function checkThrottle(
  context: Pick<AppContext, "cloudflare" | "merchant" | "clientIp">,
  kind: ThrottleKind,
  account: string | null,
): Promise<AttemptState> {
  const rules = throttleRules(kind, context.clientIp, account);
  try {
    return (await guard(context)?.checkAttempts(rules, Date.now())) ?? { blocked: false };
  } catch (error) {
    console.error("[throttle] guard unreachable", error);
    return { blocked: false };
  }
}

/** Counts one attempt (a failed login, a code sent, a registration tried). */
export async function recordAttempt(
  context: Pick<AppContext, "cloudflare" | "merchant" | "clientIp">,
  kind: ThrottleKind,
  account: string | null,
): Promise<void> {
  try {
    await guard(context)?.recordAttempt(throttleRules(kind, context.clientIp, account), Date.now());
  } catch (error) {
    console.error("[throttle] guard unreachable", error);
  }
}

/** A successful login starts the account's count afresh (the IP's count stays). */
export async function clearAccountAttempts(
  context: Pick<AppContext, "cloudflare" | "merchant">,
  kind: ThrottleKind,
  account: string,
): Promise<void> {
  try {
    await guard(context)?.clearAttempts(throttleRules(kind, null, account).map((rule) => rule.key));
  } catch (error) {
    console.error("[throttle] guard unreachable", error);
  }
}
