// The throttling limits (docs/behaviour/identity.md#throttling), apart from the guard calls that apply them so that a
// test can read them without the server's modules.

const MINUTE = 60_000;

/** What is counted: login failures, SMS codes sent, registrations tried. */
export type ThrottleKind = "login" | "sms-code" | "register";

export type ThrottleLimits = {
  /** Hard: per account and client. Null where the kind is not counted per client. */
  perClient: number | null;
  perAccount: number;
  perIp: number;
  /** Soft limits (per account, per IP) are waived for a known device; otherwise they are hard too. */
  soft: boolean;
  windowMs: number;
};

export const THROTTLE_LIMITS: Record<ThrottleKind, ThrottleLimits> = {
  login: { perClient: 5, perAccount: 20, perIp: 300, soft: true, windowMs: 15 * MINUTE },
  "sms-code": { perClient: null, perAccount: 5, perIp: 100, soft: false, windowMs: 15 * MINUTE },
  register: { perClient: null, perAccount: 5, perIp: 200, soft: false, windowMs: 60 * MINUTE },
};
