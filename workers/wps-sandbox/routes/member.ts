// /wps/member/*: member info, language preference, password change; the
// registration calls (routes/register.ts) are served from here too.
import { z } from "zod";
import type { WpsContext, WpsRoute } from "../context";
import { fail, notLoggedIn, ok } from "../http";
import { isValidPassword, MESSAGES } from "../identity-rules";
import { isLanguage, LANGUAGES } from "../languages";
import { AUTO_CLUB_MEMBERS } from "../merchants";
import { setMemberLanguage, setMemberPassword } from "../members";
import { verifyPassword } from "../passwords";
import { readEncryptedJson } from "../secure-body";
import { authenticate } from "../sessions";
import { readJson } from "../validation";
import { registerRoutes } from "./register";

const languageSchema = z.object({ language: z.string() });

async function info(ctx: WpsContext): Promise<Response> {
  const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
  if (session === null) return notLoggedIn();
  const { member } = session;
  return ok({
    id: member.id,
    userName: member.username,
    type: member.type,
    language: member.language,
    clubLabel: AUTO_CLUB_MEMBERS.includes(member.username.toLowerCase())
      ? { labelName: "VIP Gold", type: "AUTO", rankLevel: 3 }
      : { labelName: "Bronze", type: "MANUAL", rankLevel: 1 },
    currency: ctx.merchant.currency,
    mobileNum: member.mobile,
    // Whether a password change is due (docs/platform-contract.md, "GET /wps/member/info"): a token that reaches the
    // site another way than its login form still leads to the change-password page.
    passwordExpired: member.password_expired === 1,
    defaultPassword: await verifyPassword(ctx.env.DEFAULT_MEMBER_PASSWORD, { hash: member.password_hash, salt: member.password_salt }),
  });
}

async function language(ctx: WpsContext): Promise<Response> {
  const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
  if (session === null) return notLoggedIn();
  const parsed = await readJson(ctx.request, languageSchema);
  if (!parsed.ok) return parsed.response;
  const requested = parsed.data.language;
  if (!isLanguage(requested)) {
    return fail("language.invalid", `Unknown language "${requested}"; expected one of ${LANGUAGES.join(", ")}`);
  }
  await setMemberLanguage(ctx.env.DB, session.member.id, requested);
  return ok();
}

const passwordSchema = z.object({ oldPassword: z.string().max(200), newPassword: z.string().max(200) });

/** Checks in order: old password right, new one valid, new one different. Clears passwordExpired. */
async function changePassword(ctx: WpsContext): Promise<Response> {
  const db = ctx.env.DB;
  const session = await authenticate(db, ctx.merchant.code, ctx.request);
  if (session === null) return notLoggedIn();
  const parsed = await readEncryptedJson(ctx.request, db, ctx.merchant.code, passwordSchema);
  if (!parsed.ok) return parsed.response;
  const { oldPassword, newPassword } = parsed.data;
  const { member } = session;
  if (!(await verifyPassword(oldPassword, { salt: member.password_salt, hash: member.password_hash }))) {
    return fail("password.old.wrong", MESSAGES.oldPasswordWrong);
  }
  if (!isValidPassword(newPassword)) return fail("password.invalid", MESSAGES.passwordInvalid);
  if (newPassword === oldPassword) return fail("password.same", MESSAGES.passwordSame);
  await setMemberPassword(db, member.id, newPassword);
  return ok();
}

export const memberRoutes: WpsRoute[] = [
  { method: "GET", path: "/wps/member/info", handle: info },
  { method: "POST", path: "/wps/member/language", handle: language },
  { method: "POST", path: "/wps/member/password", handle: changePassword },
  ...registerRoutes,
];
