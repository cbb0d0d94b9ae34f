// Visitor pages (app/.server/performance/visitor-pages.ts, docs/behaviour/platform-data.md#visitor-pages): which
// requests may share a page, what is kept, and that every serving gets its own nonce.
import { describe, expect, it } from "vitest";
import type { AppContext } from "../../app/lib/context.server";
import { VISITOR_PAGE_SECONDS, VisitorPages, visitorPageKey } from "../../app/.server/performance/visitor-pages";

const NONCE = "c2VjcmV0LW5vbmNlLTEyMw==";

function context(overrides: { token?: string | null; outgoingCookies?: string[]; shared?: boolean; language?: string } = {}) {
  return {
    merchant: { merchantCode: "demo" },
    language: overrides.language ?? "EN",
    session: { token: overrides.token ?? null },
    outgoingCookies: overrides.outgoingCookies ?? [],
    platform: { readOnlySharedData: overrides.shared ?? true },
    cspNonce: NONCE,
  } as unknown as AppContext;
}

function visit(path = "/m/home", init: RequestInit & { headers?: Record<string, string> } = {}) {
  return new Request(`http://demo.localhost:8787${path}`, {
    ...init,
    headers: { Host: "demo.localhost:8787", "User-Agent": "Phone/1", ...init.headers },
  });
}

function renderedPage(headers: Record<string, string> = {}, status = 200) {
  return new Response(`<html><script nonce="${NONCE}">x</script><p>Home ✓</p><script nonce="${NONCE}"></script></html>`, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `script-src 'self' 'nonce-${NONCE}'`,
      "X-Platform-Calls": "5",
      ...headers,
    },
  });
}

describe("which requests may share a page", () => {
  it("a first visit's GET of a landing page, keyed by merchant, host, page, language and browser", () => {
    const key = visitorPageKey(visit(), context());
    expect(key).not.toBeNull();
    expect(visitorPageKey(visit("/m/login"), context())).not.toBe(key);
    expect(visitorPageKey(visit(), context({ language: "VI" }))).not.toBe(key);
    expect(visitorPageKey(visit("/m/home", { headers: { "User-Agent": "Phone/2" } }), context())).not.toBe(key);
    expect(visitorPageKey(visit(), context())).toBe(key);
  });

  it("nothing with a cookie, a query, a session, a cookie about to be set, another method or another page", () => {
    expect(visitorPageKey(visit("/m/home", { headers: { Cookie: "a=1" } }), context())).toBeNull();
    expect(visitorPageKey(visit("/m/home?utm_source=x"), context())).toBeNull();
    expect(visitorPageKey(visit(), context({ token: "t" }))).toBeNull();
    expect(visitorPageKey(visit(), context({ outgoingCookies: ["lang=VI"] }))).toBeNull();
    expect(visitorPageKey(visit("/m/home", { method: "POST" }), context())).toBeNull();
    expect(visitorPageKey(visit("/m/activity"), context())).toBeNull();
  });
});

describe("what is kept and served", () => {
  it("serves a kept page with a fresh nonce in the page and its policy each time", async () => {
    const pages = new VisitorPages();
    const { response, kept } = await pages.keepIfShared("k", renderedPage(), context(), 0);
    expect(kept).toBe(true);
    expect(await response.text()).toContain(`nonce="${NONCE}"`);

    const first = pages.serve("k", 1000)!;
    const second = pages.serve("k", 2000)!;
    const [a, b] = [await first.text(), await second.text()];
    const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)![1];
    expect(nonceOf(a)).not.toBe(NONCE);
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(a.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonceOf(a)}"`, `nonce="${nonceOf(a)}"`]);
    expect(a).toContain("<p>Home ✓</p>");
    expect(first.headers.get("Content-Security-Policy")).toBe(`script-src 'self' 'nonce-${nonceOf(a)}'`);
    expect(first.headers.get("X-Platform-Calls")).toBeNull();
    expect(first.status).toBe(200);
  });

  it("stops serving it after its time", async () => {
    const pages = new VisitorPages();
    await pages.keepIfShared("k", renderedPage(), context(), 0);
    expect(pages.serve("k", VISITOR_PAGE_SECONDS * 1000 - 1)).not.toBeNull();
    expect(pages.serve("k", VISITOR_PAGE_SECONDS * 1000)).toBeNull();
    expect(pages.size).toBe(0);
  });

  it("keeps nothing but a 200 HTML page without cookies, made of shared data only", async () => {
    const pages = new VisitorPages();
    const cases = [
      pages.keepIfShared("a", renderedPage({ "Set-Cookie": "x=1" }), context(), 0),
      pages.keepIfShared("b", renderedPage({}, 503), context(), 0),
      pages.keepIfShared("c", renderedPage({ "Content-Type": "application/json" }), context(), 0),
      pages.keepIfShared("d", renderedPage(), context({ shared: false }), 0),
      pages.keepIfShared("e", renderedPage(), context({ outgoingCookies: ["lang=VI"] }), 0),
    ];
    for (const result of await Promise.all(cases)) expect(result.kept).toBe(false);
    expect(pages.size).toBe(0);
  });

  it("drops the oldest pages past its limits", async () => {
    const pages = new VisitorPages({ pages: 2, bytes: 1_000_000 });
    for (const key of ["a", "b", "c"]) await pages.keepIfShared(key, renderedPage(), context(), 0);
    expect(pages.serve("a", 1)).toBeNull();
    expect(pages.serve("c", 1)).not.toBeNull();

    const small = new VisitorPages({ pages: 10, bytes: 150 });
    await small.keepIfShared("a", renderedPage(), context(), 0);
    await small.keepIfShared("b", renderedPage(), context(), 0);
    expect(small.size).toBe(1);
    expect(small.serve("b", 1)).not.toBeNull();
  });
});
