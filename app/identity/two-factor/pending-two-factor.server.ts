// The login waiting for its second factor (docs/behaviour/identity.md#two-factor-step): kept for five minutes in its own
// HttpOnly cookie, sealed with AES-GCM (tamper-proof and unreadable), never in the page (Epic Stack habit).
import { z } from "zod";
import { expireCookie, hasCookie, readCookie, sealedCookie } from "../../.server/cookies";
import { TWO_FACTOR_METHODS } from "./methods";

export const PENDING_TWO_FACTOR_COOKIE = "mc_2fa";
const SEAL_INFO = "mc_2fa/v1 pending two-factor login";
export const PENDING_TWO_FACTOR_MAX_AGE = 5 * 60;
/** What every browser keeps of one cookie (RFC 6265, section 6.1), counted here over the whole Set-Cookie line. */
const COOKIE_LIMIT = 4096;

const pendingSchema = z
  .object({
    /** A password login's credentials; a Firebase login has `identity` instead. */
    username: z.string().min(1).max(64).nullable(),
    password: z.string().min(1).max(128).nullable(),
    /** A Firebase login (docs/behaviour/firebase.md#after-sign-in): the ID token stands in for the password. */
    identity: z.object({ channel: z.string().max(32), idToken: z.string().max(4000) }).nullable(),
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

function pendingCookie(request: Request, secret: string) {
  return sealedCookie(request, {
    name: PENDING_TWO_FACTOR_COOKIE,
    secret,
    maxAge: PENDING_TWO_FACTOR_MAX_AGE,
    info: SEAL_INFO,
    schema: pendingSchema,
  });
}

export async function pendingTwoFactorCookie(
  request: Request,
  secret: string,
  pending: Omit<PendingTwoFactor, "expiresAt" | "nonce">,
  now = Date.now(),
) {
  const value = pendingSchema.parse({ ...pending, nonce: crypto.randomUUID(), expiresAt: now + PENDING_TWO_FACTOR_MAX_AGE * 1000 });
  const cookie = pendingCookie(request, secret);
  const line = await cookie.serialize(value);
  if (line.length <= COOKIE_LIMIT) return line;
  // Only a redirect address near its 2 KB limit makes it this long (sealed, then Remix's base64 and signature): the
  // login then goes on to the default page rather than losing the cookie and the second step with it.
  return cookie.serialize({ ...value, redirectUrl: null });
}

/** The pending login, if it is unexpired and was started on this merchant. */
export async function readPendingTwoFactor(
  request: Request,
  secret: string,
  merchantCode: string,
  now = Date.now(),
): Promise<PendingTwoFactor | null> {
  // The sealed cookie has checked the schema already; parsed again here only to give the value its type.
  const parsed = pendingSchema.safeParse(await readCookie(pendingCookie(request, secret), request));
  const pending = parsed.success ? parsed.data : null;
  return pending && pending.expiresAt > now && pending.merchantCode === merchantCode ? pending : null;
}

export function hasPendingTwoFactorCookie(request: Request): Promise<boolean> {
  return hasCookie(request, PENDING_TWO_FACTOR_COOKIE);
}

export function clearPendingTwoFactorCookie(request: Request): Promise<string> {
  return expireCookie(request, PENDING_TWO_FACTOR_COOKIE);
}
