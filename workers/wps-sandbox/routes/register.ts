// /wps/member/register*: registration by username or by mobile number
// (encrypted), and a free auto-generated username. Served from routes/member.ts.
import { z } from "zod";
import type { WpsContext, WpsRoute } from "../context";
import { fail, ok } from "../http";
import { checkDevice, requireModuleId } from "../identity-headers";
import { candidateUsername, isValidPassword, isValidUsername, MESSAGES } from "../identity-rules";
import { isLanguage } from "../languages";
import { createMember, findMemberByMobile, findMemberByUsername, markLoggedIn, type MemberRow } from "../members";
import { parseMobile } from "../phone";
import { readEncryptedJson } from "../secure-body";
import { issueToken } from "../sessions";
import { checkCode, consumeCode } from "../sms";
import { d1SmsStore } from "../sms-store";
import { captchaFieldShape, checkCaptcha } from "./captcha";
import { identityOf } from "./session";
import { linkIdentity, memberForIdentity } from "../identity-provider";

const optionalText = (max: number) => z.string().max(max).nullish();

/** Unknown fields (identity-provider fields) are accepted and ignored. */
const baseShape = {
  registerMethod: z.enum(["APP", "H5", "PWA", "WEBCLIP"]),
  registerUrl: z.string().max(2048),
  loginDeviceId: z.string().max(128),
  domain: z.string().max(253),
  referralCode: optionalText(64),
  affiliateCode: optionalText(64),
  pixelTrack: z.record(z.unknown()).nullish(),
  login: z.boolean(),
  password: optionalText(200),
  captcha: optionalText(64),
  ...captchaFieldShape,
};

const usernameSchema = z.object({ ...baseShape, username: z.string().max(200) });
const mobileSchema = z.object({
  ...baseShape,
  /** Optional: generated ("u" + 7 digits) when absent. */
  username: optionalText(200),
  mobileNum: optionalText(32),
  countryDialingCode: optionalText(8),
  verificationCode: optionalText(16),
});

type RegisterBody = z.infer<typeof usernameSchema> | z.infer<typeof mobileSchema>;

const filled = (value: string | null | undefined): value is string => value !== undefined && value !== null && value.trim() !== "";

function memberLanguage(ctx: WpsContext): string {
  const requested = ctx.request.headers.get("Language")?.trim() ?? "";
  return isLanguage(requested) ? requested : ctx.merchant.defaultLanguage;
}

/** Kept on the member for tests (GET /__sandbox/member); never the password. */
function registerInfo(ctx: WpsContext, body: RegisterBody, moduleId: string) {
  return {
    moduleId,
    device: ctx.request.headers.get("Device"),
    registerMethod: body.registerMethod,
    registerUrl: body.registerUrl,
    domain: body.domain,
    loginDeviceId: body.loginDeviceId,
    referralCode: body.referralCode ?? null,
    affiliateCode: body.affiliateCode ?? null,
    pixelTrack: body.pixelTrack ?? null,
  };
}

async function usernameProblem(db: D1Database, merchant: string, username: string): Promise<Response | null> {
  if (!isValidUsername(username)) return fail("username.invalid", MESSAGES.usernameInvalid);
  if ((await findMemberByUsername(db, merchant, username)) !== null) return fail("username.exists", MESSAGES.usernameExists);
  return null;
}

async function freeUsername(db: D1Database, merchant: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = candidateUsername();
    if ((await findMemberByUsername(db, merchant, candidate)) === null) return candidate;
  }
  throw new Error("No free username found");
}

/** login true → signed in (firstTimeLogin true, and false from then on); login false → {id, userName}. */
async function registered(ctx: WpsContext, member: MemberRow, login: boolean): Promise<Response> {
  if (!login) return ok({ id: member.id, userName: member.username });
  const db = ctx.env.DB;
  const token = await issueToken(db, ctx.merchant.code, member.id);
  await markLoggedIn(db, member.id);
  return ok({ id: member.id, customerId: member.id, userName: member.username, token, customerType: member.type, firstTimeLogin: true });
}

function headersProblem(ctx: WpsContext, moduleId: "REG3" | "MOBILENUMREG3"): Response | null {
  return requireModuleId(ctx.request, moduleId) ?? checkDevice(ctx.request);
}

async function registerByUsername(ctx: WpsContext): Promise<Response> {
  const db = ctx.env.DB;
  const badHeaders = headersProblem(ctx, "REG3");
  if (badHeaders !== null) return badHeaders;
  const parsed = await readEncryptedJson(ctx.request, db, ctx.merchant.code, usernameSchema);
  if (!parsed.ok) return parsed.response;
  const body = parsed.data;
  const captcha = await checkCaptcha(ctx, ctx.merchant.captcha.register, body);
  if (captcha !== null) return captcha;
  const username = body.username.trim();
  const taken = await usernameProblem(db, ctx.merchant.code, username);
  if (taken !== null) return taken;
  if (!filled(body.password) || !isValidPassword(body.password)) return fail("password.invalid", MESSAGES.passwordInvalid);
  const member = await createMember(db, {
    merchant: ctx.merchant.code,
    username,
    password: body.password,
    language: memberLanguage(ctx),
    mobile: null,
    dialingCode: null,
    registerInfo: registerInfo(ctx, body, "REG3"),
  });
  if (member === null) return fail("username.exists", MESSAGES.usernameExists);
  return registered(ctx, member, body.login);
}

async function registerByMobile(ctx: WpsContext): Promise<Response> {
  const db = ctx.env.DB;
  const badHeaders = headersProblem(ctx, "MOBILENUMREG3");
  if (badHeaders !== null) return badHeaders;
  if (!ctx.merchant.register.mobile) return fail("register.mobile.disabled", "Registration by mobile number is not available");
  const parsed = await readEncryptedJson(ctx.request, db, ctx.merchant.code, mobileSchema);
  if (!parsed.ok) return parsed.response;
  const body = parsed.data;
  const captcha = await checkCaptcha(ctx, ctx.merchant.captcha.register, body);
  if (captcha !== null) return captcha;

  const mobile = filled(body.mobileNum) ? parseMobile(body.mobileNum, body.countryDialingCode) : null;
  if (mobile === null) return fail("mobile.invalid", MESSAGES.mobileInvalid);
  if ((await findMemberByMobile(db, ctx.merchant.code, mobile.mobileNum)) !== null) return fail("mobile.exists", MESSAGES.mobileExists);

  let username: string;
  if (filled(body.username)) {
    username = body.username.trim();
    const taken = await usernameProblem(db, ctx.merchant.code, username);
    if (taken !== null) return taken;
  } else {
    username = await freeUsername(db, ctx.merchant.code);
  }

  let password: string;
  if (filled(body.password)) {
    if (!isValidPassword(body.password)) return fail("password.invalid", MESSAGES.passwordInvalid);
    password = body.password;
  } else if (ctx.merchant.register.passwordRequiredForMobile) {
    return fail("password.invalid", MESSAGES.passwordRequired);
  } else {
    password = ctx.env.DEFAULT_MEMBER_PASSWORD;
  }

  const store = d1SmsStore(db);
  const now = Date.now();
  const code = await checkCode(store, ctx.merchant.code, mobile.mobileNum, body.verificationCode ?? "", now);
  if (!code.ok) return fail(code.errorCode, code.errorCode === "code-expired" ? MESSAGES.codeExpired : MESSAGES.codeInvalid);
  if (!(await consumeCode(store, code.id, now))) return fail("code-expired", MESSAGES.codeExpired);

  const member = await createMember(db, {
    merchant: ctx.merchant.code,
    username,
    password,
    language: memberLanguage(ctx),
    mobile: mobile.mobileNum,
    dialingCode: mobile.dialingCode,
    registerInfo: registerInfo(ctx, body, "MOBILENUMREG3"),
  });
  if (member === null) return fail("username.exists", MESSAGES.usernameExists);
  return registered(ctx, member, body.login);
}

/** Register by identity provider (docs/platform-contract.md#post-wpsmemberregisterfirebase-encrypted). */
const identitySchema = z.object({
  firebaseChannel: z.string().max(32),
  firebaseIdToken: z.string().max(8192),
  login: z.boolean(),
  /** True for a mobile registration (a phone identity): the platform's SMS welcome template applies. */
  smsTemplate: z.boolean().nullish(),
  loginDeviceId: optionalText(128),
  referralCode: optionalText(64),
  affiliateCode: optionalText(64),
});

async function registerByIdentity(ctx: WpsContext): Promise<Response> {
  const db = ctx.env.DB;
  const badDevice = checkDevice(ctx.request);
  if (badDevice !== null) return badDevice;
  const parsed = await readEncryptedJson(ctx.request, db, ctx.merchant.code, identitySchema);
  if (!parsed.ok) return parsed.response;
  const body = parsed.data;
  const checked = identityOf(ctx, body);
  if (!checked.ok) return checked.response;
  const identity = checked.identity;
  if ((await memberForIdentity(db, ctx.merchant.code, identity)) !== null) {
    return identity.channel === "phone"
      ? fail("mobile.exists", MESSAGES.mobileExists)
      : fail("firebase.identity.linked", MESSAGES.identityLinked);
  }
  const mobile = identity.channel === "phone" && identity.phone ? parseMobile(identity.phone) : null;
  if (identity.channel === "phone" && mobile === null) return fail("mobile.invalid", MESSAGES.mobileInvalid);
  const member = await createMember(db, {
    merchant: ctx.merchant.code,
    username: await freeUsername(db, ctx.merchant.code),
    // No password is chosen: the platform's default one, which a password login would have to change.
    password: ctx.env.DEFAULT_MEMBER_PASSWORD,
    language: memberLanguage(ctx),
    mobile: mobile?.mobileNum ?? null,
    dialingCode: mobile?.dialingCode ?? null,
    registerInfo: {
      moduleId: null,
      device: ctx.request.headers.get("Device"),
      firebaseChannel: identity.channel,
      smsTemplate: body.smsTemplate === true,
      referralCode: body.referralCode ?? null,
      affiliateCode: body.affiliateCode ?? null,
    },
  });
  if (member === null) return fail("username.exists", MESSAGES.usernameExists);
  await linkIdentity(db, ctx.merchant.code, identity, member.id);
  return registered(ctx, member, body.login);
}

async function autoUsername(ctx: WpsContext): Promise<Response> {
  const badDevice = checkDevice(ctx.request);
  if (badDevice !== null) return badDevice;
  return ok({ username: await freeUsername(ctx.env.DB, ctx.merchant.code) });
}

export const registerRoutes: WpsRoute[] = [
  { method: "POST", path: "/wps/member/register", handle: registerByUsername },
  { method: "POST", path: "/wps/member/register/mobile", handle: registerByMobile },
  { method: "POST", path: "/wps/member/register/autoUsername", handle: autoUsername },
  { method: "POST", path: "/wps/member/register/firebase", handle: registerByIdentity },
];
