// Security headers on every kind of response, the page CSP nonce, and the session cookie.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getPage, originFor, request, resetFaults, setFaults, type RawReply } from "../support/http";

beforeAll(() => resetFaults());
afterEach(() => resetFaults());

function expectSecurityHeaders(reply: RawReply, what: string) {
  expect(reply.header("strict-transport-security"), what).toMatch(/max-age=\d{7,}/);
  expect(reply.header("x-content-type-options"), what).toBe("nosniff");
  expect(reply.header("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
}

function cspNonce(reply: RawReply): string | null {
  const csp = reply.header("content-security-policy") ?? "";
  return /script-src[^;]*'nonce-([^']+)'/.exec(csp)?.[1] ?? null;
}

function scriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
}

describe("security headers", () => {
  const cases: [string, () => Promise<RawReply>][] = [
    ["a page", () => getPage("demo.localhost", "/m/home")],
    ["a redirect", () => getPage("demo.localhost", "/")],
    ["the in-app 404 page", () => getPage("demo.localhost", "/m/no-such-page")],
    ["a /wps reply", () => getPage("demo.localhost", "/wps/system/country?_=common")],
    ["the unknown-domain page", () => getPage("unknown.localhost", "/m/home")],
    ["the 400 page", () => request({ host: "bad_host", path: "/" })],
    ["the 414 page", () => request({ path: `/?q=${"a".repeat(5000)}` })],
    [
      "the 403 origin refusal",
      () => request({ path: "/wps/session/logout", method: "POST", headers: { Origin: "http://evil.localhost" }, body: "" }),
    ],
  ];
  for (const [what, get] of cases) {
    it(`are on ${what}`, async () => {
      expectSecurityHeaders(await get(), what);
    });
  }

  it("are on a static asset", async () => {
    const asset = await getPage("demo.localhost", "/favicon.ico");
    expect(asset.status).toBe(200);
    expectSecurityHeaders(asset, "a static asset");
  });

  it("are on the maintenance page", async () => {
    await setFaults({ merchant: "demo", maintenance: {} });
    const page = await getPage("demo.localhost", "/m/home");
    expect(page.status).toBe(503);
    expectSecurityHeaders(page, "maintenance");
    expect(cspNonce(page)).not.toBeNull();
  });
});

describe("content security policy", () => {
  it("gives pages a CSP whose nonce is on every script tag", async () => {
    const page = await getPage("demo.localhost", "/m/home");
    const csp = page.header("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const nonce = cspNonce(page);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{16,}={0,2}$/);
    const scripts = scriptTags(page.body);
    expect(scripts.length).toBeGreaterThan(0);
    // Inline scripts included: every one carries this response's nonce.
    expect(scripts.filter((tag) => !/\bsrc=/.test(tag)).length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("uses a fresh nonce on each response", async () => {
    const [a, b] = await Promise.all([getPage("demo.localhost", "/m/home"), getPage("demo.localhost", "/m/home")]);
    expect(cspNonce(a)).not.toBeNull();
    expect(cspNonce(a)).not.toBe(cspNonce(b));
  });

  it("puts the nonce on the scripts of the in-app 404 page too", async () => {
    const page = await getPage("vn.localhost", "/m/no-such-page");
    const nonce = cspNonce(page);
    expect(nonce).not.toBeNull();
    for (const tag of scriptTags(page.body)) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("lets no script run on the edge's own pages", async () => {
    const page = await getPage("unknown.localhost", "/m/home");
    expect(page.header("content-security-policy")).toContain("script-src 'none'");
    expect(scriptTags(page.body)).toEqual([]);
  });
});

describe("session cookie", () => {
  it("is not set for a plain visit", async () => {
    for (const path of ["/m/home", "/m/home?language=VI", "/m/no-such-page", "/"]) {
      const reply = await getPage("demo.localhost", path);
      expect(
        reply.cookies.filter((c) => /mc_session=/.test(c)),
        path,
      ).toEqual([]);
    }
  });

  it("is not set when a visitor changes language: only the language cookie is", async () => {
    const reply = await request({
      path: "/m/language",
      method: "POST",
      headers: { Origin: originFor("demo.localhost"), "Content-Type": "application/x-www-form-urlencoded" },
      body: "language=VI&returnTo=%2Fm%2Fhome%3Flanguage%3DUR",
    });
    expect([302, 303]).toContain(reply.status);
    // The ?language= of the return address would override the choice, so it is dropped.
    expect(reply.header("location")).toBe("/m/home");
    expect(reply.cookies.some((c) => /^language=/.test(c))).toBe(true);
    expect(reply.cookies.filter((c) => /mc_session=/.test(c))).toEqual([]);
  });

  it("the language cookie chooses the page language on the next visit", async () => {
    const change = await request({
      path: "/m/language",
      method: "POST",
      headers: { Origin: originFor("demo.localhost"), "Content-Type": "application/x-www-form-urlencoded" },
      body: "language=VI&returnTo=%2Fm%2Fhome",
    });
    const cookie = change.cookies.find((c) => /^language=/.test(c))?.split(";")[0];
    expect(cookie).toBeDefined();
    const page = await getPage("demo.localhost", "/m/home", { Cookie: cookie! });
    expect(page.body).toMatch(/<html lang="vi"/);
    expect(page.body).toContain("Chào mừng đến với Demo Play");
    expect(page.cookies.filter((c) => /mc_session=/.test(c))).toEqual([]);
  });

  it("refuses an open redirect in the language form's return address", async () => {
    const reply = await request({
      path: "/m/language",
      method: "POST",
      headers: { Origin: originFor("demo.localhost"), "Content-Type": "application/x-www-form-urlencoded" },
      body: "language=EN&returnTo=%2F%2Fevil.example%2Fx",
    });
    expect([302, 303]).toContain(reply.status);
    expect(reply.header("location")).toMatch(/^\/(?!\/)/);
  });
});
