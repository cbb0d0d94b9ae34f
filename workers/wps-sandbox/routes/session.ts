// /wps/session/*: RSA public key, encrypted login (username or SMS), two-factor
// verification, logout. The send-code call (routes/verification.ts) is served
// from here too.
import { z } from "zod";
import type { WpsContext, WpsRoute } from "../context";
import { fail, notLoggedIn, ok, text } from "../http";
import { checkDevice } from "../identity-headers";
import { MESSAGES } from "../identity-rules";
import { getMerchantKey } from "../keys";
import { findMemberByMobile, findMemberByUsername, twoFactorMethods, type MemberRow } from "../members";
import { verifyPassword } from "../passwords";
import { maskMobile, parseMobile } from "../phone";
import { readEncryptedJson } from "../secure-body";
import { authenticate, revokeToken, signIn } from "../sessions";
import { checkCode, consumeCode } from "../sms";
import { d1SmsStore } from "../sms-store";
import { verifyTotp } from "../totp";
import { invalidRequest } from "../validation";
import { captchaFieldShape, checkCaptcha } from "./captcha";
import { verificationRoutes } from "./verification";
import { linkIdentity, memberForIdentity, verifyIdToken, type Identity } from "../identity-provider";

const optionalText = (max: number) => z.string().max(max).nullish();

/** Unknown fields (captcha) are accepted and ignored. */
const loginSchema = z.object({
  username: optionalText(64),
  password: optionalText(128),
  type: optionalText(32),
  loginDeviceId: optionalText(128),
  merchant: optionalText(64),
  countryDialingCode: optionalText(8),
  mobileNum: optionalText(32),
  verificationCode: optionalText(16),
  firebaseChannel: optionalText(32),
  firebaseIdToken: optionalText(8192),
  ...captchaFieldShape,
});

const filled = (value: string | null | undefined): value is string => value !== undefined && value !== null && value.trim() !== "";

async function rsaKey(ctx: WpsContext): Promise<Response> {
  const key = await getMerchantKey(ctx.env.DB, ctx.merchant.code);
  return text(key.n, 200, { "cache-control": "no-store" });
}

/** What login_verify_required carries: which methods the member has, and the masked mobile. */
export function verifyRequiredValue(member: MemberRow) {
  const methods = twoFactorMethods(member);
  return {
    email: methods.includes("E"),
    ga: methods.includes("G"),
    sms: methods.includes("S"),
    payeeName: methods.includes("P"),
    mobileNum: member.mobile !== null && member.dialing_code !== null ? maskMobile(member.mobile, member.dialing_code) : null,
  };
}

/** The identity a login's Firebase fields prove (docs/platform-contract.md#identity-provider-tokens). */
export function identityOf(
  ctx: WpsContext,
  body: { firebaseChannel?: string | null; firebaseIdToken?: string | null },
): { ok: true; identity: Identity } | { ok: false; response: Response } {
  if (!ctx.merchant.firebase.apiKey) return { ok: false, response: fail("firebase.unavailable", MESSAGES.identityUnavailable) };
  if (!filled(body.firebaseIdToken) || !filled(body.firebaseChannel)) {
    return { ok: false, response: invalidRequest("Invalid request body: firebaseChannel and firebaseIdToken are required") };
  }
  const checked = verifyIdToken(body.firebaseIdToken, body.firebaseChannel, ctx.merchant.firebase, Date.now());
  if (!checked.ok) return { ok: false, response: fail("firebase.token.invalid", `${MESSAGES.identityTokenInvalid} (${checked.reason})`) };
  return { ok: true, identity: checked.identity };
}

async function checkCredentials(db: D1Database, merchant: string, username: string, password: string) {
  const member = await findMemberByUsername(db, merchant, username.trim());
  if (member === null) return { member: null, response: fail("not.exists.user", MESSAGES.noUser) };
  const valid = await verifyPassword(password, { salt: member.password_salt, hash: member.password_hash });
  if (!valid) return { member: null, response: fail("login.cred.err", MESSAGES.credentials) };
  return { member, response: null };
}

async function login(ctx: WpsContext): Promise<Response> {
  const db = ctx.env.DB;
  const badDevice = checkDevice(ctx.request);
  if (badDevice !== null) return badDevice;
  const parsed = await readEncryptedJson(ctx.request, db, ctx.merchant.code, loginSchema);
  if (!parsed.ok) return parsed.response;
  const body = parsed.data;
  const type = filled(body.type) ? body.type : "username";
  const firebaseLogin = type === "firebase" && !!ctx.merchant.firebase.apiKey;
  // Where Firebase sends the SMS codes, an SMS login is a Firebase login: the platform's own codes do not log in.
  const smsLogin = type === "sms" && ctx.merchant.login.sms && !ctx.merchant.firebase.firebase;
  if (type !== "username" && !smsLogin && !firebaseLogin) {
    return fail("login.type.unsupported", `Login type "${type}" is not available for this merchant`);
  }

  // A password login may carry an identity to link (the member chose "log in to an existing account").
  let identity: Identity | null = null;
  if (filled(body.firebaseIdToken) || firebaseLogin) {
    const checked = identityOf(ctx, body);
    if (!checked.ok) return checked.response;
    identity = checked.identity;
  }

  if (type === "firebase" && identity !== null) {
    const member = await memberForIdentity(db, ctx.merchant.code, identity);
    if (member === null) return fail("bind_customer_required", MESSAGES.bindRequired);
    if (twoFactorMethods(member).length > 0)
      return fail("login_verify_required", MESSAGES.verifyRequired, 200, verifyRequiredValue(member));
    return ok(await signIn(db, ctx.merchant.code, member));
  }

  if (type === "username") {
    if (!filled(body.username) || !filled(body.password)) return invalidRequest("Invalid request body: username and password are required");
    const captcha = await checkCaptcha(ctx, ctx.merchant.captcha.login, body);
    if (captcha !== null) return captcha;
    const { member, response } = await checkCredentials(db, ctx.merchant.code, body.username, body.password);
    if (member === null) return response;
    if (identity !== null) await linkIdentity(db, ctx.merchant.code, identity, member.id);
    if (twoFactorMethods(member).length > 0)
      return fail("login_verify_required", MESSAGES.verifyRequired, 200, verifyRequiredValue(member));
    return ok(await signIn(db, ctx.merchant.code, member));
  }

  // SMS login: the code sent to the number stands in for the password (no 2FA on top).
  if (!filled(body.mobileNum) || !filled(body.verificationCode)) {
    return invalidRequest("Invalid request body: mobileNum and verificationCode are required for sms login");
  }
  const captcha = await checkCaptcha(ctx, ctx.merchant.captcha.login, body);
  if (captcha !== null) return captcha;
  const mobile = parseMobile(body.mobileNum, body.countryDialingCode);
  if (mobile === null) return fail("mobile.invalid", MESSAGES.mobileInvalid);
  const store = d1SmsStore(db);
  const now = Date.now();
  const code = await checkCode(store, ctx.merchant.code, mobile.mobileNum, body.verificationCode, now);
  if (!code.ok) return fail(code.errorCode, code.errorCode === "code-expired" ? MESSAGES.codeExpired : MESSAGES.codeInvalid);
  const member = await findMemberByMobile(db, ctx.merchant.code, mobile.mobileNum);
  if (member === null) return fail("not.exists.user", MESSAGES.noMobileUser);
  if (!(await consumeCode(store, code.id, now))) return fail("code-expired", MESSAGES.codeExpired);
  return ok(await signIn(db, ctx.merchant.code, member));
}

/** Username and password, or (after a social or Firebase SMS login) the identity's fields instead. */
const verificationSchema = z.object({
  username: optionalText(64),
  password: optionalText(128),
  firebaseChannel: optionalText(32),
  firebaseIdToken: optionalText(8192),
  method: z.enum(["E", "P", "G", "S"]),
  email: optionalText(254),
  payeeName: optionalText(200),
  authCode: optionalText(16),
  mobileNum: optionalText(32),
  countryDialingCode: optionalText(8),
  verificationCode: optionalText(16),
  loginDeviceId: optionalText(128),
});

const verifyFailed = (message: string) => fail("verify.failed", message);
const normalise = (value: string) => value.trim().replace(/\s+/g, " ").toLowerCase();

async function verification(ctx: WpsContext): Promise<Response> {
  const db = ctx.env.DB;
  const badDevice = checkDevice(ctx.request);
  if (badDevice !== null) return badDevice;
  const parsed = await readEncryptedJson(ctx.request, db, ctx.merchant.code, verificationSchema);
  if (!parsed.ok) return parsed.response;
  const body = parsed.data;
  let member: MemberRow | null;
  if (filled(body.firebaseIdToken)) {
    const checked = identityOf(ctx, body);
    if (!checked.ok) return checked.response;
    member = await memberForIdentity(db, ctx.merchant.code, checked.identity);
    if (member === null) return fail("bind_customer_required", MESSAGES.bindRequired);
  } else {
    if (!filled(body.username) || !filled(body.password)) return invalidRequest("Invalid request body: username and password are required");
    const checked = await checkCredentials(db, ctx.merchant.code, body.username, body.password);
    if (checked.member === null) return checked.response;
    member = checked.member;
  }
  if (!twoFactorMethods(member).includes(body.method)) return verifyFailed("This verification method is not enabled for this account");

  switch (body.method) {
    case "E":
      if (!filled(body.email)) return verifyFailed("Please enter your email address");
      if (member.email === null || normalise(body.email) !== normalise(member.email))
        return verifyFailed("The email address does not match");
      break;
    case "P":
      if (!filled(body.payeeName)) return verifyFailed("Please enter your payee name");
      if (member.payee_name === null || normalise(body.payeeName) !== normalise(member.payee_name)) {
        return verifyFailed("The payee name does not match");
      }
      break;
    case "G":
      if (!filled(body.authCode)) return verifyFailed("Please enter the authenticator code");
      if (member.ga_secret === null || !(await verifyTotp(member.ga_secret, body.authCode.trim(), Date.now()))) {
        return verifyFailed("The authenticator code is incorrect");
      }
      break;
    case "S": {
      if (!filled(body.mobileNum)) return verifyFailed("Please enter your mobile number");
      const mobile = parseMobile(body.mobileNum, body.countryDialingCode);
      if (mobile === null || mobile.mobileNum !== member.mobile) return verifyFailed("The mobile number does not match this account");
      const store = d1SmsStore(db);
      const now = Date.now();
      const code = await checkCode(store, ctx.merchant.code, mobile.mobileNum, body.verificationCode ?? "", now);
      if (!code.ok && code.errorCode === "code-expired") return fail("code-expired", MESSAGES.codeExpired);
      if (!code.ok) return verifyFailed(filled(body.verificationCode) ? MESSAGES.codeInvalid : "Please enter the verification code");
      if (!(await consumeCode(store, code.id, now))) return fail("code-expired", MESSAGES.codeExpired);
      break;
    }
  }
  return ok(await signIn(db, ctx.merchant.code, member));
}

async function logout(ctx: WpsContext): Promise<Response> {
  const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
  if (session === null) return notLoggedIn();
  await revokeToken(ctx.env.DB, ctx.merchant.code, session.token);
  return ok();
}

export const sessionRoutes: WpsRoute[] = [
  { method: "GET", path: "/wps/session/key/rsa", handle: rsaKey },
  { method: "POST", path: "/wps/session/login", handle: login },
  { method: "POST", path: "/wps/session/login/verification", handle: verification },
  { method: "POST", path: "/wps/session/logout", handle: logout },
  ...verificationRoutes,
];
