// The remembered login (spec §3 "Remembered login", §4 Login step 3 and Auto-login), kept in an encrypted
// HttpOnly cookie instead of the spec's double-base64 localStorage (docs/decisions/0011-remembered-login-cookie.md).
import { z } from "zod";
import { expireCookie, readCookie, serializeCookie } from "./cookies";
import { seal, unseal } from "./sealed";

export const REMEMBER_COOKIE = "mc_remember";
const SEAL_INFO = "mc_remember/v1 remembered login";
/** localStorage had no expiry; a cookie needs one. Renewed at every remembered login. */
export const REMEMBER_MAX_AGE = 60 * 60 * 24 * 180;

const text = (max: number) => z.string().min(1).max(max);

/** Exactly the fields the spec keeps per login type: captcha, device and identity-provider fields are dropped. */
export const rememberedLoginSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("username"), username: text(64), password: text(128), merchant: text(32) }).strict(),
  z.object({ type: z.literal("sms"), mobileNum: text(24) }).strict(),
  z.object({ type: z.literal("firebase") }).strict(),
]);
export type RememberedLogin = z.infer<typeof rememberedLoginSchema>;

export const AUTO_LOGIN_VALUES = ["1", "0"] as const;
export type AutoLoginFlag = (typeof AUTO_LOGIN_VALUES)[number];

const storedSchema = z.object({ login: rememberedLoginSchema, autoLogin: z.enum(AUTO_LOGIN_VALUES) }).strict();
export type StoredRememberedLogin = z.infer<typeof storedSchema>;

/** A login payload as the login form sends it (any extra fields are ignored here). */
export type LoginPayloadLike = {
  type?: "username" | "sms" | "firebase";
  username?: string;
  password?: string;
  merchant: string;
  mobileNum?: string;
  [other: string]: unknown;
};

/** What is kept of a login payload (spec: username type keeps the password; sms and firebase no password). */
export function rememberedFields(payload: LoginPayloadLike): RememberedLogin {
  const type = payload.type ?? "username";
  if (type === "sms") return { type: "sms", mobileNum: payload.mobileNum ?? "" };
  if (type === "firebase") return { type: "firebase" };
  return { type: "username", username: payload.username ?? "", password: payload.password ?? "", merchant: payload.merchant };
}

export async function readRememberedLogin(request: Request, secret: string): Promise<StoredRememberedLogin | null> {
  return unseal(secret, SEAL_INFO, readCookie(request, REMEMBER_COOKIE), storedSchema);
}

/** Set-Cookie storing the remembered login. Throws when the fields are not what the spec keeps. */
export async function rememberLoginCookie(
  request: Request,
  secret: string,
  login: RememberedLogin,
  autoLogin: AutoLoginFlag = "1",
): Promise<string> {
  const stored = storedSchema.parse({ login, autoLogin });
  return serializeCookie(request, REMEMBER_COOKIE, await seal(secret, SEAL_INFO, stored), { maxAge: REMEMBER_MAX_AGE });
}

export function forgetLoginCookie(request: Request): string {
  return expireCookie(request, REMEMBER_COOKIE);
}

/** Keeps the remembered login but turns auto-login on or off; null when nothing is remembered. */
export async function setAutoLoginCookie(request: Request, secret: string, autoLogin: AutoLoginFlag): Promise<string | null> {
  const stored = await readRememberedLogin(request, secret);
  if (!stored) return null;
  return rememberLoginCookie(request, secret, stored.login, autoLogin);
}
