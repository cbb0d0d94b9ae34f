// The app download surfaces' rules (docs/behaviour/download.md: download bar, popup, image popups, upgrade modal).
// Pure functions shared by the edge (server render) and the browser (after hydration).
import { goToPromotion, promotionPath as activityPath } from "../../promotions/go-to";
import { iosVersion, isIos, isIosBelow, isIosSafari, isMobileDevice, isNativeApp, nativeAppVersion } from "../../identity/device";

/** Minimum native app version for in-app direct download (docs/behaviour/download.md#upgrade-modal). */
export const MIN_IN_APP_DOWNLOAD_VERSION = "2.4.39";
/** The image-download popup's wait (docs/behaviour/download.md#image-popups). */
export const IMAGE_POPUP_WAIT_MS = 20_000;
/** The app name is shortened when over 12 characters (docs/behaviour/download.md#app-name). */
export const APP_NAME_MAX_CHARS = 12;
/** Below iOS 12.2 the home-screen sheet shows the legacy tips, and the download bar gives way to it. */
export const LEGACY_IOS = { major: 12, minor: 2 } as const;

/** The bar's session flag (sessionStorage, and a session cookie of the same name for the server render). */
export const HIDE_BAR_KEY = "hideDownloadBar";
/** sessionStorage "SHELL_downloadImage" = "1" once an image popup was dismissed in this session. */
export const IMAGE_POPUP_DISMISSED_KEY = "SHELL_downloadImage";
/** The banner groups of the image popups, in the order they appear (popup 1 before popup 2). */
export const IMAGE_POPUP_GROUPS = ["m_popup1", "m_popup2"] as const;
export type ImagePopupGroup = (typeof IMAGE_POPUP_GROUPS)[number];
/** localStorage: the image file name last saved from each popup ("SHELL_downloadImage plus two image-name keys"). */
export const IMAGE_NAME_KEYS: Record<ImagePopupGroup, string> = {
  m_popup1: "SHELL_downloadImage1",
  m_popup2: "SHELL_downloadImage2",
};
/** Window event: the download popup asks for the install helper's guide sheet. */
export const SHOW_A2HS_EVENT = "mc:show-a2hs";

/** Download links by resourceType (IOS, MOBILECONFIG, Android; docs/behaviour/download.md#download-links). */
export type DownloadLinks = { android: string | null; ios: string | null; profile: string | null };

export type DownloadEntry = "android" | "ios" | "profile" | "a2hs";

/** What decides the bar and its entries. Browser-only signals are false on the server. */
export type DownloadContext = {
  userAgent: string | null | undefined;
  /** iPadOS in desktop mode. */
  touchMac?: boolean;
  /** Installed web app (display-mode standalone, navigator.standalone). */
  standalone?: boolean;
  /** Launched from the home screen (?homescreen=1). */
  homescreen?: boolean;
  /** WEBCLIP storage flag. */
  webclip?: boolean;
  /** hideDownloadBar is set for this session. */
  hiddenThisSession?: boolean;
  /** The merchant offers the home-screen app (web manifest); always true for this product. */
  pwaEnabled?: boolean;
};

/**
 * The popup's entries, in order (docs/behaviour/download.md#download-popup): Android for non-mobile or non-iOS; iOS
 * for non-mobile or iOS, with an iOS link; the configuration profile only on iOS with a profile link and not already a
 * web clip; the home-screen guide only on iOS Safari when not installed.
 */
export function downloadEntries(links: DownloadLinks | null, ctx: DownloadContext): DownloadEntry[] {
  const ua = ctx.userAgent;
  const ios = isIos(ua, ctx.touchMac);
  const mobile = isMobileDevice(ua, ctx.touchMac);
  const entries: DownloadEntry[] = [];
  if (links?.android && (!mobile || !ios)) entries.push("android");
  if (links?.ios && (!mobile || ios)) entries.push("ios");
  if (links?.profile && ios && !ctx.webclip) entries.push("profile");
  if (isIosSafari(ua, ctx.touchMac) && !ctx.standalone && !ctx.homescreen) entries.push("a2hs");
  return entries;
}

export type BarHiddenReason = "session" | "native-app" | "installed" | "legacy-ios-pwa" | "webclip-without-ios" | "no-link";

/** Why the download bar is hidden, or null when it shows (docs/behaviour/download.md#download-bar). */
export function barHiddenReason(links: DownloadLinks | null, ctx: DownloadContext): BarHiddenReason | null {
  if (ctx.hiddenThisSession) return "session";
  if (isNativeApp(ctx.userAgent)) return "native-app";
  if (ctx.standalone || ctx.homescreen) return "installed";
  if ((ctx.pwaEnabled ?? true) && isIosBelow(iosVersion(ctx.userAgent), LEGACY_IOS.major, LEGACY_IOS.minor)) return "legacy-ios-pwa";
  if (ctx.webclip && !links?.ios) return "webclip-without-ios";
  // "No suitable download link": the home-screen guide alone is not a download.
  if (!downloadEntries(links, ctx).some((entry) => entry !== "a2hs")) return "no-link";
  return null;
}

/** iOS downloads (the app and the profile) need Safari (docs/behaviour/download.md#download-links-open). */
export function needsSafari(entry: DownloadEntry, ctx: Pick<DownloadContext, "userAgent" | "touchMac">): boolean {
  return (entry === "ios" || entry === "profile") && isIos(ctx.userAgent, ctx.touchMac) && !isIosSafari(ctx.userAgent, ctx.touchMac);
}

/** The web manifest's short name, else the page title; over 12 characters it is cut to 12 and gets an ellipsis. */
export function appDisplayName(manifestShortName: string | null | undefined, pageTitle: string): string {
  const name = (manifestShortName?.trim() || pageTitle.trim()).normalize("NFC");
  const chars = Array.from(name);
  return chars.length > APP_NAME_MAX_CHARS ? `${chars.slice(0, APP_NAME_MAX_CHARS).join("").trimEnd()}…` : name;
}

/** A link ending in .ipa or .apk opens in the same tab (the browser downloads it); any other link in a new tab. */
export function opensInSameTab(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? "";
  return /\.(ipa|apk)$/i.test(path);
}

/** Compares dotted versions numerically ("2.4.39" > "2.4.4"); missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split(".").map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** Inside the native app, version 2.4.39 or later may download directly in the app. */
export function allowsInAppDownload(appVersion: string | null | undefined): boolean {
  return !!appVersion && compareVersions(appVersion, MIN_IN_APP_DOWNLOAD_VERSION) >= 0;
}

export type UpgradeOffer = { currentVersion: string; latestVersion: string; url: string; closable: boolean; sameTab: boolean };

/**
 * The upgrade modal (docs/behaviour/download.md#upgrade-modal): inside the native app, when a newer version exists and
 * there is a download link; closable unless the mandatory-update flag (MANDATORYAPPUPDATES3) is on. The link opens in
 * the app (same tab) from version 2.4.39 on, else in a new window (the app hands it to the system browser).
 */
export function upgradeOffer(input: {
  userAgent: string | null | undefined;
  latestVersion: string | null | undefined;
  downloadUrl: string | null | undefined;
  mandatory: boolean;
}): UpgradeOffer | null {
  const current = nativeAppVersion(input.userAgent);
  if (!current || !input.latestVersion || !input.downloadUrl) return null;
  if (compareVersions(input.latestVersion, current) <= 0) return null;
  return {
    currentVersion: current,
    latestVersion: input.latestVersion,
    url: input.downloadUrl,
    closable: !input.mandatory,
    sameTab: allowsInAppDownload(current),
  };
}

/** The platform for the upgrade check and the upgrade's link: the native app on iOS or Android. */
export function nativePlatform(userAgent: string | null | undefined): "IOS" | "Android" {
  return isIos(userAgent) ? "IOS" : "Android";
}

/** The home paths, where the image-download popup may appear. */
export const HOME_PATHS: readonly string[] = ["/m/home", "/m/index", "/m/index.html", "/m/", "/"];

export function isHomePath(pathname: string): boolean {
  return HOME_PATHS.includes(pathname);
}

/** The file name of an image address: its last path segment, without query or fragment. */
export function imageFileName(url: string): string {
  const path = url.split(/[?#]/)[0] ?? "";
  const name = path.slice(path.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

export type ImagePopupMode = { userAgent: string | null | undefined; standalone?: boolean; homescreen?: boolean };

/**
 * Whether to start the wait at all: a home path, not in the app, home-screen or PWA modes, not dismissed this session.
 */
export function imagePopupArmed(pathname: string, mode: ImagePopupMode, dismissedThisSession: boolean): boolean {
  return isHomePath(pathname) && !isNativeApp(mode.userAgent) && !mode.standalone && !mode.homescreen && !dismissedThisSession;
}

export type PopupBanner = { groupName: string; url: string };

/**
 * The popups to show after the wait, popup 1 before popup 2, each only if its image's file name differs from the saved
 * one.
 */
export function imagePopupQueue<B extends PopupBanner>(
  banners: readonly B[],
  savedName: (group: ImagePopupGroup) => string | null,
): (B & { groupName: ImagePopupGroup; fileName: string })[] {
  const queue: (B & { groupName: ImagePopupGroup; fileName: string })[] = [];
  for (const group of IMAGE_POPUP_GROUPS) {
    const banner = banners.find((b) => b.groupName === group && b.url);
    if (!banner) continue;
    const fileName = imageFileName(banner.url);
    if (fileName && fileName !== savedName(group)) queue.push({ ...banner, groupName: group, fileName });
  }
  return queue;
}

/**
 * For the download bonus header (docs/behaviour/download.md#download-bonus): the go-to-promotion button follows the
 * promotions' go-to rules (app/promotions/go-to.ts, docs/behaviour/promotions.md#go-to-promotion) and needs a
 * promotion to go to.
 */
export function goToPromotionVisible(input: {
  memberType: number | null;
  clubLabelType?: string | null;
  promotionId: string | null | undefined;
  promotionType?: string | null;
  hasDownloadHandler?: boolean;
}): boolean {
  if (!input.promotionId) return false;
  const member = input.memberType === null ? null : { type: input.memberType, clubLabelType: input.clubLabelType ?? null };
  return goToPromotion({
    promotionType: input.promotionType ?? "APP_DOWNLOAD",
    member,
    hasDownloadHandler: input.hasDownloadHandler ?? true,
  }).visible;
}

/** /m/activity with the promotion id. */
export const promotionPath = activityPath;
