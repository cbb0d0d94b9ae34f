// The download surfaces' rule tables (docs/behaviour/download.md).
import { describe, expect, it } from "vitest";
import {
  IMAGE_NAME_KEYS,
  IMAGE_POPUP_WAIT_MS,
  MIN_IN_APP_DOWNLOAD_VERSION,
  allowsInAppDownload,
  appDisplayName,
  barHiddenReason,
  compareVersions,
  downloadEntries,
  goToPromotionVisible,
  imageFileName,
  imagePopupArmed,
  imagePopupQueue,
  isHomePath,
  nativePlatform,
  needsSafari,
  opensInSameTab,
  promotionPath,
  upgradeOffer,
  type DownloadContext,
  type DownloadLinks,
} from "../../../app/shell/download/rules";
import {
  ANDROID_CHROME,
  DESKTOP_CHROME,
  IOS_12_1_SAFARI,
  IOS_12_2_SAFARI,
  IOS_CHROME,
  IOS_LINE,
  IOS_SAFARI,
  IPAD_DESKTOP,
  nativeApp,
} from "../../e2e/support/user-agents";

const ALL: DownloadLinks = { android: "/f/app.apk", ios: "/f/ios.html", profile: "/f/app.mobileconfig" };
const ANDROID_ONLY: DownloadLinks = { android: "/f/app.apk", ios: null, profile: null };
const IOS_ONLY: DownloadLinks = { android: null, ios: "/f/app.ipa", profile: null };
const PROFILE_ONLY: DownloadLinks = { android: null, ios: null, profile: "/f/app.mobileconfig" };
const NONE: DownloadLinks = { android: null, ios: null, profile: null };

describe("download popup entries", () => {
  it.each<[string, DownloadLinks, DownloadContext, string[]]>([
    ["Android Chrome, all links: Android only", ALL, { userAgent: ANDROID_CHROME }, ["android"]],
    ["desktop, all links: Android and iOS (non-mobile), no profile", ALL, { userAgent: DESKTOP_CHROME }, ["android", "ios"]],
    ["iOS Safari, all links: iOS, profile, home-screen guide", ALL, { userAgent: IOS_SAFARI }, ["ios", "profile", "a2hs"]],
    ["iOS Chrome: iOS and profile, no home-screen guide (Safari only)", ALL, { userAgent: IOS_CHROME }, ["ios", "profile"]],
    ["iOS in Line: no home-screen guide", ALL, { userAgent: IOS_LINE }, ["ios", "profile"]],
    ["iOS Safari as a web clip: no profile", ALL, { userAgent: IOS_SAFARI, webclip: true }, ["ios", "a2hs"]],
    ["iOS Safari installed: no home-screen guide", ALL, { userAgent: IOS_SAFARI, standalone: true }, ["ios", "profile"]],
    ["iOS Safari from the home screen: no guide", ALL, { userAgent: IOS_SAFARI, homescreen: true }, ["ios", "profile"]],
    ["iPad in desktop mode (touch Mac) counts as iOS", ALL, { userAgent: IPAD_DESKTOP, touchMac: true }, ["ios", "profile", "a2hs"]],
    ["a Mac without touch is a desktop", ALL, { userAgent: IPAD_DESKTOP }, ["android", "ios"]],
    ["Android, iOS link only: nothing", IOS_ONLY, { userAgent: ANDROID_CHROME }, []],
    ["iOS, Android link only: only the guide", ANDROID_ONLY, { userAgent: IOS_SAFARI }, ["a2hs"]],
    ["iOS, profile link only", PROFILE_ONLY, { userAgent: IOS_CHROME }, ["profile"]],
    ["Android, no links", NONE, { userAgent: ANDROID_CHROME }, []],
  ])("%s", (_name, links, ctx, expected) => {
    expect(downloadEntries(links, ctx)).toEqual(expected);
  });
});

describe("download bar show/hide", () => {
  it.each<[string, DownloadLinks | null, DownloadContext, string | null]>([
    ["Android Chrome with an Android link: shown", ALL, { userAgent: ANDROID_CHROME }, null],
    ["iOS Safari with an iOS link: shown", ALL, { userAgent: IOS_SAFARI }, null],
    ["iOS Chrome with an iOS link: shown (the download asks for Safari)", ALL, { userAgent: IOS_CHROME }, null],
    ["desktop: shown", ALL, { userAgent: DESKTOP_CHROME }, null],
    ["closed this session", ALL, { userAgent: ANDROID_CHROME, hiddenThisSession: true }, "session"],
    ["native app", ALL, { userAgent: nativeApp("2.5.0") }, "native-app"],
    ["installed web app (display-mode standalone)", ALL, { userAgent: ANDROID_CHROME, standalone: true }, "installed"],
    ["home-screen mode (?homescreen=1)", ALL, { userAgent: IOS_SAFARI, homescreen: true }, "installed"],
    ["old iOS (12.1) with the home-screen app", ALL, { userAgent: IOS_12_1_SAFARI }, "legacy-ios-pwa"],
    ["old iOS without a home-screen app offer: shown", ALL, { userAgent: IOS_12_1_SAFARI, pwaEnabled: false }, null],
    ["iOS 12.2 is not old", ALL, { userAgent: IOS_12_2_SAFARI }, null],
    ["web clip without an iOS link", { ...ALL, ios: null }, { userAgent: IOS_SAFARI, webclip: true }, "webclip-without-ios"],
    ["web clip with an iOS link: shown", ALL, { userAgent: IOS_SAFARI, webclip: true }, null],
    ["Android with only an iOS link: no suitable link", IOS_ONLY, { userAgent: ANDROID_CHROME }, "no-link"],
    ["iOS Safari with only an Android link: the guide alone is no download", ANDROID_ONLY, { userAgent: IOS_SAFARI }, "no-link"],
    ["iOS with only a profile link: shown", PROFILE_ONLY, { userAgent: IOS_SAFARI }, null],
    ["links could not be loaded", null, { userAgent: ANDROID_CHROME }, "no-link"],
  ])("%s", (_name, links, ctx, expected) => {
    expect(barHiddenReason(links, ctx)).toBe(expected);
  });
});

describe("iOS downloads need Safari", () => {
  it.each([
    ["ios", IOS_CHROME, true],
    ["profile", IOS_CHROME, true],
    ["ios", IOS_LINE, true],
    ["ios", IOS_SAFARI, false],
    ["profile", IOS_SAFARI, false],
    ["android", IOS_CHROME, false],
    ["ios", DESKTOP_CHROME, false],
    ["a2hs", IOS_CHROME, false],
  ] as const)("%s on %s → %s", (entry, userAgent, expected) => {
    expect(needsSafari(entry, { userAgent })).toBe(expected);
  });
});

describe("app name (manifest short name, else page title; over 12 characters shortened)", () => {
  it.each([
    ["Demo Play", "Demo Play – Home", "Demo Play"],
    ["", "Lottery Home", "Lottery Home"],
    [null, "Demo", "Demo"],
    ["Exactly12Chr", "x", "Exactly12Chr"],
    ["Thirteen Char", "x", "Thirteen Cha…"],
    ["VN88 Xổ Số Kiến Thiết", "x", "VN88 Xổ Số K…"],
    ["A very long app", "x", "A very long…"],
  ])("%j / %j → %j", (shortName, title, expected) => {
    expect(appDisplayName(shortName, title)).toBe(expected);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(appDisplayName("🎰🎰🎰🎰🎰🎰🎰🎰🎰🎰🎰🎰", "x")).toBe("🎰🎰🎰🎰🎰🎰🎰🎰🎰🎰🎰🎰");
  });
});

describe("same tab for .ipa and .apk, new tab otherwise", () => {
  it.each([
    ["/wps/sandbox-files/app/demo.apk", true],
    ["https://cdn.example.com/app/Demo.APK?v=3", true],
    ["https://cdn.example.com/app/demo.ipa#x", true],
    ["https://apps.apple.com/app/id123", false],
    ["itms-services://?action=download-manifest&url=https://x/manifest.plist", false],
    ["/wps/sandbox-files/app/demo-play-ios.html", false],
    ["/download.apk.html", false],
  ])("%s → %s", (url, expected) => {
    expect(opensInSameTab(url)).toBe(expected);
  });
});

describe("native app versions", () => {
  it("compares dotted versions numerically", () => {
    expect(compareVersions("2.4.39", "2.4.4")).toBe(1);
    expect(compareVersions("2.4.39", "2.4.39")).toBe(0);
    expect(compareVersions("2.4", "2.4.0")).toBe(0);
    expect(compareVersions("2.10.0", "2.9.9")).toBe(1);
    expect(compareVersions("1.99.99", "2.0")).toBe(-1);
  });

  it.each([
    ["2.4.39", true],
    ["2.4.40", true],
    ["2.5", true],
    ["3.0.0", true],
    ["2.4.38", false],
    ["2.4.4", false],
    ["1.9.99", false],
    [null, false],
  ])(`in-app direct download from ${MIN_IN_APP_DOWNLOAD_VERSION}: %s → %s`, (version, expected) => {
    expect(allowsInAppDownload(version)).toBe(expected);
  });

  it("the upgrade modal: only in the app, only for a newer version with a link; closable unless mandatory", () => {
    const base = { latestVersion: "2.5.0", downloadUrl: "/f/app.apk", mandatory: false };
    expect(upgradeOffer({ ...base, userAgent: nativeApp("2.4.39") })).toEqual({
      currentVersion: "2.4.39",
      latestVersion: "2.5.0",
      url: "/f/app.apk",
      closable: true,
      sameTab: true,
    });
    expect(upgradeOffer({ ...base, userAgent: nativeApp("2.4.5") })?.sameTab).toBe(false);
    expect(upgradeOffer({ ...base, mandatory: true, userAgent: nativeApp("2.4.5") })?.closable).toBe(false);
    expect(upgradeOffer({ ...base, userAgent: nativeApp("2.5.0") })).toBeNull();
    expect(upgradeOffer({ ...base, userAgent: nativeApp("2.6") })).toBeNull();
    expect(upgradeOffer({ ...base, downloadUrl: null, userAgent: nativeApp("2.4.0") })).toBeNull();
    expect(upgradeOffer({ ...base, latestVersion: null, userAgent: nativeApp("2.4.0") })).toBeNull();
    expect(upgradeOffer({ ...base, userAgent: ANDROID_CHROME })).toBeNull();
  });

  it("asks for the app of its own platform", () => {
    expect(nativePlatform(nativeApp("2.5.0", IOS_SAFARI))).toBe("IOS");
    expect(nativePlatform(nativeApp("2.5.0"))).toBe("Android");
  });
});

describe("image-download popup", () => {
  it("waits 20 seconds by default", () => {
    expect(IMAGE_POPUP_WAIT_MS).toBe(20_000);
  });

  it.each([
    ["/m/home", true],
    ["/m/index", true],
    ["/m/index.html", true],
    ["/m/", true],
    ["/", true],
    ["/m/login", false],
    ["/m/home/x", false],
    ["/m/activity", false],
  ])("home path %s → %s", (path, expected) => {
    expect(isHomePath(path)).toBe(expected);
  });

  it.each<[string, string, { standalone?: boolean; homescreen?: boolean }, boolean, boolean]>([
    ["browser on /m/home", "/m/home", {}, false, true],
    ["not on a home path", "/m/login", {}, false, false],
    ["installed web app (PWA)", "/m/home", { standalone: true }, false, false],
    ["home-screen mode", "/m/home", { homescreen: true }, false, false],
    ["dismissed this session", "/m/home", {}, true, false],
  ])("%s → %s", (_name, path, mode, dismissed, expected) => {
    expect(imagePopupArmed(path, { userAgent: ANDROID_CHROME, ...mode }, dismissed)).toBe(expected);
  });

  it("never in the native app", () => {
    expect(imagePopupArmed("/m/home", { userAgent: nativeApp("2.5.0") }, false)).toBe(false);
  });

  it("takes the file name of the image address", () => {
    expect(imageFileName("/wps/sandbox-files/banners/demo-get-the-app-v3.png")).toBe("demo-get-the-app-v3.png");
    expect(imageFileName("https://cdn.example.com/a/b/Promo%20Pic.jpg?x=1#y")).toBe("Promo Pic.jpg");
    expect(imageFileName("https://cdn.example.com/")).toBe("");
  });

  const banners = [
    { groupName: "m_popup2", url: "/b/two-v1.png" },
    { groupName: "m_popup1", url: "/b/one-v3.png" },
    { groupName: "home_top", url: "/b/top.png" },
  ];

  it("shows popup 1 before popup 2, other groups never", () => {
    expect(imagePopupQueue(banners, () => null).map((b) => [b.groupName, b.fileName])).toEqual([
      ["m_popup1", "one-v3.png"],
      ["m_popup2", "two-v1.png"],
    ]);
  });

  it("skips an image whose file name was saved; offers it again when the name changes", () => {
    const saved = { m_popup1: "one-v3.png", m_popup2: "two-v0.png" } as Record<string, string>;
    expect(imagePopupQueue(banners, (g) => saved[g] ?? null).map((b) => b.groupName)).toEqual(["m_popup2"]);
    saved.m_popup2 = "two-v1.png";
    expect(imagePopupQueue(banners, (g) => saved[g] ?? null)).toEqual([]);
  });

  it("stores the names under two keys beside SHELL_downloadImage", () => {
    expect(IMAGE_NAME_KEYS).toEqual({ m_popup1: "SHELL_downloadImage1", m_popup2: "SHELL_downloadImage2" });
  });
});

describe("go-to-promotion button of the bonus header", () => {
  it.each<[number | null, string | null, boolean | undefined, boolean]>([
    [0, "APPDL-1", true, true],
    [1, "APPDL-1", true, true],
    [2, "APPDL-1", true, true],
    [4, "APPDL-1", true, false],
    [-1, "APPDL-1", true, false],
    [null, "APPDL-1", true, false],
    [0, null, true, false],
    [0, "APPDL-1", false, false],
  ])("member type %s, promotion %s, download handler %s → %s", (memberType, promotionId, hasDownloadHandler, expected) => {
    expect(goToPromotionVisible({ memberType, promotionId, promotionType: "APP_DOWNLOAD", hasDownloadHandler })).toBe(expected);
  });

  it("goes to /m/activity with the promotion id", () => {
    expect(promotionPath("APPDL 1")).toBe("/m/activity?id=APPDL%201");
  });
});
