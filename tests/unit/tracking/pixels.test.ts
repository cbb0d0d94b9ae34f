import { describe, expect, it, vi } from "vitest";
import { contentSecurityPolicy } from "../../../app/.server/security/headers";
import { sendToNativeBridges, storageBridgeSet, type BridgeWindow } from "../../../app/tracking/native-bridges";
import { pixelOrigins, pixelScript, type PixelConfig } from "../../../app/tracking/pixel-kinds";
import {
  createPixelHub,
  firePixel,
  installStub,
  replayAdjustQueue,
  vendorEventName,
  type PixelEvent,
  type PixelWindow,
} from "../../../app/tracking/pixels";

const event: PixelEvent = {
  eventName: "deposit",
  eventID: "0f8fad5b-d9cb-469f-a165-70867728950e",
  value: { amount: 10, currency: "PHP", content_type: "product", content_id: "99" },
};

describe("pixel hosts and the CSP", () => {
  it("the vendor's script unless the merchant names one; a same-origin stand-in adds no host", () => {
    expect(pixelScript({ kind: "gtag", id: "G-1" })).toBe("https://www.googletagmanager.com/gtag/js?id=G-1");
    expect(pixelScript({ kind: "facebook", id: "1", script: "/wps/sandbox-pages/pixels/facebook.js" })).toBe(
      "/wps/sandbox-pages/pixels/facebook.js",
    );
    expect(pixelOrigins([{ kind: "facebook", id: "1", script: "/x.js" }])).toEqual({ scripts: [], beacons: [] });
  });

  it("exactly the configured pixels' hosts join script-src, connect-src and img-src, beside the nonce", () => {
    const hosts = pixelOrigins([
      { kind: "facebook", id: "1" },
      { kind: "tiktok", id: "T" },
    ]);
    const csp = contentSecurityPolicy("n0nce", [], { scripts: hosts.scripts, images: hosts.beacons, connect: hosts.beacons });
    expect(csp).toContain("script-src 'self' 'nonce-n0nce' https://connect.facebook.net https://analytics.tiktok.com;");
    expect(csp).toContain("connect-src 'self' https://www.facebook.com https://analytics.tiktok.com;");
    expect(csp).toContain("img-src 'self' data: blob: https://www.facebook.com https://analytics.tiktok.com;");
    expect(csp).not.toContain("googletagmanager");
  });
});

describe("vendor calls", () => {
  it("Facebook: the documented queue stub, init, then the event for this pixel with the eventID", () => {
    const win: PixelWindow = {};
    installStub(win, { kind: "facebook", id: "123" });
    firePixel(win, { kind: "facebook", id: "123" }, event);
    expect(win.fbq!.queue).toEqual([
      ["init", "123"],
      [
        "trackSingle",
        "123",
        "Purchase",
        { value: 10, currency: "PHP", content_type: "product", content_id: "99" },
        { eventID: event.eventID },
      ],
    ]);
    firePixel(win, { kind: "facebook", id: "123" }, { ...event, eventName: "downloadApp", value: {} });
    expect(win.fbq!.queue!.at(-1)).toEqual(["trackSingleCustom", "123", "downloadApp", {}, { eventID: event.eventID }]);
  });

  it("TikTok, gtag and Kwai queue their calls with the event id under their own names", () => {
    const win: PixelWindow = {};
    for (const kind of ["tiktok", "gtag", "kwai"] as const) {
      installStub(win, { kind, id: `${kind}-1` });
      firePixel(win, { kind, id: `${kind}-1` }, { ...event, eventName: "register", value: {} });
    }
    expect([...win.ttq!]).toEqual([["track", "CompleteRegistration", {}, { event_id: event.eventID, pixel_code: "tiktok-1" }]]);
    expect(win.dataLayer!.map((args) => Array.from(args as ArrayLike<unknown>))).toEqual([
      ["js", expect.any(Date)],
      ["config", "gtag-1", { send_page_view: false }],
      ["event", "sign_up", { send_to: "gtag-1", event_id: event.eventID }],
    ]);
    expect([...win.kwaiq!]).toEqual([["track", "EVENT_COMPLETE_REGISTRATION", { event_id: event.eventID, pixel_id: "kwai-1" }]]);
    expect(vendorEventName("gtag", "withdraw")).toEqual({ name: "withdraw", standard: false });
  });
});

describe("the AppsFlyer and Adjust web SDKs", () => {
  const appsflyer = { kind: "appsflyer" as const, id: "web-dev-key" };
  const adjust = { kind: "adjust" as const, id: "adjusttoken1", events: { viewContent: "vw0001", deposit: "dp0001" } };

  it("their vendors' script addresses and hosts, in the CSP only for a merchant that has them", () => {
    expect(pixelScript(appsflyer)).toBe("https://websdk.appsflyer.com?st=pba");
    expect(pixelScript(adjust)).toBe("https://cdn.adjust.com/adjust-latest.min.js");
    const hosts = pixelOrigins([appsflyer, adjust]);
    expect(hosts).toEqual({
      scripts: ["https://websdk.appsflyer.com", "https://cdn.adjust.com"],
      beacons: [
        "https://wa.appsflyer.com",
        "https://websdk.appsflyer.com",
        "https://app.adjust.com",
        "https://app.adjust.world",
        "https://app.adjust.net.in",
      ],
    });
    const csp = contentSecurityPolicy("n0nce", [], { scripts: hosts.scripts, images: hosts.beacons, connect: hosts.beacons });
    expect(csp).toContain("script-src 'self' 'nonce-n0nce' https://websdk.appsflyer.com https://cdn.adjust.com;");
    expect(pixelOrigins([{ kind: "facebook", id: "1" }]).scripts.join(" ")).not.toMatch(/appsflyer|adjust/);
    expect(pixelOrigins([{ ...adjust, script: "/wps/sandbox-pages/pixels/adjust.js" }])).toEqual({ scripts: [], beacons: [] });
  });

  it("AppsFlyer: the snippet's AF queue with the Web Dev Key, a PBA event under AppsFlyer's name with the eventID", () => {
    const win: PixelWindow = {};
    installStub(win, appsflyer);
    expect(win.AppsFlyerSdkObject).toBe("AF");
    expect(win.AF!.id).toEqual({ pba: { webAppId: "web-dev-key" } });
    firePixel(win, appsflyer, event);
    firePixel(win, appsflyer, { ...event, eventName: "downloadApp", value: {} });
    expect(win.AF!.q!.map((entry) => (entry as unknown[]).slice(1))).toEqual([
      [
        "pba",
        "event",
        {
          eventType: "EVENT",
          eventName: "af_purchase",
          eventValue: { value: 10, currency: "PHP", content_type: "product", content_id: "99", event_id: event.eventID },
          eventRevenue: 10,
        },
      ],
      ["pba", "event", { eventType: "EVENT", eventName: "downloadApp", eventValue: { event_id: event.eventID } }],
    ]);
  });

  it("Adjust: initSdk with the app token, an event by its token with the eventID as deduplicationId, none without a token", () => {
    const win: PixelWindow = {};
    installStub(win, adjust);
    firePixel(win, adjust, event);
    firePixel(win, adjust, { ...event, eventName: "viewContent", value: { content_id: "/m/home" } });
    firePixel(win, adjust, { ...event, eventName: "register", value: {} });
    expect(win.Adjust_q!.map(([method, args]) => [method, ...Array.from(args)])).toEqual([
      ["initSdk", { appToken: "adjusttoken1", environment: "production" }],
      [
        "trackEvent",
        {
          eventToken: "dp0001",
          deduplicationId: event.eventID,
          revenue: 10,
          currency: "PHP",
          callbackParams: [
            { key: "content_type", value: "product" },
            { key: "content_id", value: "99" },
          ],
        },
      ],
      ["trackEvent", { eventToken: "vw0001", deduplicationId: event.eventID, callbackParams: [{ key: "content_id", value: "/m/home" }] }],
    ]);
    // Once the SDK's script has loaded, the snippet replays the queue into its methods, once.
    const calls: unknown[][] = [];
    win.Adjust!["initSdk"] = (...args: unknown[]) => void calls.push(["initSdk", ...args]);
    win.Adjust!["trackEvent"] = (...args: unknown[]) => void calls.push(["trackEvent", ...args]);
    replayAdjustQueue(win);
    replayAdjustQueue(win);
    expect(calls.map(([method]) => method)).toEqual(["initSdk", "trackEvent", "trackEvent"]);
    expect(win.Adjust_q).toEqual([]);
  });
});

type FakeScript = { async: boolean; src: string; nonce: string; dataset: Record<string, string> };

describe("the pixel hub", () => {
  function hub(pixels: PixelConfig[] = [{ kind: "facebook", id: "1", script: "/px/fb.js" }]) {
    const win: PixelWindow = {};
    const fired = new Set<string>();
    const scripts: FakeScript[] = [];
    const doc = {
      createElement: () => ({ async: false, src: "", nonce: "", dataset: {} }) as unknown as HTMLScriptElement,
      head: { appendChild: (node: HTMLScriptElement) => scripts.push(node as unknown as FakeScript) },
    };
    const created = createPixelHub({ pixels, win, doc, nonce: "abc", seen: (id) => fired.has(id), markSeen: (id) => fired.add(id) });
    return { win, created, scripts };
  }

  it("loads nothing and keeps events while waiting; on enable loads each script with the nonce, then sends what waited, once", () => {
    const { win, created, scripts } = hub();
    created.fire(event);
    expect(scripts).toHaveLength(0);
    expect(win.fbq).toBeUndefined();
    created.enable();
    expect(scripts).toEqual([{ async: true, src: "/px/fb.js", nonce: "abc", dataset: { pixel: "facebook" } }]);
    created.fire(event);
    created.enable();
    expect(win.fbq!.queue!.filter((call) => (call as unknown[])[0] === "trackSingle")).toHaveLength(1);
    expect(scripts).toHaveLength(1);
  });

  it("Adjust: the queue is replayed into the SDK once its script has loaded, as its snippet does", () => {
    const { win, created, scripts } = hub([{ kind: "adjust", id: "adjusttoken1", script: "/px/adjust.js", events: { deposit: "dp0001" } }]);
    created.enable();
    created.fire(event);
    const calls: string[] = [];
    win.Adjust!["initSdk"] = () => void calls.push("initSdk");
    win.Adjust!["trackEvent"] = () => void calls.push("trackEvent");
    expect(calls).toEqual([]);
    (scripts[0] as unknown as { onload: () => void }).onload();
    expect(calls).toEqual(["initSdk", "trackEvent"]);
  });

  it("the bridges get each event once, only once enabled, also for a merchant without pixels", () => {
    const alsoTo = vi.fn();
    const fired = new Set<string>();
    const doc = { createElement: () => ({}) as HTMLScriptElement, head: { appendChild: () => undefined } };
    const created = createPixelHub({
      pixels: [],
      win: {},
      doc,
      nonce: undefined,
      seen: (id) => fired.has(id),
      markSeen: (id) => fired.add(id),
      alsoTo,
    });
    created.fire(event);
    expect(alsoTo).not.toHaveBeenCalled();
    created.enable();
    created.fire(event);
    expect(alsoTo).toHaveBeenCalledTimes(1);
  });

  it("declined: nothing loads and nothing waits", () => {
    const { win, created, scripts } = hub();
    created.fire(event);
    created.disable();
    created.fire(event);
    expect(win.fbq).toBeUndefined();
    expect(scripts).toHaveLength(0);
  });
});

describe("native bridges", () => {
  it("absent: nothing is called and nothing fails", () => {
    expect(sendToNativeBridges({}, event)).toBe(0);
    expect(storageBridgeSet({}, "adParams", "{}")).toBe(false);
    expect(sendToNativeBridges({ webkit: {} } as BridgeWindow, event)).toBe(0);
  });

  it("present: Android interfaces get the name and a JSON payload, iOS a message; storage set and remove", () => {
    const win = {
      AppBridge: { trackEvent: vi.fn() },
      AppsFlyerBridge: { logEvent: vi.fn() },
      AdjustBridge: { trackEvent: vi.fn() },
      StorageBridge: { setItem: vi.fn(), removeItem: vi.fn() },
      webkit: { messageHandlers: { trackEvent: { postMessage: vi.fn() } } },
    };
    expect(sendToNativeBridges(win, event)).toBe(4);
    const payload = JSON.stringify({ eventID: event.eventID, ...event.value });
    expect(win.AppBridge.trackEvent).toHaveBeenCalledWith("deposit", payload);
    expect(win.AppsFlyerBridge.logEvent).toHaveBeenCalledWith("deposit", payload);
    expect(win.AdjustBridge.trackEvent).toHaveBeenCalledWith("deposit", payload);
    expect(win.webkit.messageHandlers.trackEvent.postMessage).toHaveBeenCalledWith({
      eventName: "deposit",
      eventID: event.eventID,
      value: event.value,
    });
    expect(storageBridgeSet(win, "adParams", "{}")).toBe(true);
    expect(win.StorageBridge.setItem).toHaveBeenCalledWith("adParams", "{}");
    expect(storageBridgeSet(win, "adParams", null)).toBe(true);
    expect(win.StorageBridge.removeItem).toHaveBeenCalledWith("adParams");
    const ios = { webkit: { messageHandlers: { storage: { postMessage: vi.fn() } } } };
    expect(storageBridgeSet(ios, "language", "EN")).toBe(true);
    expect(ios.webkit.messageHandlers.storage.postMessage).toHaveBeenCalledWith({ action: "setItem", key: "language", value: "EN" });
  });

  it("a bridge that throws is skipped; the others still get the event", () => {
    const win = {
      AppBridge: {
        trackEvent: () => {
          throw new Error("native crash");
        },
      },
      AdjustBridge: { trackEvent: vi.fn() },
      StorageBridge: {
        setItem: () => {
          throw new Error("disk full");
        },
      },
    };
    expect(sendToNativeBridges(win, event)).toBe(1);
    expect(win.AdjustBridge.trackEvent).toHaveBeenCalled();
    expect(storageBridgeSet(win, "k", "v")).toBe(false);
  });
});
