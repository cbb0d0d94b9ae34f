// Unit-level rules of the hardening: cookies read defensively, what pages accept, throttling windows, the CSP from the
// merchant's configuration, where the token may travel, page deadlines and the one place a session ends.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { languageCookieNeedsRewrite, readLanguageCookie, serializeLanguageCookie } from "../../app/.server/i18n/language-cookie";
import { asPageRequest, checkPageRequest, isUnreadablePath } from "../../app/.server/security/page-requests";
import { attemptState, countAttempt, type AttemptRule } from "../../app/.server/security/identity-guard";
import { throttleRules, tooManyAttempts } from "../../app/identity/throttle.server";
import { contentSecurityPolicy } from "../../app/.server/security/headers";
import { parseCspReport } from "../../app/.server/security/csp-report";
import { loginRedirectTarget } from "../../app/identity/redirect-target.server";
import { PlatformClient } from "../../app/.server/platform/client";
import { merchantRouteSchema } from "../../app/.server/merchants/merchant-config";
import { DEFAULT_MERCHANT_ROUTES } from "../../app/.server/merchants/default-merchants";
import { forgetCachedMerchantRoutes, loadMerchantRoutes } from "../../app/.server/merchants/resolve-merchant";
import { isCacheablePage } from "../../app/shell/sw/policy";
import { allowedDuringForcedChange } from "../../app/identity/forced-change";
import { AppSession } from "../../app/.server/session";

describe("the language cookie", () => {
  it("is the plain code, read in any case, and the old base64-JSON form is understood", () => {
    expect(readLanguageCookie("language=EN")).toEqual({ code: "EN", present: true });
    expect(readLanguageCookie("a=1; language=pt-br")).toEqual({ code: "PT-BR", present: true });
    expect(readLanguageCookie(`language=${btoa('"VI"')}`)).toEqual({ code: "VI", present: true });
    expect(serializeLanguageCookie("UR")).toMatch(/^language=UR; Max-Age=31536000; Path=\/; SameSite=Lax$/);
  });

  it("anything else counts as absent and is rewritten; never throws", () => {
    for (const header of ["language=%E0%A4%A", "language={{x", "language=", "language=xx"]) {
      const cookie = readLanguageCookie(header);
      expect(cookie.code).toBeNull();
      expect(languageCookieNeedsRewrite(header, cookie)).toBe(true);
    }
    expect(readLanguageCookie(null)).toEqual({ code: null, present: false });
    expect(languageCookieNeedsRewrite("language=VI", readLanguageCookie("language=VI"))).toBe(false);
    expect(languageCookieNeedsRewrite(`language=${btoa('"VI"')}`, readLanguageCookie(`language=${btoa('"VI"')}`))).toBe(true);
  });
});

describe("the session cookie", () => {
  const secret = "unit-test-session-secret-0123456789abcdef";
  it("is sealed: the token is not in it, and a forged or foreign value is unreadable", async () => {
    const session = await AppSession.read(new Request("http://demo.localhost/m/home"), secret, "demo");
    session.signIn("TOKEN-abcdef-123456", { id: "1", userName: "demo01", type: 0, firstTimeLogin: false });
    const line = await session.commit();
    const value = decodeURIComponent(line.split(";")[0]!.split("=").slice(1).join("="));
    expect(value).not.toContain("TOKEN-abcdef");
    expect(Buffer.from(value.split(".")[0]!, "base64").toString("latin1")).not.toContain("TOKEN");
    const back = await AppSession.read(new Request("http://demo.localhost/", { headers: { Cookie: line.split(";")[0]! } }), secret, "demo");
    expect(back.token).toBe("TOKEN-abcdef-123456");
    const other = await AppSession.read(
      new Request("http://demo.localhost/", { headers: { Cookie: line.split(";")[0]! } }),
      `${secret}x`,
      "demo",
    );
    expect(other.token).toBeNull();
    expect(other.unreadable).toBe(true);
    const foreign = await AppSession.read(
      new Request("http://vn.localhost/", { headers: { Cookie: line.split(";")[0]! } }),
      secret,
      "vn88",
    );
    expect(foreign.token).toBeNull();
  });

  it("keeps remember-me's Max-Age when written again, and the forced change until it is cleared", async () => {
    const session = await AppSession.read(new Request("http://demo.localhost/"), secret, "demo");
    session.signIn("T", { id: "1", userName: "u", type: 0, firstTimeLogin: false });
    session.setMustChangePassword("default");
    session.remember(2_592_000);
    const first = await session.commit();
    const again = await AppSession.read(
      new Request("http://demo.localhost/", { headers: { Cookie: first.split(";")[0]! } }),
      secret,
      "demo",
    );
    expect(again.mustChangePassword).toBe("default");
    again.setMustChangePassword(null);
    expect(await again.commit()).toMatch(/Max-Age=2592000/);
    expect(again.mustChangePassword).toBeNull();
  });
});

describe("what pages accept", () => {
  const post = (contentType: string | null, body = "a=1") =>
    new Request("http://demo.localhost/m/login", { method: "POST", headers: contentType ? { "Content-Type": contentType } : {}, body });
  it("GET, HEAD and form posts pass", async () => {
    expect(await checkPageRequest(new Request("http://demo.localhost/m/home"))).toBeNull();
    expect(await checkPageRequest(post("application/x-www-form-urlencoded; charset=UTF-8"))).toBeNull();
    const form = new FormData();
    form.set("a", "1");
    expect(await checkPageRequest(new Request("http://demo.localhost/m/login", { method: "POST", body: form }))).toBeNull();
  });

  it("other content types 415, a broken form 400, other methods 405; the body stays readable", async () => {
    expect(await checkPageRequest(post("application/json", "{}"))).toEqual({ status: 415, kind: "unsupported-media-type" });
    expect(await checkPageRequest(post("text/plain"))).toEqual({ status: 415, kind: "unsupported-media-type" });
    expect(await checkPageRequest(post(null))).toEqual({ status: 415, kind: "unsupported-media-type" });
    expect(await checkPageRequest(post("multipart/form-data", "x"))).toEqual({ status: 400, kind: "bad-request" });
    for (const method of ["DELETE", "PUT", "PATCH", "OPTIONS"]) {
      expect(await checkPageRequest(new Request("http://demo.localhost/m/home", { method }))).toEqual({
        status: 405,
        kind: "method-not-allowed",
      });
    }
    const ok = post("application/x-www-form-urlencoded");
    await checkPageRequest(ok);
    expect((await ok.formData()).get("a")).toBe("1");
  });

  it("a POST with neither body nor Content-Type passes, and reaches the actions as an empty form", async () => {
    const bare = new Request("http://demo.localhost/m/logout", { method: "POST" });
    expect(await checkPageRequest(bare)).toBeNull();
    const form = asPageRequest(bare);
    expect(form.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect([...(await form.formData())]).toEqual([]);
    const empty = new Request("http://demo.localhost/m/logout", { method: "POST", body: new Uint8Array(0) });
    expect(await checkPageRequest(empty)).toBeNull();
    // A body with no type is still refused; a typed request is handed on as it is.
    const untyped = new Request("http://demo.localhost/m/logout", { method: "POST", body: new Uint8Array([97]) });
    expect(await checkPageRequest(untyped)).toEqual({ status: 415, kind: "unsupported-media-type" });
    const typed = post("application/x-www-form-urlencoded");
    expect(asPageRequest(typed)).toBe(typed);
  });
});

describe("paths Remix cannot match", () => {
  it.each([
    ["/m/%E2%80%A8", true],
    ["/m/%e2%80%a9x", true],
    ["/m/%0A", true],
    ["/m/%0d%0a", true],
    ["/m/a%00", true],
    ["/m/%7F", true],
    ["/m/%C2%85", true],
    ["/m/\u2028", true],
    ["/m/%FF%0A", true],
    ["/m/home", false],
    ["/m/%E2%82%AC", false],
    ["/m/%20x", false],
    ["/m/%ZZ", false],
    ["/m/%E2%80", false],
    ["/m/na%C3%AFve", false],
  ])("%s → %s", (path, unreadable) => {
    expect(isUnreadablePath(path)).toBe(unreadable);
  });
});

describe("throttling windows", () => {
  const rule: AttemptRule = { key: "login:account:x", limit: 3, windowMs: 1_000 };
  it("blocks at the limit until the window ends, then starts afresh", () => {
    let counter = countAttempt(undefined, rule, 0);
    counter = countAttempt(counter, rule, 100);
    expect(attemptState([counter], [rule], 200)).toEqual({ blocked: false });
    counter = countAttempt(counter, rule, 300);
    expect(attemptState([counter], [rule], 400)).toEqual({ blocked: true, until: 1_000 });
    expect(attemptState([counter], [rule], 1_000)).toEqual({ blocked: false });
    expect(countAttempt(counter, rule, 1_000)).toEqual({ start: 1_000, count: 1 });
  });

  it("counts per IP and per account, case-insensitively; says how many minutes, the last one as 'a minute'", () => {
    expect(throttleRules("sms-code", { device: null, ip: "203.0.113.9" }, " +84900000001 ").hard.map((r) => r.key)).toEqual([
      "sms-code:ip:203.0.113.9",
      "sms-code:account:+84900000001",
    ]);
    expect(throttleRules("sms-code", { device: null, ip: null }, "+84900000001").hard).toHaveLength(1);
    expect(tooManyAttempts({ blocked: true, until: 10 * 60_000 + 1 }, 0)).toEqual({ key: "too_many_attempts", values: { minutes: "11" } });
    expect(tooManyAttempts({ blocked: true, until: 2 * 60_000 }, 0)).toEqual({ key: "too_many_attempts", values: { minutes: "2" } });
    expect(tooManyAttempts({ blocked: true, until: 60_000 }, 0)).toEqual({ key: "too_many_attempts_minute" });
    expect(tooManyAttempts({ blocked: true, until: 5 }, 0)).toEqual({ key: "too_many_attempts_minute" });
  });
});

describe("the page CSP", () => {
  it("allows only the merchant's own outside origins, and reports", () => {
    const csp = contentSecurityPolicy("n0nce", [], {
      scripts: ["https://static.geetest.com", "javascript:alert(1)"],
      images: ["https://cdn.example.com"],
      frames: ["https://games.example.com", "https:"],
    });
    expect(csp).toContain("script-src 'self' 'nonce-n0nce' https://static.geetest.com;");
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.com;");
    expect(csp).toContain("frame-src 'self' https://games.example.com;");
    expect(csp).toContain("report-uri /m/csp-report");
    expect(contentSecurityPolicy("n")).not.toMatch(/ https:( |;|$)/);
  });

  it("merchant routes accept only https origins for content", () => {
    const base = DEFAULT_MERCHANT_ROUTES[0]!;
    expect(merchantRouteSchema.safeParse({ ...base, contentOrigins: { images: ["http://cdn.example.com"] } }).success).toBe(false);
    expect(merchantRouteSchema.safeParse({ ...base, contentOrigins: { images: ["https://cdn.example.com/path"] } }).success).toBe(false);
    expect(merchantRouteSchema.safeParse({ ...base, captchaScriptServers: ["//evil.example"] }).success).toBe(false);
    expect(merchantRouteSchema.parse({ ...base, captchaScriptServers: ["https://static.geetest.com/"] }).captchaScriptServers).toEqual([
      "https://static.geetest.com",
    ]);
  });

  it("violation reports are read from both report formats", () => {
    expect(
      parseCspReport({
        "csp-report": { "document-uri": "http://d/m", "blocked-uri": "https://x/y.js", "violated-directive": "script-src" },
      }),
    ).toEqual([{ documentURL: "http://d/m", blockedURL: "https://x/y.js", effectiveDirective: "script-src", disposition: undefined }]);
    expect(
      parseCspReport([
        { type: "csp-violation", body: { documentURL: "a", blockedURL: "b", effectiveDirective: "img-src" } },
        { type: "other" },
      ]),
    ).toHaveLength(1);
    expect(parseCspReport("nonsense")).toEqual([]);
  });
});

describe("where the token may travel", () => {
  const context = {
    host: "demo.example",
    domainList: ["m.other.example", "dev.localhost:8787"],
    fallback: "/m/home",
    token: "T",
    language: "EN",
    headerColor: "#000000",
    title: "Demo",
  };
  it("to the merchant's other domains over https only (or a loopback host)", () => {
    expect(loginRedirectTarget("https://m.other.example/m/home", context)).toMatch(/^https:\/\/m\.other\.example\/m\/home\?token=T&/);
    expect(loginRedirectTarget("http://m.other.example/m/home", context)).toBe("/m/home");
    expect(loginRedirectTarget("http://dev.localhost:8787/m/home", context)).toMatch(/token=T/);
  });
});

describe("timeouts and the one place a session ends", () => {
  function client(options: {
    deadline?: number | null;
    onSessionEnded?: () => Promise<Response>;
    reply: () => Promise<Response> | Response;
  }) {
    const merchant = {
      ...merchantRouteSchema.parse({ ...DEFAULT_MERCHANT_ROUTES[0], platform: { service: "FAKE" } }),
      host: "demo.localhost",
    };
    return PlatformClient.create({
      merchant,
      env: { FAKE: { fetch: async () => options.reply() } },
      request: new Request("http://demo.localhost/m/home"),
      language: "EN",
      token: "tok",
      callTimeoutMs: 1_000,
      deadline: options.deadline ?? null,
      onSessionEnded: options.onSessionEnded,
    });
  }

  it("a call past the page's deadline is a timeout at once; ignoreDeadline waits its own time", async () => {
    const slow = () => new Promise<Response>((resolve) => setTimeout(() => resolve(Response.json({ success: true, value: 1 })), 50));
    const late = client({ deadline: Date.now() - 1, reply: slow });
    const result = await late.call("/wps/x", z.number());
    expect(result.ok ? null : result.failure).toEqual({ kind: "notice", message: null, messageKey: "platform_timeout" });
    expect(await late.call("/wps/x", z.number(), { ignoreDeadline: true })).toEqual({ ok: true, value: 1 });
  });

  it("'not logged in' to the member's own token throws the session-ended answer; another token or report mode does not", async () => {
    const ended = new Response(null, { status: 302, headers: { Location: "/m/login?expired=1" } });
    const notLoggedIn = () => Response.json({ success: false, errorCode: "user.or.token.invalid" });
    const own = client({ onSessionEnded: async () => ended, reply: notLoggedIn });
    await expect(own.call("/wps/member/info", z.unknown())).rejects.toBe(ended);
    const reported = await own.call("/wps/session/logout", z.unknown(), { sessionEnd: "report" });
    expect(reported.ok ? null : reported.failure.kind).toBe("not-logged-in");
    const other = await own.withToken("someone-else").call("/wps/member/info", z.unknown());
    expect(other.ok ? null : other.failure.kind).toBe("not-logged-in");
    const noAuth = await own.call("/wps/system/setting", z.unknown(), { auth: false });
    expect(noAuth.ok ? null : noAuth.failure.kind).toBe("not-logged-in");
  });
});

describe("configuration and caching", () => {
  it("production (no DEMO_MERCHANTS) serves only what KV holds", async () => {
    forgetCachedMerchantRoutes();
    expect(await loadMerchantRoutes(undefined, 1, { demo: false })).toEqual([]);
    forgetCachedMerchantRoutes();
    expect((await loadMerchantRoutes(undefined, 1, { demo: true })).length).toBeGreaterThan(0);
    forgetCachedMerchantRoutes();
  });

  it("the service worker never keeps a no-store page", () => {
    const page = (cacheControl: string) => ({
      status: 200,
      type: "basic",
      headers: new Headers({ "Content-Type": "text/html", "Cache-Control": cacheControl }),
    });
    expect(isCacheablePage(page("private, no-cache"))).toBe(true);
    expect(isCacheablePage(page("no-store"))).toBe(false);
    expect(isCacheablePage(page("private, no-store"))).toBe(false);
  });

  it("during a forced change only the change-password page and logout stay open", () => {
    expect(allowedDuringForcedChange("/m/changePsw", "/m/changePsw")).toBe(true);
    expect(allowedDuringForcedChange("/m/changePsw.data", "/m/changePsw")).toBe(true);
    expect(allowedDuringForcedChange("/m/logout", "/m/changePsw")).toBe(true);
    expect(allowedDuringForcedChange("/m/home", "/m/changePsw")).toBe(false);
  });
});
