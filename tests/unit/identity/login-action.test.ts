// The /m/login action's refusals (docs/behaviour/identity.md#two-factor-step, #login-messages, #throttling,
// docs/behaviour/errors.md#outage-notice), run in Node against the Worker's own load context: a platform that is a
// function, an IdentityGuard in memory, the cookies as the Worker's commit point writes them.
import { beforeEach, describe, expect, it } from "vitest";
import { loginAction } from "~/identity/login/login-action.server";
import type { LoginActionData } from "~/identity/login/types";
import type { Message } from "~/identity/types";
import { readRememberedCredentials, readRememberedLogin, rememberDeps } from "~/identity/remembered-login.server";
import { forgetRsaKeys } from "~/.server/platform/client";
import { createTranslate } from "~/i18n/translator";
import EN from "~/locales/EN.json";
import { CookieJar, encryptedBody, fakeApp, rsaKeyReply, setCookieOf } from "../../support/fake-context";
import { parseSetCookie } from "../../support/cookies";

const t = createTranslate(EN);

/** What the player reads: the translated key, or the platform's own text. */
function textOf(message: Message | null | undefined): string | null {
  if (!message) return null;
  return "text" in message ? message.text : t(message.key, message.values);
}

const ok = (value: unknown) => Response.json({ success: true, value });
const fail = (errorCode: string, message: string, value: unknown = null) => Response.json({ success: false, errorCode, message, value });

type Credentials = { username?: string; password?: string; payeeName?: string };

/**
 * The platform of two members: demo01, and payee01 who passes a second step by payee name. `down` answers 502 from
 * the given call on.
 */
function platform(options: { down?: "everything" | "login" } = {}) {
  const logins: Credentials[] = [];
  const handler = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    if (options.down === "everything" || (options.down === "login" && path === "/wps/session/login")) {
      return new Response("<html>bad gateway</html>", { status: 502 });
    }
    switch (path) {
      case "/wps/session/key/rsa":
        return rsaKeyReply();
      case "/wps/session/login": {
        const body = (await encryptedBody(request)) as Credentials;
        logins.push(body);
        if (body.password !== "demo1234" || !["demo01", "payee01"].includes(body.username ?? "")) {
          return fail("login.cred.err", "Wrong username or password");
        }
        if (body.username === "payee01") {
          return fail("login_verify_required", "Verification required", { payeeName: true, mobileNum: null });
        }
        return ok({ id: 1, token: "token-demo01", userName: "demo01", customerType: 1 });
      }
      case "/wps/session/login/verification": {
        const body = (await encryptedBody(request)) as Credentials;
        if (body.username !== "payee01" || body.password !== "demo1234" || body.payeeName !== "Nguyen Van A") {
          return fail("verify.failed", "Wrong payee name");
        }
        return ok({ id: 2, token: "token-payee01", userName: "payee01", customerType: 1 });
      }
      case "/wps/member/info":
        return ok({ type: 1, language: "EN" });
      case "/wps/system/setting":
        return ok({});
      default:
        return ok(null);
    }
  };
  return { handler, logins };
}

/** A browser on the login page: each post sends the cookies the earlier answers set. */
function browser(app: ReturnType<typeof fakeApp>, headers: Record<string, string> = {}) {
  const jar = new CookieJar();
  return {
    jar,
    async post(fields: Record<string, string>, cookie = jar.header()) {
      const reply = await app.post(loginAction, "/m/login", fields, cookie ? { ...headers, Cookie: cookie } : headers);
      jar.take(reply.setCookies);
      return { ...reply, data: reply.data as LoginActionData | null };
    },
  };
}

beforeEach(() => forgetRsaKeys());

describe("the /m/login action", () => {
  it("refuses a copy of the two-factor cookie replayed after the step succeeded", async () => {
    const app = fakeApp(platform().handler);
    const player = browser(app);
    const start = await player.post({ username: "payee01", password: "demo1234" });
    expect(start.data?.twoFactor?.methods).toEqual(["payeeName"]);
    const pending = player.jar.header();
    expect(player.jar.get("mc_2fa")).toBeDefined();

    const answer = { intent: "verify", method: "payeeName", payeeName: "Nguyen Van A" };
    const verified = await player.post(answer, pending);
    expect(verified.status).toBe(302);
    expect(verified.location).toBe("/m/home");
    expect(setCookieOf(verified.setCookies, "mc_session")).toBeDefined();

    const replayed = await player.post(answer, pending);
    expect(replayed.status).toBe(400);
    expect(textOf(replayed.data?.notice)).toBe("The verification took too long. Please log in again.");
    expect(setCookieOf(replayed.setCookies, "mc_session")).toBeUndefined();
    expect(parseSetCookie(setCookieOf(replayed.setCookies, "mc_2fa")!).attributes["max-age"]).toBe("0");
    await app.settled();
  });

  it("forgets the remembered login on a wrong password: the cookie expires and its record is revoked", async () => {
    const app = fakeApp(platform().handler);
    const player = browser(app);
    expect((await player.post({ username: "demo01", password: "demo1234", remember: "on" })).status).toBe(302);
    const withRemembered = new Request("http://demo.localhost:8787/m/login", { headers: { Cookie: player.jar.header() } });
    const stored = (await readRememberedLogin(withRemembered, app.env.SESSION_SECRET))!;
    const deps = rememberDeps({ cloudflare: { env: app.env, ctx: { waitUntil: () => {} } }, merchant: app.merchant });
    expect(await readRememberedCredentials(stored, deps)).toEqual({ username: "demo01", password: "demo1234" });

    const wrong = await player.post({ username: "demo01", password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(textOf(wrong.data?.notice)).toBe("Incorrect username or password.");
    expect(parseSetCookie(setCookieOf(wrong.setCookies, "mc_remember")!).attributes["max-age"]).toBe("0");
    // A copy of the cookie taken before no longer logs anyone in.
    expect(await readRememberedCredentials(stored, deps)).toBeNull();
    await app.settled();
  });

  it("answers the sixth wrong password from one device with 429 and 'too many attempts', without asking the platform", async () => {
    const { handler, logins } = platform();
    const player = browser(fakeApp(handler), { "CF-Connecting-IP": "203.0.113.20" });
    for (let i = 0; i < 5; i += 1) expect((await player.post({ username: "demo01", password: `guess-${i}` })).status).toBe(400);

    const sixth = await player.post({ username: "demo01", password: "guess-5" });
    expect(sixth.status).toBe(429);
    expect(textOf(sixth.data?.notice)).toBe("Too many attempts. Please try again in 15 minutes.");
    expect(logins).toHaveLength(5);
  });

  it.each([
    ["the key call", "everything"],
    ["the login call", "login"],
  ] as const)("answers a platform 502 at %s with 503, the unavailable notice and the username kept", async (_step, down) => {
    const app = fakeApp(platform({ down }).handler);
    const reply = await browser(app).post({ username: "demo01", password: "demo1234" });
    expect(reply.status).toBe(503);
    expect(textOf(reply.data?.notice)).toBe("The service is temporarily unavailable. Please try again.");
    expect(reply.data?.values.username).toBe("demo01");
    expect(JSON.stringify(reply.data)).not.toContain("demo1234");
    expect(setCookieOf(reply.setCookies, "mc_session")).toBeUndefined();
  });
});
