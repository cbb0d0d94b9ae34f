// Login at the edge as a plain HTML form post (no JavaScript): redirects, cookies, CSRF, redirectUrl, token in the
// address, auto-login and logout.
import { beforeEach, describe, expect, it } from "vitest";
import { bodyText, getPage, hostFor, originFor, postJson, request, type RawReply } from "../support/http";
import { platformLogin } from "../support/member";
import { expectOwnCookie } from "../support/cookies";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

async function resetData(): Promise<void> {
  const reply = await postJson("/__sandbox/reset", { data: true });
  expect(reply.status, reply.body).toBe(200);
}

function postLogin(fields: Record<string, string>, options: { path?: string; headers?: Record<string, string>; host?: string } = {}) {
  return request({
    host: options.host ?? hostFor("demo.localhost"),
    path: options.path ?? "/m/login",
    method: "POST",
    headers: { ...FORM, ...options.headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** name=value pairs of the reply's Set-Cookie lines (expired ones included, with an empty value). */
function cookieJar(reply: RawReply): Record<string, string> {
  return Object.fromEntries(reply.cookies.map((line) => line.split(";")[0]!.split(/=(.*)/s).slice(0, 2) as [string, string]));
}

function cookieLine(reply: RawReply, name: string): string | undefined {
  return reply.cookies.find((line) => line.startsWith(`${name}=`));
}

function cookieHeader(jar: Record<string, string>, without: string[] = []): string {
  return Object.entries(jar)
    .filter(([name, value]) => value !== "" && !without.includes(name))
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}

const DOCUMENT = { Accept: "text/html,application/xhtml+xml", "Sec-Fetch-Dest": "document" };

beforeEach(() => resetData());

describe("POST /m/login as a plain form", () => {
  it("logs demo01 in: a redirect home with an HttpOnly session cookie", async () => {
    const reply = await postLogin({ username: "demo01", password: "demo1234" });
    expect([302, 303]).toContain(reply.status);
    expect(reply.header("location")).toBe("/m/home");
    const session = cookieLine(reply, "mc_session");
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    // Without remember-me the session cookie ends with the browser session.
    expect(session).not.toMatch(/Max-Age/);
    expect(cookieLine(reply, "mc_remember")).toMatch(/Max-Age=0/);
  });

  it("answers a wrong password with the login page: the error and the username, never the password", async () => {
    const reply = await postLogin({ username: "demo01", password: "Secret-wrong-99" });
    expect([200, 400]).toContain(reply.status);
    expect(reply.header("content-type")).toMatch(/^text\/html/);
    expect(bodyText(reply.body)).toContain("Incorrect username or password");
    expect(reply.body).toContain('value="demo01"');
    expect(reply.body).not.toContain("Secret-wrong-99");
    expect(cookieLine(reply, "mc_session")).toBeUndefined();
  });

  it("answers missing fields with translated field errors", async () => {
    const reply = await postLogin({ username: "", password: "" });
    expect(reply.status).toBe(400);
    expect(bodyText(reply.body)).toContain("Please enter your username.");
    expect(reply.body).toContain('aria-invalid="true"');
  });

  it("refuses a cross-origin post with 403", async () => {
    const reply = await postLogin({ username: "demo01", password: "demo1234" }, { headers: { Origin: "http://evil.example" } });
    expect(reply.status).toBe(403);
    expect(cookieLine(reply, "mc_session")).toBeUndefined();
  });

  it("accepts a same-origin post", async () => {
    const reply = await postLogin({ username: "demo01", password: "demo1234" }, { headers: { Origin: originFor("demo.localhost") } });
    expect(reply.status).toBe(302);
  });

  it("ignores a foreign redirectUrl and follows a same-origin one", async () => {
    const foreign = await postLogin(
      { username: "demo01", password: "demo1234" },
      { path: `/m/login?redirectUrl=${encodeURIComponent("https://evil.example/x")}` },
    );
    expect(foreign.header("location")).toBe("/m/home");
    const protocolRelative = await postLogin(
      { username: "demo01", password: "demo1234" },
      { path: "/m/login?redirectUrl=%2F%2Fevil.example" },
    );
    expect(protocolRelative.header("location")).toBe("/m/home");
    const own = await postLogin({ username: "demo01", password: "demo1234" }, { path: "/m/login?redirectUrl=%2Fm%2Fmember%2Fhome" });
    expect(own.header("location")).toBe("/m/member/home");
  });

  it("sends default01 (default password) to the change-password page", async () => {
    const reply = await postLogin({ username: "default01", password: "Default123" });
    expect(reply.header("location")).toBe("/m/changePsw?updatePassword=1&reason=default");
  });

  it("keeps the two-factor login in an HttpOnly mc_2fa cookie, not in the page", async () => {
    const reply = await postLogin({ username: "email01", password: "demo1234" });
    expect(reply.status).toBe(200);
    expect(bodyText(reply.body)).toContain("Verify it is you");
    expectOwnCookie(cookieLine(reply, "mc_2fa")!, "mc_2fa", { maxAge: 300 });
    expect(reply.body).not.toContain("demo1234");
  });
});

describe("protected pages, token in the address, auto-login, logout", () => {
  it("sends a visitor from /m/member/home to /m/login with redirectUrl", async () => {
    const reply = await getPage("demo.localhost", "/m/member/home", DOCUMENT);
    expect(reply.status).toBe(302);
    expect(reply.header("location")).toBe("/m/login?redirectUrl=%2Fm%2Fmember%2Fhome");
  });

  it("adopts ?token= into the session and strips it from the address", async () => {
    // The session cookie is sealed: the raw token comes from a platform login, as a native app shell would have it.
    const { token } = await platformLogin("demo01");
    const reply = await getPage("demo.localhost", `/m/home?affiliateCode=A1&token=${token}`, DOCUMENT);
    expect(reply.status).toBe(302);
    expect(reply.header("location")).toBe("/m/home?affiliateCode=A1");
    const adopted = cookieJar(reply)["mc_session"];
    expect(adopted).toBeTruthy();
    const member = await getPage("demo.localhost", "/m/member/home", { ...DOCUMENT, Cookie: `mc_session=${adopted}` });
    expect(member.status).toBe(200);
    expect(bodyText(member.body)).toContain("demo01");

    const bad = await getPage("demo.localhost", "/m/home?tokens=not-a-real-token", DOCUMENT);
    expect(bad.status).toBe(302);
    expect(bad.header("location")).toBe("/m/home");
    expect(cookieLine(bad, "mc_session")).toBeUndefined();
  });

  it("gives an old iOS home-screen login (iOS 12, standalone or web clip) a session cookie with Max-Age without remember-me", async () => {
    const ios12 = {
      "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
    };
    const ios13 = { "User-Agent": ios12["User-Agent"].replace("12_4", "13_1") };
    const login = (displayMode: string, headers: Record<string, string>) =>
      postLogin({ username: "demo01", password: "demo1234", displayMode }, { headers });
    const [standalone, webclip, browser, newer] = [
      await login("standalone", ios12),
      await login("webclip", ios12),
      await login("browser", ios12),
      await login("standalone", ios13),
    ];
    expect(cookieLine(standalone, "mc_session")).toMatch(/Max-Age=2592000/);
    expect(cookieLine(webclip, "mc_session")).toMatch(/Max-Age=2592000/);
    expect(cookieLine(browser, "mc_session")).not.toMatch(/Max-Age/);
    expect(cookieLine(newer, "mc_session")).not.toMatch(/Max-Age/);
    // Nothing is remembered for auto-login.
    expect(cookieLine(standalone, "mc_remember")).toMatch(/Max-Age=0/);
  });

  it("logs a remembered member in before the page renders; not with redirectUrl; not after log out", async () => {
    const login = await postLogin({ username: "demo01", password: "demo1234", remember: "on" });
    expect(cookieLine(login, "mc_session")).toMatch(/Max-Age=2592000/);
    const jar = cookieJar(login);
    expect(jar["mc_remember"]).toBeTruthy();
    const visit = cookieHeader(jar, ["mc_session"]);

    const auto = await getPage("demo.localhost", "/m/login", { ...DOCUMENT, Cookie: visit });
    expect(auto.status).toBe(302);
    expect(auto.header("location")).toBe("/m/home");
    expect(cookieLine(auto, "mc_session")).toMatch(/HttpOnly/);

    const withRedirect = await getPage("demo.localhost", "/m/login?redirectUrl=%2Fm%2Fmember%2Fhome", { ...DOCUMENT, Cookie: visit });
    expect(withRedirect.status).toBe(200);

    const data = await getPage("demo.localhost", "/m/home.data", { Cookie: visit });
    expect(cookieLine(data, "mc_session")).toBeUndefined();

    const logout = await request({
      host: hostFor("demo.localhost"),
      path: "/m/logout",
      method: "POST",
      headers: { ...FORM, Cookie: cookieHeader({ ...jar, ...cookieJar(auto) }) },
      body: "",
    });
    expect(logout.status).toBe(302);
    expect(logout.header("location")).toBe("/m/login");
    expect(cookieLine(logout, "mc_session")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const afterLogout = cookieHeader({ ...jar, ...cookieJar(logout) }, ["mc_session"]);
    const page = await getPage("demo.localhost", "/m/home", { ...DOCUMENT, Cookie: afterLogout });
    expect(page.status).toBe(200);
    const login2 = await getPage("demo.localhost", "/m/login", { ...DOCUMENT, Cookie: afterLogout });
    expect(login2.body).toContain('value="demo01"');
  });

  it("a password change revokes every remembered login of the account: a copy of the cookie no longer logs in", async () => {
    const login = await postLogin({ username: "demo01", password: "demo1234", remember: "on" });
    const jarA = cookieJar(login);
    // Browser B holds a copy of A's remembered login, and it logs in.
    const copy = `mc_remember=${jarA["mc_remember"]}`;
    const before = await getPage("demo.localhost", "/m/login", { ...DOCUMENT, Cookie: copy });
    expect(before.status).toBe(302);
    expect(cookieLine(before, "mc_session")).toMatch(/HttpOnly/);

    try {
      const changed = await request({
        host: hostFor("demo.localhost"),
        path: "/m/changePsw",
        method: "POST",
        headers: { ...FORM, Origin: originFor("demo.localhost"), Cookie: cookieHeader(jarA) },
        body: new URLSearchParams({ oldPassword: "demo1234", newPassword: "Changed123", confirmPassword: "Changed123" }).toString(),
      });
      expect(changed.status).toBe(200);

      // B's copy, which is also A's cookie from before the change, logs nobody in: the login page, no session.
      const after = await getPage("demo.localhost", "/m/login", { ...DOCUMENT, Cookie: copy });
      expect(after.status).toBe(200);
      expect(cookieLine(after, "mc_session")).toBeUndefined();
      expect(after.body).toContain('value="demo01"');

      // A's remembered login as the change left it logs in with the new password.
      const renewed = cookieHeader({ ...jarA, ...cookieJar(changed) }, ["mc_session"]);
      expect(renewed).not.toContain(copy);
      const auto = await getPage("demo.localhost", "/m/login", { ...DOCUMENT, Cookie: renewed });
      expect(auto.status).toBe(302);
      expect(auto.header("location")).toBe("/m/home");
    } finally {
      // demo01's password back for the files after this one.
      await resetData();
    }
  });

  it("a forced password change revokes the account's remembered logins too", async () => {
    const login = await postLogin({ username: "default01", password: "Default123", remember: "on" });
    const target = "/m/changePsw?updatePassword=1&reason=default";
    expect(login.header("location")).toBe(target);
    const jar = cookieJar(login);
    const copy = `mc_remember=${jar["mc_remember"]}`;
    try {
      const changed = await request({
        host: hostFor("demo.localhost"),
        path: target,
        method: "POST",
        headers: { ...FORM, Origin: originFor("demo.localhost"), Cookie: cookieHeader(jar) },
        body: new URLSearchParams({ newPassword: "Changed123", confirmPassword: "Changed123" }).toString(),
      });
      expect(changed.status).toBe(200);
      const after = await getPage("demo.localhost", "/m/login", { ...DOCUMENT, Cookie: copy });
      expect(after.status).toBe(200);
      expect(cookieLine(after, "mc_session")).toBeUndefined();
      expect(after.body).toContain('value="default01"');
    } finally {
      // default01's default password back for the files after this one.
      await resetData();
    }
  });

  it("a remembered login for one merchant does nothing on another", async () => {
    const login = await postLogin({ username: "demo01", password: "demo1234", remember: "on" });
    const visit = cookieHeader(cookieJar(login), ["mc_session"]);
    const br = await getPage("br.localhost", "/m/home", { ...DOCUMENT, Cookie: visit });
    expect(br.status).toBe(200);
  });
});
