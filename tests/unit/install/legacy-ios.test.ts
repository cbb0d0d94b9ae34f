// iOS user agents (app/identity/device.ts) and the old-iOS home-screen restore (app/shell/install/legacy-ios.ts).
import { describe, expect, it, vi } from "vitest";
import { iosVersion, isIos, isIosBelow, isIosSafari, isLineBrowser, isNativeApp } from "../../../app/identity/device";
import {
  LAST_PATH_KEY,
  SESSION_INFO_KEY,
  clearLegacyState,
  isLegacyHomeScreenApp,
  isNotLoggedIn,
  rememberLegacyState,
  restorablePath,
  restoreLegacyLaunch,
} from "../../../app/shell/install/legacy-ios";

const UA = {
  iphone12_1:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 12_1_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1",
  iphone12_2:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1",
  iphone17:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  ipad11: "Mozilla/5.0 (iPad; CPU OS 11_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.0 Mobile/15E148 Safari/604.1",
  standalone12: "Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/16B92",
  chromeIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  lineIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.9.0",
  facebookIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.0] Safari/604.1",
  nativeApp:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1 MCApp/2.4.39 6F9619FF-8B86-D011-B42D-00C04FC964FF",
  macTouch: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  android: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
};

describe("iosVersion", () => {
  it.each([
    [UA.iphone12_1, { major: 12, minor: 1, patch: 4 }],
    [UA.iphone12_2, { major: 12, minor: 2, patch: 0 }],
    [UA.iphone17, { major: 17, minor: 5, patch: 1 }],
    [UA.ipad11, { major: 11, minor: 4, patch: 0 }],
    [UA.standalone12, { major: 12, minor: 1, patch: 0 }],
    [UA.macTouch, null],
    [UA.android, null],
    ["", null],
  ])("%s", (ua, expected) => {
    expect(iosVersion(ua)).toEqual(expected);
  });

  it("compares versions: below 12.2 and below 13", () => {
    expect(isIosBelow(iosVersion(UA.iphone12_1), 12, 2)).toBe(true);
    expect(isIosBelow(iosVersion(UA.iphone12_2), 12, 2)).toBe(false);
    expect(isIosBelow(iosVersion(UA.iphone12_2), 13)).toBe(true);
    expect(isIosBelow(iosVersion(UA.iphone17), 13)).toBe(false);
    expect(isIosBelow(null, 13)).toBe(false);
  });
});

describe("iOS Safari and other modes", () => {
  it("tells Safari from other iOS browsers, in-app browsers and the native app", () => {
    expect(isIosSafari(UA.iphone17)).toBe(true);
    expect(isIosSafari(UA.iphone12_1)).toBe(true);
    expect(isIosSafari(UA.chromeIos)).toBe(false);
    expect(isIosSafari(UA.lineIos)).toBe(false);
    expect(isIosSafari(UA.facebookIos)).toBe(false);
    expect(isIosSafari(UA.nativeApp)).toBe(false);
    expect(isIosSafari(UA.android)).toBe(false);
    expect(isIosSafari(UA.macTouch)).toBe(false);
    expect(isIosSafari(UA.macTouch, true)).toBe(true);
  });

  it("detects iOS, the native app shell and Line", () => {
    expect(isIos(UA.iphone17)).toBe(true);
    expect(isIos(UA.android)).toBe(false);
    expect(isNativeApp(UA.nativeApp)).toBe(true);
    expect(isNativeApp(UA.iphone17)).toBe(false);
    expect(isLineBrowser(UA.lineIos)).toBe(true);
  });
});

/** A Storage stand-in. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

const reply = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));

describe("old iOS home-screen apps", () => {
  it("applies to standalone launches below iOS 13 only", () => {
    expect(isLegacyHomeScreenApp(iosVersion(UA.standalone12), true)).toBe(true);
    expect(isLegacyHomeScreenApp(iosVersion(UA.standalone12), false)).toBe(false);
    expect(isLegacyHomeScreenApp(iosVersion(UA.iphone17), true)).toBe(false);
    expect(isLegacyHomeScreenApp(null, true)).toBe(false);
  });

  it.each([
    ["/m/activity?id=3", "/m/activity?id=3"],
    ["/m/member/home", "/m/member/home"],
    ["/m/login?redirectUrl=/m/home", null],
    ["/m/launchGame?vendor=x", null],
    ["https://evil.example/m/home", null],
    ["//evil.example/m/home", null],
    [null, null],
  ])("restorablePath(%s) = %s", (path, expected) => {
    expect(restorablePath(path)).toBe(expected);
  });

  it.each([
    [401, null, true],
    [200, { success: false, errorCode: "customer.not.login" }, true],
    [200, { success: false, message: "CUSTOMER_NOT_LOGIN" }, true],
    [200, { success: false, errorCode: "user.or.token.invalid" }, true],
    [200, { success: false, errorCode: "other" }, false],
    [200, { success: true, value: {} }, false],
    [502, null, false],
  ])("isNotLoggedIn(%i, %o) = %s", (status, body, expected) => {
    expect(isNotLoggedIn(status, body)).toBe(expected);
  });

  it("remembers the page and copies the session info (never a token) to local storage", () => {
    const storage = { local: memoryStorage(), session: memoryStorage({ [SESSION_INFO_KEY]: '{"userName":"demo01"}' }) };
    rememberLegacyState("/m/member/home", storage);
    rememberLegacyState("/m/login", storage);
    expect(storage.local.getItem(LAST_PATH_KEY)).toBe("/m/member/home");
    expect(storage.local.getItem(SESSION_INFO_KEY)).toBe('{"userName":"demo01"}');
    clearLegacyState(storage);
    expect(storage.local.getItem(LAST_PATH_KEY)).toBeNull();
    expect(storage.session.getItem(SESSION_INFO_KEY)).toBeNull();
  });

  it("on launch restores the session info and goes back to the last page when the renew succeeds", async () => {
    const storage = {
      local: memoryStorage({ [LAST_PATH_KEY]: "/m/member/home", [SESSION_INFO_KEY]: '{"userName":"demo01"}' }),
      session: memoryStorage(),
    };
    const fetcher = reply(200, { success: true, value: { userName: "demo01" } });
    const plan = await restoreLegacyLaunch("/m/home?homescreen=1", { fetcher, storage });
    expect(plan).toEqual({ kind: "go", path: "/m/member/home" });
    expect(fetcher).toHaveBeenCalledWith("/wps/member/info", expect.objectContaining({ credentials: "same-origin" }));
    expect(storage.session.getItem(SESSION_INFO_KEY)).toBe('{"userName":"demo01"}');
  });

  it("clears everything and goes to /m/home on a 401", async () => {
    const storage = {
      local: memoryStorage({ [LAST_PATH_KEY]: "/m/member/home", [SESSION_INFO_KEY]: "{}" }),
      session: memoryStorage(),
    };
    expect(await restoreLegacyLaunch("/m/member/home", { fetcher: reply(401, { success: false }), storage })).toEqual({ kind: "home" });
    expect(storage.local.getItem(LAST_PATH_KEY)).toBeNull();
    expect(storage.local.getItem(SESSION_INFO_KEY)).toBeNull();
    // Already on /m/home: nothing to navigate.
    const again = { local: memoryStorage({ [SESSION_INFO_KEY]: "{}" }), session: memoryStorage() };
    expect(await restoreLegacyLaunch("/m/home", { fetcher: reply(401, null), storage: again })).toEqual({ kind: "stay" });
  });

  it("renews for a signed-in member even without stored info, and skips the call for a visitor", async () => {
    const storage = { local: memoryStorage({ [LAST_PATH_KEY]: "/m/activity" }), session: memoryStorage() };
    const fetcher = reply(200, { success: true });
    expect(await restoreLegacyLaunch("/m/home", { fetcher, storage })).toEqual({ kind: "go", path: "/m/activity" });
    expect(fetcher).not.toHaveBeenCalled();
    expect(await restoreLegacyLaunch("/m/activity", { member: true, fetcher, storage })).toEqual({ kind: "stay" });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("keeps the stored state when offline", async () => {
    const storage = { local: memoryStorage({ [LAST_PATH_KEY]: "/m/activity", [SESSION_INFO_KEY]: "{}" }), session: memoryStorage() };
    const fetcher = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await restoreLegacyLaunch("/m/home", { fetcher, storage })).toEqual({ kind: "go", path: "/m/activity" });
    expect(storage.local.getItem(LAST_PATH_KEY)).toBe("/m/activity");
  });
});
