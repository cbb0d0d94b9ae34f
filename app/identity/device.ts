// Device identity for login and registration (spec §3 "Device id", §7 "Device" header, register method).
// Shared by the browser and the edge: pure functions only. The MD5 of the browser fingerprint lives in
// ./device-fingerprint.ts, loaded on demand so crypto-js is not part of the first page load.

/** The `Device` header values the platform knows (spec §7). */
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

/** Inside the native app shell the user agent carries a UUID: that, lowercased, is the device id (spec §3). */
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
