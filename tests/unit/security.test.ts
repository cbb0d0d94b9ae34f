import { describe, expect, it } from "vitest";
import { isAllowedOrigin } from "../../app/.server/security/origin";
import { checkRequestLimits } from "../../app/.server/security/request-limits";
import { contentSecurityPolicy } from "../../app/.server/security/headers";

const post = (headers: Record<string, string>) =>
  new Request("http://demo.localhost:8787/wps/member/language", { method: "POST", headers });

describe("isAllowedOrigin", () => {
  it("lets safe methods through", () => {
    expect(
      isAllowedOrigin(new Request("http://demo.localhost:8787/", { headers: { Origin: "https://evil.example" } }), "demo.localhost:8787"),
    ).toBe(true);
  });
  it("accepts the site's own origin", () => {
    expect(isAllowedOrigin(post({ Origin: "http://demo.localhost:8787" }), "demo.localhost:8787")).toBe(true);
  });
  it("refuses another origin, another merchant and the opaque origin", () => {
    expect(isAllowedOrigin(post({ Origin: "https://evil.example" }), "demo.localhost:8787")).toBe(false);
    expect(isAllowedOrigin(post({ Origin: "http://vn.localhost:8787" }), "demo.localhost:8787")).toBe(false);
    expect(isAllowedOrigin(post({ Origin: "null" }), "demo.localhost:8787")).toBe(false);
  });
  it("falls back to Sec-Fetch-Site", () => {
    expect(isAllowedOrigin(post({ "Sec-Fetch-Site": "cross-site" }), "demo.localhost:8787")).toBe(false);
    expect(isAllowedOrigin(post({ "Sec-Fetch-Site": "same-origin" }), "demo.localhost:8787")).toBe(true);
  });
  it("allows non-browser clients, which send neither", () => {
    expect(isAllowedOrigin(post({}), "demo.localhost:8787")).toBe(true);
  });
});

describe("checkRequestLimits", () => {
  it("passes an ordinary request", () => {
    expect(checkRequestLimits(new Request("http://demo.localhost/m/home?a=1"))).toBeNull();
  });
  it("refuses long queries, large headers and large bodies", () => {
    expect(checkRequestLimits(new Request(`http://demo.localhost/m/home?q=${"x".repeat(5000)}`))?.status).toBe(414);
    expect(checkRequestLimits(new Request("http://demo.localhost/", { headers: { "X-Big": "y".repeat(17_000) } }))?.status).toBe(431);
    expect(
      checkRequestLimits(new Request("http://demo.localhost/", { method: "POST", headers: { "Content-Length": "2000000" } }))?.status,
    ).toBe(413);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows only this response's nonce for inline scripts and forbids framing by others", () => {
    const csp = contentSecurityPolicy("abc");
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy(null)).toContain("script-src 'none'");
  });
});
