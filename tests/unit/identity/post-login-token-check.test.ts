// After the platform accepts a login, the member-info renewal is the token check (docs/behaviour/identity.md#after-login).
import { describe, expect, it } from "vitest";
import type { AppContext } from "~/lib/context.server";
import { completeLogin } from "~/identity/post-login.server";

const notLoggedIn = { ok: false, failure: { kind: "not-logged-in" }, errorCode: "user.or.token.invalid", message: null, value: null };
const busy = { ok: false, failure: { kind: "silent", reason: "bad-gateway" }, errorCode: null, message: null, value: null };

function fakeContext(memberInfoReply: unknown) {
  const events: string[] = [];
  const memberPlatform = { call: async () => memberInfoReply };
  const context = {
    platform: { withToken: () => memberPlatform, call: async () => busy },
    session: {
      signIn: () => events.push("signIn"),
      signOut: () => events.push("signOut"),
      setMemberLanguage: () => undefined,
      setMustChangePassword: () => undefined,
      remember: () => events.push("remember"),
    },
    outgoingCookies: [],
    merchant: { merchantCode: "demo", changePasswordPath: "/m/member/changePassword", postLoginPath: "/m/home" },
    cloudflare: { env: {} },
  } as unknown as AppContext;
  return { context, events };
}

const login = { id: "1", token: "tok", userName: "demo01", customerType: 1, firstTimeLogin: false, passwordExpired: false };

function run(memberInfoReply: unknown, redirectUrl: string | null = null) {
  const { context, events } = fakeContext(memberInfoReply);
  const done = completeLogin({
    request: new Request("https://demo.localhost/m/login", { method: "POST" }),
    context,
    login: login as never,
    loginType: "username",
    password: "demo1234",
    remember: null,
    rememberMode: "keep",
    redirectUrl,
  });
  return { done, events };
}

describe("the token check after login", () => {
  it("ends the login, signed out, on the login page with the session-expired notice when the token is not valid", async () => {
    const { done, events } = run(notLoggedIn, "/m/member/home");
    const thrown = await done.then(
      () => null,
      (reply: unknown) => reply,
    );
    expect(thrown).toBeInstanceOf(Response);
    const reply = thrown as Response;
    expect(reply.status).toBe(302);
    expect(reply.headers.get("Location")).toBe("/m/login?redirectUrl=%2Fm%2Fmember%2Fhome&expired=1");
    expect(events.at(-1)).toBe("signOut");
  });

  it("goes on when the renewal fails for another reason (the platform busy)", async () => {
    const { done, events } = run(busy);
    await expect(done).resolves.toMatchObject({ location: "/m/home", forcedChange: null });
    expect(events).not.toContain("signOut");
  });
});
