// The remembered login (remember-me and auto-login; docs/behaviour/identity.md#remembered-login). The browser keeps
// an encrypted HttpOnly cookie with what the login form prefills (type, username or mobile number) and the id of a
// server-side record; the password for auto-login lives only in that record, in the merchant's IdentityGuard, where
// logout can revoke it, and a password change every record of the account (docs/decisions/0011-remembered-login-cookie.md,
// docs/behaviour/identity.md#remembered-login).
import { z } from "zod";
import type { AppContext } from "../lib/context.server";
import { identityGuardFor } from "../.server/security/identity-guard";
import { expireCookie, readCookie, sealedCookie } from "../.server/cookies";
import { seal, unseal } from "../.server/security/sealed";

export const REMEMBER_COOKIE = "mc_remember";
const SEAL_INFO = "mc_remember/v2 remembered login";
const RECORD_SEAL_INFO = "mc_remember/v2 remembered credentials";
/** localStorage had no expiry; a cookie needs one. Renewed at every remembered login. */
export const REMEMBER_MAX_AGE = 60 * 60 * 24 * 180;

const text = (max: number) => z.string().min(1).max(max);

/** Exactly the fields kept per login type: captcha, device and identity-provider fields are dropped. */
export const rememberedLoginSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("username"), username: text(64), password: text(128), merchant: text(32) }).strict(),
  z.object({ type: z.literal("sms"), mobileNum: text(24) }).strict(),
  z.object({ type: z.literal("firebase") }).strict(),
]);
/** What a login asks to remember (the password included, for the server-side record). */
export type RememberedLogin = z.infer<typeof rememberedLoginSchema>;

/** What the cookie holds: never a password. */
const cookieLoginSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("username"), username: text(64), merchant: text(32) }).strict(),
  z.object({ type: z.literal("sms"), mobileNum: text(24) }).strict(),
  z.object({ type: z.literal("firebase") }).strict(),
]);
export type RememberedPrefill = z.infer<typeof cookieLoginSchema>;

export const AUTO_LOGIN_VALUES = ["1", "0"] as const;
export type AutoLoginFlag = (typeof AUTO_LOGIN_VALUES)[number];

const storedSchema = z
  .object({ login: cookieLoginSchema, autoLogin: z.enum(AUTO_LOGIN_VALUES), recordId: z.string().uuid().optional() })
  .strict();
export type StoredRememberedLogin = z.infer<typeof storedSchema>;

/** `issuedAt` (epoch ms): records of before it went in were written without one, and count as issued at 0. */
const recordSchema = z
  .object({ username: text(64), password: text(128), merchant: text(32), issuedAt: z.number().int().nonnegative().optional() })
  .strict();

/**
 * The guard record that says when the account's password last changed: a remembered login issued before it is
 * revoked, on every device. It lives as long as any record issued before it can.
 */
function revokedBeforeId(merchant: string, username: string): string {
  return `remember-revoked:${merchant}:${username.trim().toLowerCase()}`;
}

/** The cookie as this request sees it (its name and Secure depend on http or https). */
function rememberCookie(request: Request, secret: string) {
  return sealedCookie(request, { name: REMEMBER_COOKIE, secret, maxAge: REMEMBER_MAX_AGE, info: SEAL_INFO, schema: storedSchema });
}

/** Where the records live: the merchant's IdentityGuard in the Worker, a map in unit tests. */
export type RecordStore = {
  putRecord(id: string, value: string, expiresAt: number): Promise<void>;
  getRecord(id: string, now: number): Promise<string | null>;
  deleteRecord(id: string): Promise<void>;
};
export type RememberDeps = { secret: string; records: RecordStore | null };

export function rememberDeps(context: Pick<AppContext, "cloudflare" | "merchant">): RememberDeps {
  return {
    secret: context.cloudflare.env.SESSION_SECRET,
    records: identityGuardFor(context.cloudflare.env, context.merchant.merchantCode),
  };
}

/** A login payload as the login form sends it (any extra fields are ignored here). */
export type LoginPayloadLike = {
  type?: "username" | "sms" | "firebase";
  username?: string;
  password?: string;
  merchant: string;
  mobileNum?: string;
  [other: string]: unknown;
};

/** What is kept of a login payload: username type keeps the password (server-side); sms and firebase none. */
export function rememberedFields(payload: LoginPayloadLike): RememberedLogin {
  const type = payload.type ?? "username";
  if (type === "sms") return { type: "sms", mobileNum: payload.mobileNum ?? "" };
  if (type === "firebase") return { type: "firebase" };
  return { type: "username", username: payload.username ?? "", password: payload.password ?? "", merchant: payload.merchant };
}

/** The cookie's content (prefill, auto-login flag, record id), or null when absent or unreadable. */
export async function readRememberedLogin(request: Request, secret: string): Promise<StoredRememberedLogin | null> {
  // The sealed cookie has checked the schema already; parsed again here only to give the value its type.
  const parsed = storedSchema.safeParse(await readCookie(rememberCookie(request, secret), request));
  return parsed.success ? parsed.data : null;
}

/** The remembered credentials from the server-side record; null when revoked, expired or of another account. */
export async function readRememberedCredentials(
  stored: StoredRememberedLogin,
  deps: RememberDeps,
  now = Date.now(),
): Promise<{ username: string; password: string } | null> {
  if (stored.login.type !== "username" || !stored.recordId || !deps.records) return null;
  const sealed = await deps.records.getRecord(stored.recordId, now).catch(() => null);
  const record = await unseal(deps.secret, RECORD_SEAL_INFO, sealed, recordSchema);
  if (!record || record.username !== stored.login.username || record.merchant !== stored.login.merchant) return null;
  // Issued before the account's last password change, or not to be checked against it (NaN): not used.
  const revokedBefore = await deps.records.getRecord(revokedBeforeId(record.merchant, record.username), now).then(Number, () => NaN);
  if (!((record.issuedAt ?? 0) >= revokedBefore)) return null;
  return { username: record.username, password: record.password };
}

async function writeRecord(deps: RememberDeps, id: string, login: Extract<RememberedLogin, { type: "username" }>, now: number) {
  const value = await seal(
    deps.secret,
    RECORD_SEAL_INFO,
    recordSchema.parse({ username: login.username, password: login.password, merchant: login.merchant, issuedAt: now }),
  );
  await deps.records!.putRecord(id, value, now + REMEMBER_MAX_AGE * 1000);
}

async function deleteRecordOf(request: Request, deps: RememberDeps): Promise<void> {
  const stored = await readRememberedLogin(request, deps.secret);
  if (stored?.recordId && deps.records) await deps.records.deleteRecord(stored.recordId).catch(() => undefined);
}

function serialize(request: Request, deps: RememberDeps, stored: StoredRememberedLogin): Promise<string> {
  return rememberCookie(request, deps.secret).serialize(storedSchema.parse(stored));
}

/**
 * Set-Cookie storing the remembered login, and (username type) a new server-side record for auto-login; the
 * request's earlier record is revoked. Throws when the fields are not what is kept for the type.
 */
export async function rememberLoginCookie(
  request: Request,
  deps: RememberDeps,
  login: RememberedLogin,
  autoLogin: AutoLoginFlag = "1",
  now = Date.now(),
): Promise<string> {
  const checked = rememberedLoginSchema.parse(login);
  await deleteRecordOf(request, deps);
  if (checked.type !== "username") return serialize(request, deps, { login: checked, autoLogin });
  const prefill = { type: "username" as const, username: checked.username, merchant: checked.merchant };
  if (!deps.records) return serialize(request, deps, { login: prefill, autoLogin });
  const recordId = crypto.randomUUID();
  await writeRecord(deps, recordId, checked, now);
  return serialize(request, deps, { login: prefill, autoLogin, recordId });
}

/** Forgets the remembered login: the record is revoked and the cookie expires. */
export async function forgetLoginCookie(request: Request, deps: RememberDeps): Promise<string> {
  await deleteRecordOf(request, deps);
  return expireCookie(request, REMEMBER_COOKIE);
}

/**
 * Keeps the prefill but turns auto-login on or off; null when nothing is remembered. `revoke` (logout) also revokes
 * the record, so a copy of the cookie taken before can never log in again.
 */
export async function setAutoLoginCookie(
  request: Request,
  deps: RememberDeps,
  autoLogin: AutoLoginFlag,
  options: { revoke?: boolean } = {},
): Promise<string | null> {
  const stored = await readRememberedLogin(request, deps.secret);
  if (!stored) return null;
  if (options.revoke) {
    await deleteRecordOf(request, deps);
    return serialize(request, deps, { login: stored.login, autoLogin });
  }
  return serialize(request, deps, { ...stored, autoLogin });
}

/**
 * After a password change (forced or not): every remembered login of the account issued before is revoked, on every
 * device and in every copy of a cookie. This browser's, when it is this member's, is remembered afresh with the new
 * password under a new record id (a copy of the old cookie names the old, deleted one): its Set-Cookie, else null.
 */
export async function rememberAfterPasswordChange(
  request: Request,
  deps: RememberDeps,
  member: { merchant: string; userName: string },
  password: string,
  now = Date.now(),
): Promise<string | null> {
  if (!deps.records) return null;
  await deps.records.putRecord(revokedBeforeId(member.merchant, member.userName), String(now), now + REMEMBER_MAX_AGE * 1000);
  const stored = await readRememberedLogin(request, deps.secret);
  if (stored?.login.type !== "username" || !stored.recordId) return null;
  if (stored.login.username.toLowerCase() !== member.userName.toLowerCase() || stored.login.merchant !== member.merchant) return null;
  await deps.records.deleteRecord(stored.recordId).catch(() => undefined);
  const recordId = crypto.randomUUID();
  await writeRecord(deps, recordId, { type: "username", username: stored.login.username, password, merchant: member.merchant }, now);
  return serialize(request, deps, { ...stored, recordId });
}
