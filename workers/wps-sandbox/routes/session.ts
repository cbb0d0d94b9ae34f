// /wps/session/*: RSA public key, encrypted login, logout.
import { z } from "zod";
import type { WpsContext, WpsRoute } from "../context";
import { fail, notLoggedIn, ok, text } from "../http";
import { getMerchantKey } from "../keys";
import { findMemberByUsername, markLoggedIn } from "../members";
import { verifyPassword } from "../passwords";
import { readEncryptedJson } from "../secure-body";
import { authenticate, issueToken, revokeToken } from "../sessions";

/** Unknown fields (merchant, geetest*, firebase*, captcha) are accepted and ignored. */
const loginSchema = z.object({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
  loginDeviceId: z.string().max(128).optional(),
  type: z.string().optional(),
});

async function rsaKey(ctx: WpsContext): Promise<Response> {
  const key = await getMerchantKey(ctx.env.DB, ctx.merchant.code);
  return text(key.n, 200, { "cache-control": "no-store" });
}

async function login(ctx: WpsContext): Promise<Response> {
  const db = ctx.env.DB;
  const parsed = await readEncryptedJson(ctx.request, db, ctx.merchant.code, loginSchema);
  if (!parsed.ok) return parsed.response;
  const { username, password, type } = parsed.data;
  if (type !== undefined && type !== "username") {
    return fail("login.type.unsupported", `The sandbox does not support login type "${type}" yet`);
  }
  const member = await findMemberByUsername(db, ctx.merchant.code, username);
  const valid = member !== null && (await verifyPassword(password, { salt: member.password_salt, hash: member.password_hash }));
  // Same answer for unknown user and wrong password, so usernames cannot be probed.
  if (member === null || !valid) return fail("login.cred.err", "Incorrect username or password");

  const token = await issueToken(db, ctx.merchant.code, member.id);
  if (member.first_login === 1) await markLoggedIn(db, member.id);
  return ok({
    id: member.id,
    token,
    userName: member.username,
    customerType: member.type,
    firstTimeLogin: member.first_login === 1,
    passwordExpired: member.password_expired === 1,
  });
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
  { method: "POST", path: "/wps/session/logout", handle: logout },
];
