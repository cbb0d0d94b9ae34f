// A member's session for edge tests, made the way the app makes it: a real platform login on the sandbox itself
// (encrypted like the app's own calls; the /wps proxy refuses identity calls, docs/behaviour/shell.md#proxy-allow-list),
// then the app's session cookie (AppSession, sealed with the development SESSION_SECRET from .dev.vars).
import { readFileSync } from "node:fs";
import { AppSession } from "~/.server/session";
import { encryptCall } from "../unit/sandbox/wire-client";
import { hostFor, originFor, request, type RawReply } from "./http";

export function developmentSessionSecret(): string {
  const vars = readFileSync(new URL("../../.dev.vars", import.meta.url), "utf8");
  const secret = /^SESSION_SECRET="?([^"\n]+)"?/m.exec(vars)?.[1];
  if (!secret) throw new Error("SESSION_SECRET missing from .dev.vars");
  return secret;
}

export type PlatformLogin = { id: number; token: string; userName: string; customerType: number };

/**
 * Logs a member in on the platform (the sandbox, addressed directly); the raw platform token. `fields`: more of the login
 * body, such as a solved captcha (tests/support/captcha.ts) for a merchant whose login asks for one.
 */
export async function platformLogin(
  username: string,
  password = "demo1234",
  hostName = "demo.localhost",
  merchant = "demo",
  fields: Record<string, string> = {},
) {
  const host = hostFor(hostName);
  const key = await request({ host, path: `/__sandbox/direct/wps/session/key/rsa?_=${Date.now()}`, headers: { Merchant: merchant } });
  const modulus = key.body.trim().replace(/^"|"$/g, "");
  const call = encryptCall({ ...fields, username, password, loginDeviceId: "edge-tests", merchant }, modulus);
  const login = await request({
    host,
    path: "/__sandbox/direct/wps/session/login",
    method: "POST",
    headers: { ...call.headers, Merchant: merchant, "Content-Type": "text/plain;charset=UTF-8" },
    body: call.body,
  });
  const reply = login.json<{ success: boolean; value: PlatformLogin }>();
  if (!reply.success) throw new Error(`platform login of ${username} failed: ${login.body}`);
  return reply.value;
}

/** The app's session cookie ("name=value") for a platform login. */
export async function sessionCookieFor(login: PlatformLogin, hostName = "demo.localhost", merchant = "demo"): Promise<string> {
  const session = await AppSession.read(new Request(`${originFor(hostName)}/m/home`), developmentSessionSecret(), merchant);
  session.signIn(login.token, { id: String(login.id), userName: login.userName, type: login.customerType, firstTimeLogin: false });
  return (await session.commit()).split(";")[0]!;
}

/** A member logged in on the platform and in the app: the raw token and the app's cookie. */
export async function memberSession(
  username = "demo01",
  hostName = "demo.localhost",
  merchant = "demo",
  fields: Record<string, string> = {},
) {
  const login = await platformLogin(username, "demo1234", hostName, merchant, fields);
  return { token: login.token, cookie: await sessionCookieFor(login, hostName, merchant) };
}

/** Ends a token on the platform, as logging out elsewhere (another device, the platform's own apps) would. */
export async function revokeOnPlatform(token: string, hostName = "demo.localhost"): Promise<RawReply> {
  return request({ host: hostFor(hostName), path: "/wps/session/logout", method: "POST", headers: { Authorization: token } });
}

/** name=value pairs of a reply's Set-Cookie lines (expired ones included, with an empty value). */
export function cookieJar(reply: RawReply): Record<string, string> {
  return Object.fromEntries(reply.cookies.map((line) => line.split(";")[0]!.split(/=(.*)/s).slice(0, 2) as [string, string]));
}
