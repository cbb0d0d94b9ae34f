// The login waiting for its second factor (docs/behaviour/identity.md#two-factor-step): kept for five minutes in its own
// HttpOnly cookie, sealed with AES-GCM (tamper-proof and unreadable), never in the page (Epic Stack habit).
import { z } from "zod";
import { expireCookie, readCookie, serializeCookie } from "../cookies.server";
import { seal, unseal } from "../sealed.server";
import { TWO_FACTOR_METHODS } from "./methods";

export const PENDING_TWO_FACTOR_COOKIE = "mc_2fa";
const SEAL_INFO = "mc_2fa/v1 pending two-factor login";
export const PENDING_TWO_FACTOR_MAX_AGE = 5 * 60;

const pendingSchema = z
  .object({
    username: z.string().min(1).max(64),
    password: z.string().min(1).max(128),
    methods: z.array(z.enum(TWO_FACTOR_METHODS)).min(1),
    /** The masked number the platform showed, e.g. "+84*****0005". */
    mobileNum: z.string().max(32).nullable(),
    remember: z.boolean(),
    redirectUrl: z.string().max(2048).nullable(),
    /** Epoch ms; the cookie's Max-Age is the browser's side, this the server's. */
    expiresAt: z.number(),
    /** The merchant it was started on: another merchant's host never accepts it. */
    merchantCode: z.string().min(1).max(32),
    /** Marks the pending login used once it succeeds, so a copy of the cookie cannot be replayed. */
    nonce: z.string().uuid(),
  })
  .strict();
export type PendingTwoFactor = z.infer<typeof pendingSchema>;

export async function pendingTwoFactorCookie(
  request: Request,
  secret: string,
  pending: Omit<PendingTwoFactor, "expiresAt" | "nonce">,
  now = Date.now(),
) {
  const value = pendingSchema.parse({ ...pending, nonce: crypto.randomUUID(), expiresAt: now + PENDING_TWO_FACTOR_MAX_AGE * 1000 });
  return serializeCookie(request, PENDING_TWO_FACTOR_COOKIE, await seal(secret, SEAL_INFO, value), { maxAge: PENDING_TWO_FACTOR_MAX_AGE });
}

/** The pending login, if it is unexpired and was started on this merchant. */
export async function readPendingTwoFactor(
  request: Request,
  secret: string,
  merchantCode: string,
  now = Date.now(),
): Promise<PendingTwoFactor | null> {
  const pending = await unseal(secret, SEAL_INFO, readCookie(request, PENDING_TWO_FACTOR_COOKIE), pendingSchema);
  return pending && pending.expiresAt > now && pending.merchantCode === merchantCode ? pending : null;
}

export function clearPendingTwoFactorCookie(request: Request): string {
  return expireCookie(request, PENDING_TWO_FACTOR_COOKIE);
}
