// Device identity for login and registration (docs/behaviour/identity.md#device-id,
// docs/behaviour/identity.md#device-header, docs/behaviour/registration.md#register-method). Shared by the browser and
// the edge: pure functions only. The MD5 of the browser fingerprint lives in ./device-fingerprint.ts, loaded on demand so
// crypto-js is not part of the first page load.

/** The `Device` header values the platform knows. */
export const DEVICE_HEADERS = ["IPAD", "PWA", "PWA-Android", "WEBCLIP"] as const;
export type DeviceHeader = (typeof DEVICE_HEADERS)[number];

/** How the page was launched, as the browser reports it in the hidden input `displayMode`. */
export const DISPLAY_MODES = ["browser", "standalone", "webclip"] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];

export type RegisterMethod = "APP" | "H5" | "PWA" | "WEBCLIP";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** 32 hex digits as a UUID-shaped id: 8-4-4-4-12, lower case. */
export function formatDeviceId(hex: string): string {
  const h = hex.toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(h)) throw new Error("a device id needs 32 hex digits");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function isDeviceId(value: unknown): value is string {
  return typeof value === "string" && DEVICE_ID.test(value);
}

/** Inside the native app shell the user agent carries a UUID: that, lowercased, is the device id. */
export function nativeAppDeviceId(userAgent: string | null | undefined): string | null {
  const match = userAgent ? UUID.exec(userAgent) : null;
  return match ? match[0].toLowerCase() : null;
}

export function isIpad(userAgent: string | null | undefined, touchMac = false): boolean {
  if (!userAgent) return false;
  // iPadOS 13+ asks for desktop sites and says "Macintosh"; only the browser can tell it by its touch points.
  return /\biPad\b/i.test(userAgent) || (touchMac && /\bMacintosh\b/.test(userAgent));
}

export function isAndroid(userAgent: string | null | undefined): boolean {
  return !!userAgent && /\bAndroid\b/i.test(userAgent);
}

export function parseDisplayMode(value: unknown): DisplayMode {
  return typeof value === "string" && (DISPLAY_MODES as readonly string[]).includes(value) ? (value as DisplayMode) : "browser";
}

export type DeviceSignals = {
  userAgent: string | null | undefined;
  /** From the browser; "browser" when JavaScript is off. */
  displayMode?: DisplayMode;
  /** The browser saw a "Macintosh" with a touch screen (iPadOS in desktop mode). */
  touchMac?: boolean;
};

/**
 * The `Device` header (docs/decisions/0010-device-header.md): IPAD for an iPad, WEBCLIP when launched from an
 * iOS home-screen web clip, PWA-Android for an installed web app on Android, PWA for everything else.
 */
export function deviceHeader({ userAgent, displayMode = "browser", touchMac = false }: DeviceSignals): DeviceHeader {
  if (isIpad(userAgent, touchMac)) return "IPAD";
  if (displayMode === "webclip") return "WEBCLIP";
  if (displayMode === "standalone" && isAndroid(userAgent)) return "PWA-Android";
  return "PWA";
}

/** The register payload's registerMethod: the native app shell, a web clip, an installed web app, or a plain page. */
export function registerMethod({ userAgent, displayMode = "browser" }: DeviceSignals): RegisterMethod {
  if (nativeAppDeviceId(userAgent)) return "APP";
  if (displayMode === "webclip") return "WEBCLIP";
  if (displayMode === "standalone") return "PWA";
  return "H5";
}

// Client modes for the shell's install prompts and download surfaces (docs/behaviour/install.md,
// docs/behaviour/download.md): the one user-agent parser.

export type IosVersion = { major: number; minor: number; patch: number };

/** The iOS version of an iPhone, iPod or iPad user agent ("CPU iPhone OS 12_1_4 like Mac OS X"); null elsewhere,
 * including iPadOS asking for desktop pages (it says "Macintosh" and is iPadOS 13 or later). */
export function iosVersion(userAgent: string | null | undefined): IosVersion | null {
  if (!userAgent || !/\b(iPhone|iPod|iPad)\b/.test(userAgent)) return null;
  const match = /\bOS (\d+)[_.](\d+)(?:[_.](\d+))?\b/.exec(userAgent);
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3] ?? 0) };
}

export function isIosBelow(version: IosVersion | null, major: number, minor = 0): boolean {
  return version !== null && (version.major < major || (version.major === major && version.minor < minor));
}

export function isIos(userAgent: string | null | undefined, touchMac = false): boolean {
  return !!userAgent && (/\b(iPhone|iPod)\b/.test(userAgent) || isIpad(userAgent, touchMac));
}

/** Safari itself on iOS: not Chrome, Firefox, Edge, Opera or Google's app, nor an in-app browser (Line, Facebook, Instagram, WeChat). */
export function isIosSafari(userAgent: string | null | undefined, touchMac = false): boolean {
  if (!userAgent || !isIos(userAgent, touchMac) || !/\bSafari\//.test(userAgent)) return false;
  if (/\b(CriOS|FxiOS|EdgiOS|OPiOS|OPT|GSA|YaBrowser|Line|MCApp)\/|FBAN|FBAV|Instagram|MicroMessenger/.test(userAgent)) return false;
  return !isNativeApp(userAgent);
}

/** Inside the native app shell (its user agent carries "MCApp/<version>" and the device UUID). */
export function isNativeApp(userAgent: string | null | undefined): boolean {
  return nativeAppDeviceId(userAgent) !== null;
}

/** The Line in-app browser. */
export function isLineBrowser(userAgent: string | null | undefined): boolean {
  return !!userAgent && /\bLine\//i.test(userAgent);
}

/** A phone or tablet (the download bar's "mobile"). */
export function isMobileDevice(userAgent: string | null | undefined, touchMac = false): boolean {
  return (
    !!userAgent && (isIos(userAgent, touchMac) || isAndroid(userAgent) || /\b(Mobile|Opera Mini|IEMobile|BlackBerry)\b/i.test(userAgent))
  );
}

/** The native app shell's version from "MCApp/<version>" (with the device UUID); null outside the app or without a version. */
export function nativeAppVersion(userAgent: string | null | undefined): string | null {
  if (!isNativeApp(userAgent)) return null;
  return /\bMCApp\/(\d+(?:\.\d+){0,3})/.exec(userAgent ?? "")?.[1] ?? null;
}
