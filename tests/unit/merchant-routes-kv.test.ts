// Operators' merchant routes from KV: each entry is validated on its own, a bad one is logged and skipped.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  findMerchant,
  forgetCachedMerchantRoutes,
  loadMerchantRoutes,
  MERCHANT_ROUTES_KEY,
  parseMerchantRoutes,
} from "../../app/.server/merchants/resolve-merchant";

const goodRoute = {
  hosts: ["m.example-merchant.com", "*.example-merchant.com"],
  merchantCode: "EXM",
  platform: { origin: "https://api.example-merchant.com" },
  defaultLanguage: "TH",
  brand: { name: "Example Merchant", shortName: "Example", themeColor: "#0a7d32", backgroundColor: "#ffffff" },
};

const badRoute = {
  hosts: ["bad.example.org"],
  merchantCode: "BAD",
  platform: { origin: "javascript:alert(1)" },
  defaultLanguage: "XX",
  brand: { name: "Bad", shortName: "Bad", themeColor: "red" },
};

/** Just enough of KVNamespace for loadMerchantRoutes. */
function fakeKv(value: string | null) {
  const get = vi.fn(async (key: string) => (key === MERCHANT_ROUTES_KEY ? value : null));
  return { kv: { get } as unknown as KVNamespace, get };
}

// Operators' warnings are JSON lines on console.warn (app/.server/logging/request-log.server.ts).
let errors: ReturnType<typeof vi.spyOn>;
const warnings = () => errors.mock.calls.map((args) => JSON.parse(String(args[0])) as Record<string, unknown>);

beforeEach(() => {
  forgetCachedMerchantRoutes();
  errors = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  errors.mockRestore();
  forgetCachedMerchantRoutes();
});

describe("merchant routes from KV", () => {
  it("keeps the valid entry, skips and logs the invalid one", async () => {
    const { kv, get } = fakeKv(JSON.stringify([goodRoute, badRoute]));
    const routes = await loadMerchantRoutes(kv);

    expect(get).toHaveBeenCalledWith(MERCHANT_ROUTES_KEY);
    expect(routes.map((r) => r.merchantCode)).toContain("EXM");
    expect(routes.map((r) => r.merchantCode)).not.toContain("BAD");

    const exact = findMerchant(routes, "m.example-merchant.com");
    expect(exact?.merchantCode).toBe("EXM");
    expect(exact?.platform).toEqual({ origin: "https://api.example-merchant.com" });
    expect(exact?.defaultLanguage).toBe("TH");
    expect(findMerchant(routes, "shop.example-merchant.com")?.merchantCode).toBe("EXM");
    expect(findMerchant(routes, "bad.example.org")).toBeNull();

    expect(errors).toHaveBeenCalled();
    // The warning names the source, the entry's index and its merchant so an operator can find it.
    expect(warnings()).toEqual([
      expect.objectContaining({ level: "warn", event: "merchant-route-skipped", source: "KV routes", entry: 1, merchant: "BAD" }),
    ]);
  });

  it("still serves the checked-in demo merchants next to the KV routes", async () => {
    const { kv } = fakeKv(JSON.stringify([goodRoute, badRoute]));
    const routes = await loadMerchantRoutes(kv);
    expect(findMerchant(routes, "demo.localhost")?.merchantCode).toBe("demo");
    expect(findMerchant(routes, "vn.localhost")?.merchantCode).toBe("vn88");
  });

  it("lets a KV route override a checked-in default for the same host", async () => {
    const override = { ...goodRoute, hosts: ["demo.localhost"], merchantCode: "override" };
    const { kv } = fakeKv(JSON.stringify([override]));
    const routes = await loadMerchantRoutes(kv);
    expect(findMerchant(routes, "demo.localhost")?.merchantCode).toBe("override");
  });

  it("resolves an unknown host to null", async () => {
    const { kv } = fakeKv(JSON.stringify([goodRoute, badRoute]));
    const routes = await loadMerchantRoutes(kv);
    expect(findMerchant(routes, "unknown.localhost")).toBeNull();
    expect(findMerchant(routes, "example-merchant.com")).toBeNull();
  });

  it("logs and ignores a KV value that is not JSON, keeping the defaults", async () => {
    const { kv } = fakeKv("{not json");
    const routes = await loadMerchantRoutes(kv);
    expect(errors).toHaveBeenCalled();
    expect(findMerchant(routes, "demo.localhost")?.merchantCode).toBe("demo");
    expect(findMerchant(routes, "m.example-merchant.com")).toBeNull();
  });

  it("logs and ignores a KV value that is not an array", async () => {
    const { kv } = fakeKv(JSON.stringify(goodRoute));
    const routes = await loadMerchantRoutes(kv);
    expect(warnings()).toEqual([
      expect.objectContaining({ event: "merchant-routes-unusable", problem: expect.stringMatching(/expected an array/) }),
    ]);
    expect(findMerchant(routes, "m.example-merchant.com")).toBeNull();
  });

  it("works without a KV binding", async () => {
    const routes = await loadMerchantRoutes(undefined);
    expect(findMerchant(routes, "br.localhost")?.merchantCode).toBe("br777");
    expect(errors).not.toHaveBeenCalled();
  });

  it("caches the routes for a minute, then reads KV again", async () => {
    const { kv, get } = fakeKv(JSON.stringify([goodRoute]));
    await loadMerchantRoutes(kv, 1_000);
    await loadMerchantRoutes(kv, 30_000);
    expect(get).toHaveBeenCalledTimes(1);
    await loadMerchantRoutes(kv, 62_000);
    expect(get).toHaveBeenCalledTimes(2);
  });
});

describe("parseMerchantRoutes", () => {
  it("validates each entry on its own and reports the failing fields", () => {
    const routes = parseMerchantRoutes([badRoute, goodRoute, { hosts: [] }], "test routes");
    expect(routes).toHaveLength(1);
    expect(routes[0]?.merchantCode).toBe("EXM");
    // Defaults are filled in for the valid entry.
    expect(routes[0]?.postLoginPath).toBe("/m/home");
    expect(routes[0]?.storageCompat).toBe(false);
    const logged = warnings();
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ event: "merchant-route-skipped", source: "test routes", entry: 0 });
    expect(String(logged[0]!.problems)).toMatch(/defaultLanguage/);
    expect(String(logged[0]!.problems)).toMatch(/themeColor/);
    expect(logged[1]).toMatchObject({ event: "merchant-route-skipped", source: "test routes", entry: 2, merchant: null });
  });
});
