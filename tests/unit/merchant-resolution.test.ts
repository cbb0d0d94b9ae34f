import { describe, expect, it } from "vitest";
import { findMerchant, parseHostHeader, parseMerchantRoutes } from "../../app/.server/merchants/resolve-merchant";
import { DEFAULT_MERCHANT_ROUTES } from "../../app/.server/merchants/default-merchants";

const routes = parseMerchantRoutes(
  [
    ...DEFAULT_MERCHANT_ROUTES,
    { ...DEFAULT_MERCHANT_ROUTES[0], hosts: ["*.example.com"], merchantCode: "wild", platform: { origin: "https://api.example.com" } },
    { ...DEFAULT_MERCHANT_ROUTES[0], hosts: ["*.eu.example.com"], merchantCode: "wildeu", platform: { origin: "https://api.example.com" } },
    { ...DEFAULT_MERCHANT_ROUTES[0], hosts: ["shop.example.com"], merchantCode: "exact", platform: { origin: "https://api.example.com" } },
  ],
  "test",
);

describe("findMerchant", () => {
  it("resolves the demo merchants by host", () => {
    expect(findMerchant(routes, "demo.localhost")?.merchantCode).toBe("demo");
    expect(findMerchant(routes, "localhost")?.merchantCode).toBe("demo");
    expect(findMerchant(routes, "vn.localhost")?.merchantCode).toBe("vn88");
    expect(findMerchant(routes, "br.localhost")?.merchantCode).toBe("br777");
  });

  it("never falls through to another merchant for an unknown host", () => {
    expect(findMerchant(routes, "unknown.localhost")).toBeNull();
    expect(findMerchant(routes, "example.com")).toBeNull();
    expect(findMerchant(routes, "evil-demo.localhost")).toBeNull();
  });

  it("prefers an exact host to a wildcard, and the longest wildcard", () => {
    expect(findMerchant(routes, "shop.example.com")?.merchantCode).toBe("exact");
    expect(findMerchant(routes, "a.example.com")?.merchantCode).toBe("wild");
    expect(findMerchant(routes, "a.eu.example.com")?.merchantCode).toBe("wildeu");
  });

  it("keeps the host the request used", () => {
    expect(findMerchant(routes, "a.example.com")?.host).toBe("a.example.com");
  });
});

describe("parseHostHeader", () => {
  it.each([
    ["demo.localhost:8787", "demo.localhost"],
    ["DEMO.Localhost", "demo.localhost"],
    ["127.0.0.1:8787", "127.0.0.1"],
    ["bad host!", null],
    ["demo.localhost:abc", null],
    ["-bad.example", null],
    ["", null],
    [null, null],
    [`${"a".repeat(300)}.com`, null],
  ])("%s → %s", (header, host) => {
    expect(parseHostHeader(header)).toBe(host);
  });
});
