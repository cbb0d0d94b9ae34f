// The platform data layer (app/.server/platform/data.ts, docs/behaviour/platform-data.md): the per-request memo, the
// shared cache's keys and strategies, stale-while-revalidate, and what is never shared.
import { fakePlatform, type PlatformHandler } from "../support/fake-platform";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { PlatformClient } from "../../app/.server/platform/client";
import { CacheBrief, CacheNone, CacheStatus, CacheSteady, IsolateCopies, PlatformReads } from "../../app/.server/platform/data";

/** The Workers Cache API as far as the layer uses it: one named cache of Responses by URL. */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  puts = 0;
  async match(key: string) {
    return this.entries.get(key)?.clone();
  }
  async put(key: string, response: Response) {
    this.puts += 1;
    this.entries.set(key, response);
  }
}

type Handler = PlatformHandler;

const ok = (value: unknown) => Response.json({ success: true, value });
const valueSchema = z.object({ n: z.number() });

/** One "isolate": its Cache API, its in-memory copies, and the platform's fake. Each request() is one page. */
function isolate(handler: Handler = () => ok({ n: 1 })) {
  const cache = new MemoryCache();
  const copies = new IsolateCopies();
  const { merchant, env, seen } = fakePlatform(handler);
  const caches = { open: async () => cache } as unknown as CacheStorage;
  function request(options: { language?: "EN" | "VI"; token?: string | null; clientIp?: string; sharedCopies?: IsolateCopies } = {}) {
    const background: Promise<unknown>[] = [];
    const reads = new PlatformReads({
      sandboxControl: false,
      waitUntil: (promise) => background.push(promise),
      caches,
      copies: options.sharedCopies ?? copies,
    });
    const visitor = new Request("http://demo.localhost:8787/m/home", {
      headers: { "CF-Connecting-IP": options.clientIp ?? "203.0.113.9" },
    });
    const client = PlatformClient.create({
      merchant,
      env,
      request: visitor,
      language: options.language ?? "EN",
      token: options.token ?? null,
      reads,
    });
    return { client, reads, settled: () => Promise.all(background) };
  }
  return { cache, copies, seen, request };
}

afterEach(() => vi.useRealTimers());

describe("the per-request memo", () => {
  it("makes identical reads once, whatever schema each caller applies", async () => {
    const { seen, request } = isolate();
    const { client, reads } = request();
    const [a, b] = await Promise.all([
      client.call("/wps/x", valueSchema, { auth: false, cache: CacheNone() }),
      client.call("/wps/x", z.unknown(), { auth: false, cache: CacheNone() }),
    ]);
    expect(a).toEqual({ ok: true, value: { n: 1 } });
    expect(b).toEqual({ ok: true, value: { n: 1 } });
    expect(seen).toHaveLength(1);
    expect(reads.roundTrips).toBe(1);
  });

  it("tells reads apart by query, and by the token they carry", async () => {
    const { seen, request } = isolate();
    const { client } = request({ token: "member-a" });
    await client.call("/wps/x", valueSchema, { query: { a: 1 }, cache: CacheNone() });
    await client.call("/wps/x", valueSchema, { query: { a: 2 }, cache: CacheNone() });
    await client.call("/wps/x", valueSchema, { query: { a: 1 }, cache: CacheNone() });
    await client.withToken("member-b").call("/wps/x", valueSchema, { query: { a: 1 }, cache: CacheNone() });
    await client.call("/wps/x", valueSchema, { query: { a: 1 }, auth: false, cache: CacheNone() });
    expect(seen.map((r) => [new URL(r.url).search, r.headers.get("Authorization")])).toEqual([
      ["?a=1", "member-a"],
      ["?a=2", "member-a"],
      ["?a=1", "member-b"],
      ["?a=1", null],
    ]);
  });

  it("reads again after a write in the same request", async () => {
    const { seen, request } = isolate();
    const { client } = request({ token: "member-a" });
    await client.call("/wps/member/info", valueSchema, { cache: CacheNone() });
    await client.call("/wps/member/language", z.unknown(), { method: "POST", body: { language: "VI" } });
    await client.call("/wps/member/info", valueSchema, { cache: CacheNone() });
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      "GET /wps/member/info",
      "POST /wps/member/language",
      "GET /wps/member/info",
    ]);
  });

  it("leaves calls without a strategy as they were: each one a round trip", async () => {
    const { seen, request } = isolate();
    const { client } = request();
    await client.call("/wps/x", valueSchema, { auth: false });
    await client.call("/wps/x", valueSchema, { auth: false });
    expect(seen).toHaveLength(2);
  });
});

describe("the shared cache", () => {
  it("serves a visitor read to the next page without a round trip, from the Cache API in another isolate too", async () => {
    const first = isolate();
    const page1 = first.request();
    await page1.client.call("/wps/system/setting", valueSchema, { auth: false, cache: CacheSteady() });
    await page1.settled();
    const page2 = first.request();
    expect(await page2.client.call("/wps/system/setting", valueSchema, { auth: false, cache: CacheSteady() })).toEqual({
      ok: true,
      value: { n: 1 },
    });
    expect(page2.reads.roundTrips).toBe(0);

    // Another isolate of the same data centre: no copy in memory, the Cache API has it.
    const page3 = first.request({ sharedCopies: new IsolateCopies() });
    await page3.client.call("/wps/system/setting", valueSchema, { auth: false, cache: CacheSteady() });
    expect(page3.reads.roundTrips).toBe(0);
    expect(first.seen).toHaveLength(1);
  });

  it("keys entries by merchant, language and the visitor's origin", async () => {
    const { cache, request } = isolate();
    const page = request({ language: "VI" });
    await page.client.call("/wps/system/setting", valueSchema, { auth: false, cache: CacheSteady() });
    await page.settled();
    expect([...cache.entries.keys()]).toEqual(["http://demo.localhost:8787/__platform-data/v1/demo/VI/*/-/wps/system/setting"]);
    const english = request({ language: "EN" });
    await english.client.call("/wps/system/setting", valueSchema, { auth: false, cache: CacheSteady() });
    expect(english.reads.roundTrips).toBe(1);
  });

  it("keeps the site status per visitor address", async () => {
    const { request } = isolate();
    const a = request({ clientIp: "203.0.113.1" });
    await a.client.call("/wps/system/status", valueSchema, { auth: false, cache: CacheStatus() });
    await a.settled();
    const b = request({ clientIp: "203.0.113.2" });
    await b.client.call("/wps/system/status", valueSchema, { auth: false, cache: CacheStatus() });
    const again = request({ clientIp: "203.0.113.1" });
    await again.client.call("/wps/system/status", valueSchema, { auth: false, cache: CacheStatus() });
    expect([b.reads.roundTrips, again.reads.roundTrips]).toEqual([1, 0]);
  });

  it("never shares a read that carries the member's token", async () => {
    const { cache, request } = isolate();
    const member = request({ token: "member-a" });
    await member.client.call("/wps/relay/promotions", valueSchema, { cache: CacheBrief() });
    await member.settled();
    expect(cache.puts).toBe(0);
    const other = request({ token: "member-b" });
    await other.client.call("/wps/relay/promotions", valueSchema, { cache: CacheBrief() });
    expect(other.reads.roundTrips).toBe(1);
  });

  it.each([
    ["a failure reply", () => Response.json({ success: false, errorCode: "x", message: "no" })],
    ["not logged in", () => Response.json({ success: false, errorCode: "customer.not.login" }, { status: 401 })],
    ["an HTML error page", () => new Response("<html>Bad gateway</html>", { status: 502 })],
    ["malformed JSON", () => new Response('{"success": tru')],
    ["a value of the wrong shape", () => ok({ n: "one" })],
  ])("never keeps %s", async (_name, reply) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { cache, seen, request } = isolate(reply);
    for (let i = 0; i < 2; i++) {
      const page = request();
      await page.client.call("/wps/system/setting", valueSchema, { auth: false, cache: CacheSteady() });
      await page.settled();
    }
    expect(cache.puts).toBe(0);
    expect(seen).toHaveLength(2);
  });

  it("never keeps a timeout", async () => {
    const { cache, request } = isolate(
      (req) =>
        new Promise<Response>((_resolve, reject) => req.signal.addEventListener("abort", () => reject(new DOMException("", "AbortError")))),
    );
    const page = request();
    const result = await page.client.call("/wps/system/setting", valueSchema, { auth: false, cache: CacheSteady(), timeoutMs: 10 });
    await page.settled();
    expect(result).toMatchObject({ ok: false, failure: { messageKey: "platform_timeout" } });
    expect(cache.puts).toBe(0);
  });
});

describe("stale-while-revalidate", () => {
  it("serves a stale answer at once and refreshes it in the background, outside the page's count", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:00:00Z"));
    let n = 1;
    const { seen, request } = isolate(() => ok({ n: n++ }));
    const first = request();
    await first.client.call("/wps/system/status", valueSchema, { auth: false, cache: CacheStatus() });
    await first.settled();

    vi.setSystemTime(new Date("2026-11-24T10:00:07Z")); // past 5 s fresh, inside the 5 s stale window
    const stale = request();
    expect(await stale.client.call("/wps/system/status", valueSchema, { auth: false, cache: CacheStatus() })).toEqual({
      ok: true,
      value: { n: 1 },
    });
    expect(stale.reads.roundTrips).toBe(0);
    await stale.settled();
    expect(seen).toHaveLength(2);

    const fresh = request();
    expect(await fresh.client.call("/wps/system/status", valueSchema, { auth: false, cache: CacheStatus() })).toEqual({
      ok: true,
      value: { n: 2 },
    });
    expect(fresh.reads.roundTrips).toBe(0);
  });

  it("asks the platform again, for the page, once the stale window is over", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:00:00Z"));
    let n = 1;
    const { request } = isolate(() => ok({ n: n++ }));
    const first = request();
    await first.client.call("/wps/system/status", valueSchema, { auth: false, cache: CacheStatus() });
    await first.settled();

    vi.setSystemTime(new Date("2026-11-24T10:00:11Z"));
    const later = request();
    expect(await later.client.call("/wps/system/status", valueSchema, { auth: false, cache: CacheStatus() })).toEqual({
      ok: true,
      value: { n: 2 },
    });
    expect(later.reads.roundTrips).toBe(1);
  });
});

describe("what readers get", () => {
  it("a shared value cannot be changed by one page for the next", async () => {
    const { request } = isolate(() => ok({ n: 1 }));
    const page = request();
    const result = await page.client.call("/wps/system/setting", valueSchema, { auth: false, cache: CacheSteady() });
    expect(result.ok && Object.isFrozen(result.value)).toBe(true);
  });
});

describe("whether a page read only shared data (docs/behaviour/platform-data.md#visitor-pages)", () => {
  it("yes for shared reads that succeeded, whether asked for or found in the cache", async () => {
    const { request } = isolate();
    const cold = request();
    await cold.client.call("/wps/system/setting", valueSchema, { auth: false, cache: CacheSteady() });
    await cold.client.call("/wps/system/setting", valueSchema, { auth: false, cache: CacheSteady() });
    expect(cold.client.readOnlySharedData).toBe(true);
    await cold.settled();
    const warm = request();
    await warm.client.call("/wps/system/setting", valueSchema, { auth: false, cache: CacheSteady() });
    expect(warm.reads.roundTrips).toBe(0);
    expect(warm.client.readOnlySharedData).toBe(true);
  });

  it("no once a read is not shared, carries a token, or writes", async () => {
    const { request } = isolate();
    const none = request();
    await none.client.call("/wps/x", valueSchema, { auth: false, cache: CacheNone() });
    expect(none.client.readOnlySharedData).toBe(false);

    const member = request({ token: "member-a" });
    await member.client.call("/wps/system/setting", valueSchema, { cache: CacheSteady() });
    expect(member.client.readOnlySharedData).toBe(false);

    const plain = request();
    await plain.client.call("/wps/member/register/autoUsername", z.unknown(), { method: "POST", body: {}, auth: false });
    expect(plain.client.readOnlySharedData).toBe(false);
  });

  it("no when a shared read failed or answered a shape the page does not expect", async () => {
    const failing = isolate(() => Response.json({ success: false, errorCode: "x", message: "no" }));
    const page = failing.request();
    await page.client.call("/wps/system/setting", valueSchema, { auth: false, cache: CacheSteady() });
    expect(page.client.readOnlySharedData).toBe(false);

    const odd = isolate(() => ok({ n: "not a number" }));
    const oddPage = odd.request();
    await oddPage.client.call("/wps/system/setting", valueSchema, { auth: false, cache: CacheSteady() });
    expect(oddPage.client.readOnlySharedData).toBe(false);
  });
});
