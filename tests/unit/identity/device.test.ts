import { describe, expect, it } from "vitest";
import {
  deviceHeader,
  formatDeviceId,
  isDeviceId,
  nativeAppDeviceId,
  registerMethod,
  type DeviceSignals,
} from "../../../app/identity/device";
import { deviceIdFrom, loginDeviceId, serverDeviceId } from "../../../app/identity/device-id.server";
import { expectOwnCookie } from "../../support/cookies";

const SECRET = "unit-test-session-secret-0123456789abcdef";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const APP =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 NativeShell/2.3 3F2504E0-4F89-11D3-9A0C-0305E82C3301";
const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("device id", () => {
  it("formats 32 hex digits as 8-4-4-4-12, lower case", () => {
    expect(formatDeviceId("0123456789ABCDEF0123456789abcdef")).toBe("01234567-89ab-cdef-0123-456789abcdef");
    expect(() => formatDeviceId("123")).toThrow();
    expect(isDeviceId("01234567-89ab-cdef-0123-456789abcdef")).toBe(true);
    expect(isDeviceId("01234567-89AB-cdef-0123-456789abcdef")).toBe(false);
  });

  it("inside the native app: the user agent's UUID, lower-cased", () => {
    expect(nativeAppDeviceId(APP)).toBe("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
    expect(nativeAppDeviceId(IPHONE)).toBeNull();
  });

  it("on the server: MD5 of User-Agent, Accept-Language and the seed cookie, as a UUID; stable for one seed", () => {
    const a = deviceIdFrom(IPHONE, "en-US", "00112233445566778899aabbccddeeff");
    expect(a).toMatch(DEVICE_ID);
    expect(deviceIdFrom(IPHONE, "en-US", "00112233445566778899aabbccddeeff")).toBe(a);
    expect(deviceIdFrom(IPHONE, "vi-VN", "00112233445566778899aabbccddeeff")).not.toBe(a);
    expect(deviceIdFrom(APP, "en-US", "00112233445566778899aabbccddeeff")).toBe("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
  });

  it("plants a seed cookie once, then reuses it", async () => {
    const first = await serverDeviceId(new Request("http://demo.localhost/m/login", { headers: { "User-Agent": IPHONE } }), SECRET);
    expect(first.id).toMatch(DEVICE_ID);
    expectOwnCookie(first.setCookie!, "mc_device", { maxAge: "any" });
    const seed = first.setCookie!.split(";")[0]!;
    const again = await serverDeviceId(
      new Request("http://demo.localhost/m/login", { headers: { "User-Agent": IPHONE, Cookie: seed } }),
      SECRET,
    );
    expect(again).toEqual({ id: first.id, setCookie: null, seed: first.seed });
    // A seed that was not signed with the secret is not taken: a new one is planted.
    const forged = await serverDeviceId(
      new Request("http://demo.localhost/m/login", {
        headers: { "User-Agent": IPHONE, Cookie: "mc_device=00112233445566778899aabbccddeeff" },
      }),
      SECRET,
    );
    expect(forged.setCookie).not.toBeNull();
  });

  it("prefers the browser's fingerprint id, except inside the native app", async () => {
    const fromBrowser = "abcdef01-2345-6789-abcd-ef0123456789";
    expect(await loginDeviceId(new Request("http://x/", { headers: { "User-Agent": IPHONE } }), SECRET, fromBrowser)).toEqual({
      id: fromBrowser,
      setCookie: null,
    });
    expect((await loginDeviceId(new Request("http://x/", { headers: { "User-Agent": APP } }), SECRET, fromBrowser)).id).toBe(
      "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
    );
    expect((await loginDeviceId(new Request("http://x/", { headers: { "User-Agent": IPHONE } }), SECRET, "junk")).id).toMatch(DEVICE_ID);
  });
});

describe("Device header (docs/decisions/0010)", () => {
  it.each<[string, DeviceSignals, string]>([
    ["iPad", { userAgent: IPAD }, "IPAD"],
    ["iPad in a web clip", { userAgent: IPAD, displayMode: "webclip" }, "IPAD"],
    ["iPadOS asking for the desktop site (Macintosh + touch)", { userAgent: MAC, touchMac: true }, "IPAD"],
    ["a Mac without touch", { userAgent: MAC }, "PWA"],
    ["iPhone web clip", { userAgent: IPHONE, displayMode: "webclip" }, "WEBCLIP"],
    ["iPhone Safari tab", { userAgent: IPHONE }, "PWA"],
    ["installed web app on Android", { userAgent: ANDROID, displayMode: "standalone" }, "PWA-Android"],
    ["Android browser tab", { userAgent: ANDROID }, "PWA"],
    ["installed web app on a desktop", { userAgent: MAC, displayMode: "standalone" }, "PWA"],
    ["no user agent", { userAgent: null }, "PWA"],
  ])("%s → %s", (_, signals, expected) => {
    expect(deviceHeader(signals)).toBe(expected);
  });
});

describe("register method", () => {
  it.each<[DeviceSignals, string]>([
    [{ userAgent: APP }, "APP"],
    [{ userAgent: IPHONE, displayMode: "webclip" }, "WEBCLIP"],
    [{ userAgent: ANDROID, displayMode: "standalone" }, "PWA"],
    [{ userAgent: ANDROID }, "H5"],
  ])("%j → %s", (signals, expected) => {
    expect(registerMethod(signals)).toBe(expected);
  });
});
