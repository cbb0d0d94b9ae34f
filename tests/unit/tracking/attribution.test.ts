import { describe, expect, it } from "vitest";
import { refererQuery, trackedLocation, trackingQuery } from "../../../app/navigation/tracking-params";
import { carriesAttribution } from "../../../app/tracking/attribution.server";
import {
  AD_PARAMS_KEY,
  ATTRIBUTION_TTL_MS,
  dropExpiredAttribution,
  mirrorAttribution,
  REGISTER_INFO_KEY,
} from "../../../app/tracking/browser-mirror";

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe("carriesAttribution", () => {
  it.each([
    ["affiliateCode=A", true],
    ["r=INV", true],
    ["ttclid=t", true],
    ["fbPixelId=1", true],
    ["kwai_click_id=k", true],
    ["utm_source=x&page=2", false],
    ["", false],
  ])("%s → %s", (query, expected) => {
    expect(carriesAttribution(new URLSearchParams(query))).toBe(expected);
  });
});

describe("trackedLocation", () => {
  const from = new URLSearchParams("affiliateCode=A1&gclid=g&fbPixelId=px&x=1");
  it("adds the tracking parameters (only those) to an internal path, keeping its own query and fragment", () => {
    expect(trackedLocation("/m/home", from)).toBe("/m/home?affiliateCode=A1&gclid=g");
    expect(trackedLocation("/m/activity?id=3#top", from)).toBe("/m/activity?id=3&affiliateCode=A1&gclid=g#top");
  });
  it("leaves an outside address alone", () => {
    expect(trackedLocation("https://games.example/lobby?token=t", from)).toBe("https://games.example/lobby?token=t");
    expect(trackedLocation("//evil.example/", from)).toBe("//evil.example/");
  });
});

describe("trackingQuery", () => {
  it("the six tracking parameters of an address as a query string, in their order, or nothing", () => {
    expect(trackingQuery(new URLSearchParams("x=1&ttclid=t&affiliateCode=A%201&fbPixelId=p"))).toBe("affiliateCode=A+1&ttclid=t");
    expect(trackingQuery(new URLSearchParams("utm_source=x"))).toBe("");
  });
});

describe("refererQuery", () => {
  const post = (referer?: string) =>
    new Request("http://demo.localhost/m/logout", { method: "POST", headers: referer ? { Referer: referer } : {} });
  it("reads the query of a same-origin page", () => {
    expect(refererQuery(post("http://demo.localhost/m/home?r=INV")).get("r")).toBe("INV");
  });
  it("ignores another host, a malformed Referer and none", () => {
    expect([...refererQuery(post("http://other.localhost/?r=INV"))]).toEqual([]);
    expect([...refererQuery(post("not a url"))]).toEqual([]);
    expect([...refererQuery(post())]).toEqual([]);
  });
});

describe("the browser mirror", () => {
  const now = 1_800_000_000_000;
  it("writes the codes and the ad parameters, each with its 90-day expiry; empty values left out", () => {
    const storage = new MemoryStorage();
    mirrorAttribution(storage, { affiliateCode: "A1", referralCode: "", ads: { fbclid: "f" } }, now);
    expect(JSON.parse(storage.getItem(REGISTER_INFO_KEY)!)).toEqual({ affiliateCode: "A1", expiresAt: now + ATTRIBUTION_TTL_MS });
    expect(JSON.parse(storage.getItem(AD_PARAMS_KEY)!)).toEqual({ fbclid: "f", expiresAt: now + ATTRIBUTION_TTL_MS });
  });
  it("writes nothing for nothing", () => {
    const storage = new MemoryStorage();
    mirrorAttribution(storage, { ads: {} }, now);
    expect(storage.items.size).toBe(0);
  });
  it("drops an expired copy and one it did not write, keeps a live one", () => {
    const storage = new MemoryStorage();
    storage.setItem(AD_PARAMS_KEY, JSON.stringify({ fbclid: "f", expiresAt: now - 1 }));
    storage.setItem(REGISTER_INFO_KEY, "{not json");
    dropExpiredAttribution(storage, now);
    expect(storage.items.size).toBe(0);
    storage.setItem(AD_PARAMS_KEY, JSON.stringify({ fbclid: "f", expiresAt: now + 1 }));
    dropExpiredAttribution(storage, now);
    expect(storage.getItem(AD_PARAMS_KEY)).not.toBeNull();
  });
  it("never throws when storage refuses", () => {
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => mirrorAttribution(refusing, { affiliateCode: "A", ads: {} }, now)).not.toThrow();
    expect(() => dropExpiredAttribution(refusing, now)).not.toThrow();
  });
});
