import { describe, expect, it, vi } from "vitest";
import { eventValue, trackedCurrency } from "../../../app/tracking/events";
import { fbcOf } from "../../../app/tracking/events.server";
import { createReporter, SENT_FOREVER_KEY, SENT_KEY } from "../../../app/tracking/reporter";

describe("trackedCurrency", () => {
  it.each([
    ["TLB", "PHP"],
    ["tlb", "PHP"],
    ["VND", "VND"],
    ["USDT", "USD"],
    ["BRL", "BRL"],
    [" php ", "PHP"],
  ])("%s → %s", (code, expected) => {
    expect(trackedCurrency(code)).toBe(expected);
  });
});

describe("eventValue", () => {
  it("a deposit: revenue from the amount, tracked currency, product 99", () => {
    expect(eventValue("firstDeposit", { amount: 20, currency: "TLB" }, ["facebook"])).toEqual({
      amount: 20,
      revenue: 20,
      currency: "PHP",
      content_type: "product",
      content_id: "99",
      channels: ["facebook"],
    });
  });
  it("a withdrawal is money but not a product", () => {
    expect(eventValue("withdraw", { amount: 5, currency: "VND" })).toEqual({ amount: 5, currency: "VND", channels: [] });
  });
  it("a page view names its page; the member fields pass through", () => {
    expect(eventValue("viewContent", { contentId: "/m/home" })).toEqual({ content_id: "/m/home", channels: [] });
    expect(eventValue("register", { customerId: "7", customerName: "ann" })).toEqual({
      customerId: "7",
      customerName: "ann",
      channels: [],
    });
  });
});

describe("fbcOf", () => {
  it("prefers Facebook's own cookie, else builds one from the fbclid, else nothing", () => {
    expect(fbcOf("fb.1.1700000000000.abc", "zzz", 5)).toBe("fb.1.1700000000000.abc");
    expect(fbcOf("not-a-cookie", "zzz", 5)).toBe("fb.1.5.zzz");
    expect(fbcOf(undefined, undefined, 5)).toBe("");
  });
});

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe("the browser reporter", () => {
  function setup() {
    const session = new MemoryStorage();
    const local = new MemoryStorage();
    const post = vi.fn<(body: URLSearchParams) => void>();
    const onSent = vi.fn();
    const reporter = createReporter({ session, local, post, displayMode: () => "standalone", onSent });
    return { session, local, post, onSent, reporter };
  }

  it("sends an event once per key, with a new id, to the edge and to the pixels alike", () => {
    const { post, onSent, reporter, session } = setup();
    expect(reporter.report("viewContent", "view:a", "tab", { contentId: "/m/home" })).toBe(true);
    expect(reporter.report("viewContent", "view:a", "tab", { contentId: "/m/home" })).toBe(false);
    expect(post).toHaveBeenCalledTimes(1);
    const body = post.mock.calls[0]![0];
    expect(Object.fromEntries(body)).toEqual({
      eventName: "viewContent",
      eventID: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      displayMode: "standalone",
      contentId: "/m/home",
    });
    expect(onSent).toHaveBeenCalledWith({ eventName: "viewContent", eventID: body.get("eventID"), value: { contentId: "/m/home" } });
    expect(JSON.parse(session.getItem(SENT_KEY)!)).toEqual(["view:a"]);
  });

  it("remembers across reporters (a reload, the layer loaded again): tab keys in the session, device keys for good", () => {
    const first = setup();
    first.reporter.report("firstOpen", "firstOpen", "device");
    const again = createReporter({ session: first.session, local: first.local, post: first.post, displayMode: () => "browser" });
    expect(again.report("firstOpen", "firstOpen", "device")).toBe(false);
    expect(JSON.parse(first.local.getItem(SENT_FOREVER_KEY)!)).toEqual(["firstOpen"]);
    expect(first.post).toHaveBeenCalledTimes(1);
  });

  it("without storage (blocked), still once per key while the page lives; garbage in storage reads as nothing", () => {
    const post = vi.fn();
    const reporter = createReporter({ session: null, local: null, post, displayMode: () => "browser" });
    reporter.report("a2hsInstalled", "a2hs", "device");
    reporter.report("a2hsInstalled", "a2hs", "device");
    expect(post).toHaveBeenCalledTimes(1);
    const session = new MemoryStorage();
    session.setItem(SENT_KEY, '{"not":"a list"}');
    const other = createReporter({ session, local: null, post, displayMode: () => "browser" });
    expect(other.report("viewContent", "view:b", "tab")).toBe(true);
  });
});
