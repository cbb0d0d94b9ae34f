// The pure rules of the service worker, the update check, the network toasts and the domain speed test
// (docs/decisions/0016-service-worker.md).
import { afterEach, describe, expect, it, vi } from "vitest";
import { DOMAIN_TIMEOUT_MS, normaliseDomain, pickDomains, pingUrl, raceDomains } from "~/shell/network/domains";
import { pingPlatform } from "~/shell/network/monitor";
import { addToast, MAX_TOASTS, sweepToasts, type Toast } from "~/shell/network/toasts";
import {
  buildVersion,
  cacheNames,
  isCacheablePage,
  offlinePageUrl,
  parseWorkerMessage,
  requestKind,
  shortHash,
  staleCaches,
} from "~/shell/sw/policy";
import { isProductWorker, workerAllowed } from "~/shell/sw/register";
import { compareManifestHash, manifestHash, MANIFEST_URLS, readManifests, refreshTarget } from "~/shell/update/update-check";

const ORIGIN = "https://play.example.com";

describe("refresh rule (update alert)", () => {
  it.each([
    "/",
    "/m",
    "/m/",
    "/m/home",
    "/m/index",
    "/m/index.html",
    "/m/login",
    "/m/launchGame",
    "/m/member/home",
    "/m/register",
    "/m/register.html",
    "/m/home/",
  ])("%s reloads", (path) => expect(refreshTarget(path)).toBe("reload"));

  it.each(["/m/activity", "/m/changePsw", "/m/member/benefits", "/m/rewardCenter", "/m/homes", "/other"])("%s goes to /m/home", (path) =>
    expect(refreshTarget(path)).toBe("/m/home"),
  );
});

describe("manifest hash", () => {
  it("first visit stores without an alert; same is quiet; different is a new build", () => {
    expect(compareManifestHash(null, "a")).toBe("first");
    expect(compareManifestHash("", "a")).toBe("first");
    expect(compareManifestHash("a", "a")).toBe("same");
    expect(compareManifestHash("a", "b")).toBe("changed");
  });

  it("reads both manifests with a timestamp; the older front end's 404 counts as empty", async () => {
    const asked: string[] = [];
    const text = await readManifests(async (url) => {
      asked.push(url);
      return url.startsWith("/m/") ? new Response('{"files":["/assets/a-1.js"]}') : new Response("<html>not found</html>", { status: 404 });
    }, 1234);
    expect(asked).toEqual(["/m/asset-manifest.json?t=1234", "/mobile/mc/asset-manifest.json?t=1234"]);
    expect(text).toBe('{"files":["/assets/a-1.js"]}\n');
    expect(await manifestHash(text ?? "")).toMatch(/^[0-9a-f]{32}$/);
    expect(MANIFEST_URLS).toHaveLength(2);
  });

  it("hashes the manifests with MD5", async () => {
    expect(await manifestHash("abc")).toBe("900150983cd24fb0d6963f7d28e17f72");
  });

  it("compares nothing when a manifest cannot be read (offline, 5xx, maintenance)", async () => {
    expect(await readManifests(async () => new Response("busy", { status: 503 }), 1)).toBeNull();
    expect(
      await readManifests(async () => {
        throw new TypeError("Failed to fetch");
      }, 1),
    ).toBeNull();
  });

  it("a changed build changes the hash; the same build keeps it", async () => {
    const read = (files: string) =>
      readManifests(async (url) => new Response(url.startsWith("/m/") ? files : "", { status: url.startsWith("/m/") ? 200 : 404 }), 1);
    const before = await manifestHash((await read('{"files":["/assets/entry-AAA.js"]}')) ?? "");
    const after = await manifestHash((await read('{"files":["/assets/entry-BBB.js"]}')) ?? "");
    expect(compareManifestHash(before, after)).toBe("changed");
    expect(await manifestHash((await read('{"files":["/assets/entry-AAA.js"]}')) ?? "")).toBe(before);
  });
});

describe("service worker policy", () => {
  const kind = (path: string, init: { method?: string; mode?: string; origin?: string } = {}) =>
    requestKind({ url: `${init.origin ?? ORIGIN}${path}`, method: init.method ?? "GET", mode: init.mode ?? "cors" }, ORIGIN);

  it("hashed build files are cache-first; pages network-first", () => {
    expect(kind("/assets/entry.client-AbC123.js")).toBe("asset");
    expect(kind("/m/home", { mode: "navigate" })).toBe("document");
    expect(kind("/", { mode: "navigate" })).toBe("document");
  });

  it("never touches the platform proxy, the sandbox, the worker, the manifests, data requests, other methods or origins", () => {
    expect(kind("/wps/system/test/ping?speed=1")).toBe("bypass");
    expect(kind("/wps/member/info", { mode: "navigate" })).toBe("bypass");
    expect(kind("/__sandbox/faults", { mode: "navigate" })).toBe("bypass");
    expect(kind("/m/sw.js")).toBe("bypass");
    expect(kind("/m/asset-manifest.json?t=1")).toBe("bypass");
    expect(kind("/mobile/mc/asset-manifest.json?t=1")).toBe("bypass");
    expect(kind("/m/home.data")).toBe("bypass");
    expect(kind("/m/login", { method: "POST", mode: "navigate" })).toBe("bypass");
    expect(kind("/assets/x.js", { origin: "https://cdn.example.com" })).toBe("bypass");
  });

  it("versions caches by the build's hashed files and deletes only our other versions", () => {
    const v1 = buildVersion(["/assets/a-1.js", "/assets/b-1.css", "/favicon.ico", "/_headers"]);
    expect(v1).toMatch(/^[0-9a-f]{8}$/);
    expect(buildVersion(["/favicon.ico", "/assets/b-1.css", "/assets/a-1.js"])).toBe(v1);
    const v2 = buildVersion(["/assets/a-2.js", "/assets/b-1.css"]);
    expect(v2).not.toBe(v1);
    const existing = [...Object.values(cacheNames(v1)), ...Object.values(cacheNames(v2)), "mc-meta-x", "someone-else"];
    expect(staleCaches(existing, v2).sort()).toEqual([...Object.values(cacheNames(v1)), "mc-meta-x"].sort());
    expect(shortHash("")).toBe("811c9dc5");
  });

  it("keeps only complete same-origin HTML pages", () => {
    const html = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    expect(isCacheablePage({ status: 200, type: "basic", headers: html })).toBe(true);
    expect(isCacheablePage({ status: 404, type: "basic", headers: html })).toBe(false);
    expect(isCacheablePage({ status: 0, type: "opaqueredirect", headers: html })).toBe(false);
    expect(isCacheablePage({ status: 200, type: "basic", headers: new Headers({ "Content-Type": "application/json" }) })).toBe(false);
  });

  it("accepts only well-formed messages from pages", () => {
    expect(parseWorkerMessage({ type: "SKIP_WAITING" })).toEqual({ type: "SKIP_WAITING" });
    expect(parseWorkerMessage({ type: "WARM", urls: ["/assets/a.js", 3], offlineUrl: offlinePageUrl("VI"), who: "demo01" })).toEqual({
      type: "WARM",
      urls: ["/assets/a.js"],
      offlineUrl: "/m/offline?language=VI",
      who: "demo01",
    });
    expect(parseWorkerMessage({ type: "WARM", urls: [], offlineUrl: "https://evil.example/x", who: "" })).toBeNull();
    expect(parseWorkerMessage("SKIP_WAITING")).toBeNull();
    expect(offlinePageUrl(null)).toBe("/m/offline");
  });

  it("no worker inside the native app or the Line browser; its old workers are recognised by /m/sw", () => {
    expect(
      workerAllowed("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1"),
    ).toBe(true);
    expect(workerAllowed("Mozilla/5.0 (Linux; Android 13) Chrome/120.0 Mobile Safari/537.36 Line/13.1.0")).toBe(false);
    expect(workerAllowed("Mozilla/5.0 (Linux; Android 13) Chrome/120 MCApp/2.5.0 6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b")).toBe(false);
    expect(isProductWorker("https://play.example.com/m/sw.js")).toBe(true);
    expect(isProductWorker("https://play.example.com/m/sw/old-worker.js")).toBe(true);
    expect(isProductWorker("https://play.example.com/firebase-messaging-sw.js")).toBe(false);
    expect(isProductWorker(undefined)).toBe(false);
  });
});

describe("toasts", () => {
  const toast = (id: number, over: Partial<Toast> = {}): Toast => ({ id, key: "network_offline", error: true, expiresAt: 1000, ...over });

  it("a toast with the same text replaces the older one; at most MAX_TOASTS", () => {
    const list = addToast([toast(1)], toast(2));
    expect(list.map((t) => t.id)).toEqual([2]);
    let many: Toast[] = [];
    const keys = ["network_offline", "network_slowly", "close", "refresh"] as const;
    keys.forEach((key, i) => (many = addToast(many, toast(i, { key }))));
    expect(many).toHaveLength(MAX_TOASTS);
    expect(many[0]?.key).toBe("network_slowly");
  });

  it("the clearing pass drops error toasts whose time is up, and keeps the rest", () => {
    const list = [
      toast(1, { expiresAt: 900 }),
      toast(2, { key: "network_slowly", expiresAt: 5000 }),
      toast(3, { key: "close", expiresAt: null }),
    ];
    expect(sweepToasts(list, 1000).map((t) => t.id)).toEqual([2, 3]);
    expect(sweepToasts([toast(4, { error: false, expiresAt: 1 })], 1000)).toHaveLength(1);
  });
});

describe("ping", () => {
  afterEach(() => vi.useRealTimers());

  it("true when the platform answers success; false on an error answer or a network failure", async () => {
    expect(await pingPlatform(async () => Response.json({ success: true }))).toBe(true);
    expect(await pingPlatform(async () => Response.json({ success: false }))).toBe(false);
    expect(await pingPlatform(async () => new Response("bad gateway", { status: 502 }))).toBe(false);
    expect(
      await pingPlatform(async () => {
        throw new TypeError("Failed to fetch");
      }),
    ).toBe(false);
  });

  it("aborts after 5 s", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const result = pingPlatform(
      (url, init) =>
        new Promise((_resolve, reject) => {
          expect(url).toMatch(/^\/wps\/system\/test\/ping\?speed=\d+$/);
          signal = init.signal ?? undefined;
          signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    await vi.advanceTimersByTimeAsync(4999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe(false);
  });
});

describe("domain speed test", () => {
  afterEach(() => vi.useRealTimers());

  it("normalises host[:port] entries and drops anything else", () => {
    expect(normaliseDomain(" Play.Example.com. ")).toBe("play.example.com");
    expect(normaliseDomain("lotto.example.com:8443")).toBe("lotto.example.com:8443");
    expect(normaliseDomain("https://evil.example")).toBeNull();
    expect(normaliseDomain("a.example.com/path")).toBeNull();
    expect(normaliseDomain("a b.example.com")).toBeNull();
    expect(normaliseDomain("x.example.com; script-src *")).toBeNull();
  });

  it("picks up to ten distinct domains at random, never the current one", () => {
    const list = Array.from({ length: 15 }, (_, i) => `d${i}.example.com`);
    const picked = pickDomains([...list, "D1.example.com", "here.example.com:8443"], "here.example.com:8443", 10, () => 0.5);
    expect(picked).toHaveLength(10);
    expect(new Set(picked).size).toBe(10);
    expect(picked).not.toContain("here.example.com:8443");
    expect(picked.every((d) => list.includes(d))).toBe(true);
    // Another random source, another order.
    expect(pickDomains(list, "x", 10, () => 0)).not.toEqual(pickDomains(list, "x", 10, () => 0.99));
    expect(pickDomains([], "x")).toEqual([]);
  });

  it("the first domain to answer wins and the others are cancelled", async () => {
    const cancelled: string[] = [];
    const fetch = (url: string, init: RequestInit) =>
      new Promise((resolve, reject) => {
        const domain = new URL(url).host;
        expect(init.mode).toBe("no-cors");
        init.signal?.addEventListener("abort", () => {
          cancelled.push(domain);
          reject(new DOMException("aborted", "AbortError"));
        });
        if (domain === "dead.example.com") reject(new TypeError("Failed to fetch"));
        // Answers while "slow" never does: no real time needed to tell them apart.
        if (domain === "fast.example.com") queueMicrotask(() => resolve(new Response("")));
      });
    const winner = await raceDomains(["dead.example.com", "slow.example.com", "fast.example.com"], { fetch, protocol: "https:", now: 7 });
    expect(winner).toBe("fast.example.com");
    expect(cancelled).toContain("slow.example.com");
    expect(pingUrl("fast.example.com", "https:", 7)).toBe("https://fast.example.com/wps/system/test/ping?speed=7");
  });

  it("null when every domain fails, or none answers within 10 s", async () => {
    expect(await raceDomains(["a.example.com"], { fetch: () => Promise.reject(new TypeError("x")), protocol: "https:" })).toBeNull();
    expect(await raceDomains([], { fetch: () => Promise.resolve(), protocol: "https:" })).toBeNull();
    vi.useFakeTimers();
    const pending = raceDomains(["a.example.com"], { fetch: () => new Promise(() => undefined), protocol: "https:" });
    await vi.advanceTimersByTimeAsync(DOMAIN_TIMEOUT_MS);
    expect(await pending).toBeNull();
  });
});
