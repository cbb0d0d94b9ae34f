// What a security and fault probe found, as edge tests on the built Worker: cookies the product did not write,
// form posts it does not take, sessions the platform has ended, identity rules, throttling, slow platforms and the
// CSP. Raw HTTP with real Host headers; the sandbox platform alongside.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  bodyText,
  dialogs,
  getPage,
  h1,
  hostFor,
  looksLikeStackTrace,
  originFor,
  postJson,
  request,
  resetFaults,
  setFaults,
  type RawReply,
} from "../support/http";
import { cookieJar, memberSession, platformLogin, revokeOnPlatform } from "../support/member";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const DOCUMENT = { Accept: "text/html,application/xhtml+xml", "Sec-Fetch-Dest": "document" };
const SAME_ORIGIN = { Origin: originFor("demo.localhost") };

function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}, hostName = "demo.localhost") {
  return request({
    host: hostFor(hostName),
    path,
    method: "POST",
    headers: { ...FORM, Origin: originFor(hostName), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

function cookieLine(reply: RawReply, name: string): string | undefined {
  return reply.cookies.find((line) => line.startsWith(`${name}=`));
}

/** The notice dialog's text on a server-rendered page. */
function noticeText(reply: RawReply): string {
  return dialogs(reply.body)
    .map((d) => d.text)
    .join("\n");
}

beforeEach(async () => {
  const reply = await postJson("/__sandbox/reset", { data: true });
  expect(reply.status, reply.body).toBe(200);
});
afterEach(() => resetFaults());

describe("cookies the product did not write never take a page down", () => {
  it("a plain language=EN (another app's cookie) is read as the code: pages and /wps answer 200", async () => {
    const page = await getPage("demo.localhost", "/m/home", { Cookie: "language=EN" });
    expect(page.status).toBe(200);
    expect(h1(page.body)).toBe("Welcome to Demo Play");
    const vn = await getPage("vn.localhost", "/m/home", { Cookie: "language=EN" });
    expect(vn.status).toBe(200);
    expect(vn.body).toMatch(/<html lang="en"/);
    const proxied = await getPage("demo.localhost", "/wps/system/country?_=common", { Cookie: "language=EN" });
    expect(proxied.status).toBe(200);
  });

  it("a language cookie that is not a language is ignored and rewritten with the one in use", async () => {
    for (const value of ["%E0%A4%A", "{{broken", "eyJ4IjoxfQ=="]) {
      const page = await getPage("vn.localhost", "/m/home", { Cookie: `language=${value}` });
      expect(page.status).toBe(200);
      expect(cookieLine(page, "language")).toMatch(/^language=VI; /);
    }
  });

  it("a session cookie that does not verify or decrypt counts as no session and is cleared", async () => {
    const page = await getPage("demo.localhost", "/m/member/home", { ...DOCUMENT, Cookie: "mc_session=forged.value" });
    expect(page.status).toBe(302);
    expect(page.header("location")).toMatch(/^\/m\/login\?redirectUrl=/);
    expect(cookieLine(page, "mc_session")).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("the session cookie is sealed: the platform token cannot be read from it", async () => {
    const { token } = await platformLogin("demo01");
    const reply = await postForm("/m/login", { username: "demo01", password: "demo1234" });
    const value = decodeURIComponent(cookieJar(reply)["mc_session"]!);
    const [payload] = value.split(".");
    expect(value).not.toContain(token.slice(0, 12));
    expect(Buffer.from(payload!, "base64").toString("latin1")).not.toMatch(/token|demo01/);
  });
});

describe("form posts the pages do not take get a clear, translated answer", () => {
  it("JSON, text/plain or no content type: 415 with a message in the visitor's language", async () => {
    for (const contentType of ["application/json", "text/plain", null]) {
      const reply = await request({
        host: hostFor("vn.localhost"),
        path: "/m/login",
        method: "POST",
        headers: { Origin: originFor("vn.localhost"), ...(contentType ? { "Content-Type": contentType } : {}) },
        body: '{"username":"demo01"}',
      });
      expect(reply.status).toBe(415);
      expect(h1(reply.body)).toBe("Biểu mẫu không được chấp nhận");
      expect(reply.body).not.toMatch(/unsupported_media_type|server_error/);
    }
  });

  it("a broken multipart body: 400; a DELETE to a page: 405 with Allow", async () => {
    const broken = await request({
      path: "/m/login",
      method: "POST",
      headers: { ...SAME_ORIGIN, "Content-Type": "multipart/form-data" },
      body: "not multipart",
    });
    expect(broken.status).toBe(400);
    expect(h1(broken.body)).toBeTruthy();
    const deleted = await request({ path: "/m/home", method: "DELETE", headers: SAME_ORIGIN });
    expect(deleted.status).toBe(405);
    expect(deleted.header("allow")).toBe("GET, HEAD, POST");
    expect(h1(deleted.body)).toBe("Not allowed");
  });

  it("a logout post with no body and no Content-Type logs out; from another site it is still refused", async () => {
    const login = await postForm("/m/login", { username: "demo01", password: "demo1234" });
    const session = `mc_session=${cookieJar(login)["mc_session"]}`;
    const foreign = await request({ path: "/m/logout", method: "POST", headers: { Origin: "http://evil.example", Cookie: session } });
    expect(foreign.status).toBe(403);

    const logout = await request({ path: "/m/logout", method: "POST", headers: { ...SAME_ORIGIN, Cookie: session } });
    expect(logout.status).toBe(302);
    expect(logout.header("location")).toBe("/m/login");
    expect(cookieLine(logout, "mc_session")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    // The platform ended the token: the cookie from before is no longer a session.
    const after = await getPage("demo.localhost", "/m/member/home", { ...DOCUMENT, Cookie: session });
    expect(after.status).toBe(302);
    expect(after.header("location")).toMatch(/^\/m\/login\b/);
  });

  it("a bare post (no body, no Content-Type) to another page is read as an empty form", async () => {
    const reply = await request({
      host: hostFor("vn.localhost"),
      path: "/m/login",
      method: "POST",
      headers: { Origin: originFor("vn.localhost") },
    });
    expect(reply.status).toBe(400);
    expect(looksLikeStackTrace(reply.body)).toBe(false);
    expect(reply.body).toContain('name="username"');
  });
});

describe("addresses Remix cannot match", () => {
  it.each(["/m/%E2%80%A8", "/m/home%E2%80%A9", "/m/%0A", "/%0D", "/m/a%00b", "/wps/%E2%80%A8"])(
    "%s: a plain 404 before any page",
    async (path) => {
      const reply = await getPage("demo.localhost", path, DOCUMENT);
      expect(reply.status).toBe(404);
      expect(reply.header("content-type")).toBe("text/plain; charset=utf-8");
      expect(reply.header("x-remix-response")).toBeUndefined();
    },
  );
});

describe("error pages without the page's data are still translated", () => {
  it("a form post to a page that takes none: 405 in the visitor's language, no raw keys", async () => {
    const reply = await postForm("/m/home", { a: "1" }, {}, "vn.localhost");
    expect(reply.status).toBe(405);
    expect(h1(reply.body)).toBe("Không được phép");
    expect(reply.body).toMatch(/<html lang="vi"/);
    expect(bodyText(reply.body)).not.toMatch(/_title|_desc|back_home/);
  });
});

describe("a session the platform has ended does not look alive", () => {
  it("a revoked token: /m/home and /m/member/home clear the session and go to /m/login, which says please login", async () => {
    const { cookie, token } = await memberSession();
    const alive = await getPage("demo.localhost", "/m/home", { ...DOCUMENT, Cookie: cookie });
    expect(bodyText(alive.body)).toContain("demo01");
    expect((await revokeOnPlatform(token)).status).toBe(200);

    for (const path of ["/m/home", "/m/member/home"]) {
      const page = await getPage("demo.localhost", path, { ...DOCUMENT, Cookie: cookie });
      expect(page.status).toBe(302);
      expect(page.header("location")).toBe(`/m/login?redirectUrl=${encodeURIComponent(path)}&expired=1`);
      expect(cookieLine(page, "mc_session")).toMatch(/Expires=Thu, 01 Jan 1970/);
    }
    const login = await getPage("demo.localhost", "/m/login?redirectUrl=%2Fm%2Fhome&expired=1", DOCUMENT);
    expect(login.status).toBe(200);
    expect(noticeText(login)).toContain("Please log in again.");
  });

  it("an old cookie replayed after logout is refused the same way", async () => {
    const login = await postForm("/m/login", { username: "demo01", password: "demo1234" });
    const old = `mc_session=${cookieJar(login)["mc_session"]}`;
    const logout = await postForm("/m/logout", {}, { Cookie: old });
    expect(logout.status).toBe(302);
    const replay = await getPage("demo.localhost", "/m/home", { ...DOCUMENT, Cookie: old });
    expect(replay.status).toBe(302);
    expect(replay.header("location")).toMatch(/^\/m\/login\?.*expired=1/);
  });

  it("through /wps: the browser's call gets the platform's answer and the session cookie is cleared", async () => {
    const { cookie, token } = await memberSession();
    await revokeOnPlatform(token);
    const reply = await getPage("demo.localhost", "/wps/member/info", { Cookie: cookie });
    expect(reply.status).toBe(401);
    expect(cookieLine(reply, "mc_session")).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});

describe("identity rules", () => {
  it("a link with another member's token does not replace the session", async () => {
    const { cookie } = await memberSession("demo01");
    const other = await platformLogin("restricted01");
    const reply = await getPage("demo.localhost", `/m/home?token=${other.token}`, { ...DOCUMENT, Cookie: cookie });
    expect(reply.status).toBe(302);
    expect(reply.header("location")).toBe("/m/home");
    expect(cookieLine(reply, "mc_session")).toBeUndefined();
    const page = await getPage("demo.localhost", "/m/member/home", { ...DOCUMENT, Cookie: cookie });
    expect(bodyText(page.body)).toContain("demo01");
  });

  it("a forced password change comes first: every page but change-password and logout leads there", async () => {
    const login = await postForm("/m/login", { username: "default01", password: "Default123" });
    const target = "/m/changePsw?updatePassword=1&reason=default";
    expect(login.header("location")).toBe(target);
    const cookie = `mc_session=${cookieJar(login)["mc_session"]}`;
    for (const path of ["/m/home", "/m/member/home", "/m/launchGame?prize_mode=Lott&code=VNL45&nojs=1", "/m/register"]) {
      const page = await getPage("demo.localhost", path, { ...DOCUMENT, Cookie: cookie });
      expect(page.status, path).toBe(302);
      expect(page.header("location"), path).toBe(target);
    }
    expect((await getPage("demo.localhost", target, { ...DOCUMENT, Cookie: cookie })).status).toBe(200);

    const changed = await postForm(target, { newPassword: "Changed123", confirmPassword: "Changed123" }, { Cookie: cookie });
    expect(changed.status).toBe(200);
    const after = `mc_session=${cookieJar(changed)["mc_session"]}`;
    expect((await getPage("demo.localhost", "/m/member/home", { ...DOCUMENT, Cookie: after })).status).toBe(200);
  });

  it("a token in the address of a member with the default password leads to the change-password page first", async () => {
    const login = await platformLogin("default01", "Default123");
    const adopted = await getPage("demo.localhost", `/m/home?token=${login.token}`, DOCUMENT);
    const target = "/m/changePsw?updatePassword=1&reason=default";
    expect(adopted.status).toBe(302);
    expect(adopted.header("location")).toBe(target);
    const cookie = `mc_session=${cookieJar(adopted)["mc_session"]}`;
    const home = await getPage("demo.localhost", "/m/home", { ...DOCUMENT, Cookie: cookie });
    expect(home.header("location")).toBe(target);
  });

  it("a token in the address of a member whose password expired leads to the change-password page where the merchant forces it", async () => {
    const login = await platformLogin("expired01");
    const adopted = await getPage("demo.localhost", `/m/member/home?token=${login.token}`, DOCUMENT);
    expect(adopted.status).toBe(302);
    expect(adopted.header("location")).toBe("/m/changePsw?updatePassword=1&reason=expired");
  });

  it("one message for an unknown username and a wrong password", async () => {
    const unknown = await postForm("/m/login", { username: `nobody${Date.now()}`, password: "demo1234" });
    const wrong = await postForm("/m/login", { username: "demo01", password: "wrong-password-1" });
    expect(noticeText(unknown)).toContain("Incorrect username or password.");
    expect(noticeText(wrong)).toContain("Incorrect username or password.");
    expect(bodyText(unknown.body)).not.toMatch(/does not exist/i);
  });

  it("a login during a platform 502 says the service is unavailable and keeps the username", async () => {
    await setFaults({ merchant: "demo", httpStatus: 502 });
    const reply = await postForm("/m/login", { username: "demo01", password: "demo1234" });
    expect(reply.status).toBe(503);
    expect(noticeText(reply)).toContain("The service is temporarily unavailable. Please try again.");
    expect(reply.body).toMatch(/value="demo01"/);
    expect(reply.body).not.toContain("demo1234");
  });

  it("the two-factor step is bound to its merchant and used once", async () => {
    const start = await postForm("/m/login", { username: "payee01", password: "demo1234" });
    const pending = `mc_2fa=${cookieJar(start)["mc_2fa"]}`;
    expect(pending).not.toBe("mc_2fa=undefined");
    const elsewhere = await postForm(
      "/m/login",
      { intent: "verify", method: "payeeName", payeeName: "Nguyen Van A" },
      { Cookie: pending },
      "vn.localhost",
    );
    expect(noticeText(elsewhere)).toContain("Vui lòng đăng nhập lại");
    expect(cookieLine(elsewhere, "mc_session")).toBeUndefined();

    const verify = await postForm("/m/login", { intent: "verify", method: "payeeName", payeeName: "Nguyen Van A" }, { Cookie: pending });
    expect(verify.status).toBe(302);
    const replay = await postForm("/m/login", { intent: "verify", method: "payeeName", payeeName: "Nguyen Van A" }, { Cookie: pending });
    expect(replay.status).toBe(400);
    expect(cookieLine(replay, "mc_session")).toBeUndefined();
  });

  it("after five failed logins for one account the sixth is refused for a while, translated", async () => {
    const username = `throttle${Date.now()}`;
    for (let i = 0; i < 5; i += 1) {
      const reply = await postForm("/m/login", { username, password: `wrong-${i}` });
      expect(reply.status).toBe(400);
    }
    const blocked = await postForm("/m/login", { username, password: "wrong-6" }, {}, "demo.localhost");
    expect(blocked.status).toBe(429);
    expect(noticeText(blocked)).toMatch(/Too many attempts\. Please try again in 1[45] minutes\./);
    const vn = await postForm("/m/login", { username, password: "wrong-7" }, {}, "vn.localhost");
    // Counted per merchant: the same name on another merchant is another account.
    expect(vn.status).not.toBe(429);
  });

  it("a remembered login copied before logout no longer logs in", async () => {
    const login = await postForm("/m/login", { username: "demo01", password: "demo1234", remember: "on" });
    const jar = cookieJar(login);
    const remembered = `mc_remember=${jar["mc_remember"]}`;
    expect(decodeURIComponent(jar["mc_remember"]!)).not.toContain("demo1234");
    await postForm("/m/logout", {}, { Cookie: `mc_session=${jar["mc_session"]}; ${remembered}` });
    const visit = await getPage("demo.localhost", "/m/home", { ...DOCUMENT, Cookie: remembered });
    expect(visit.status).toBe(200);
    expect(cookieLine(visit, "mc_session")).toBeUndefined();
  });
});

describe("the platform's HTML, member data and the page CSP", () => {
  it("platform HTML through /wps gets its own strict CSP and never the member's token", async () => {
    const { cookie } = await memberSession();
    const page = await getPage("demo.localhost", "/wps/sandbox-pages/chat?merchant=demo", { ...DOCUMENT, Cookie: cookie });
    expect(page.header("content-type")).toMatch(/^text\/html/);
    expect(page.header("content-security-policy")).toMatch(/default-src 'none'; script-src 'none'/);
  });

  it("a member's page data (.data) is private, no-store, like the member's JSON through /wps", async () => {
    const login = await postForm("/m/login", { username: "demo01", password: "demo1234" });
    const session = `mc_session=${cookieJar(login)["mc_session"]}`;
    for (const path of ["/m/member/home.data", "/m/home.data", "/m/activity.data"]) {
      const data = await getPage("demo.localhost", path, { Cookie: session });
      expect(data.status, path).toBe(200);
      expect(data.header("content-type"), path).toBe("text/x-script");
      expect(data.header("cache-control"), path).toBe("private, no-store");
    }
  });

  it("member JSON through /wps is private, no-store", async () => {
    const { cookie } = await memberSession();
    const info = await getPage("demo.localhost", "/wps/member/info", { Cookie: cookie });
    expect(info.status).toBe(200);
    expect(info.header("cache-control")).toBe("private, no-store");
  });

  it("the page CSP lists no wildcard hosts and reports violations; reports are accepted", async () => {
    // vn88: a merchant with no Firebase (whose sign-in pages also allow its hosts: tests/edge/firebase.test.ts).
    const page = await getPage("vn.localhost", "/m/login", DOCUMENT);
    const csp = page.header("content-security-policy")!;
    expect(csp).not.toMatch(/ https: |https:;/);
    expect(csp).toMatch(/img-src 'self' data: blob:;/);
    expect(csp).toMatch(/frame-src 'self';/);
    expect(csp).toContain("report-uri /m/csp-report");
    const report = await request({
      path: "/m/csp-report",
      method: "POST",
      headers: { "Content-Type": "application/csp-report" },
      body: JSON.stringify({
        "csp-report": { "document-uri": "http://demo.localhost/m/home", "blocked-uri": "https://evil.example/x.js" },
      }),
    });
    expect(report.status).toBe(204);
  });
});
