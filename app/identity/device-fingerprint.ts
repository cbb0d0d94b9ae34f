// Browser only, loaded with import() when a login or register form mounts: crypto-js/md5 stays out of the
// first page load (heavy client code loads on demand).
import MD5 from "crypto-js/md5";
import Hex from "crypto-js/enc-hex";
import { formatDeviceId, nativeAppDeviceId } from "./device";

/** The stable traits of this browser on this device; no cookies, no storage, no canvas tricks. */
export function browserFingerprint(): string {
  const nav = navigator as Navigator & { deviceMemory?: number; userAgentData?: { platform?: string } };
  let timeZone = "";
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // Older engines: no time zone in the fingerprint.
  }
  return [
    nav.userAgent,
    nav.language,
    (nav.languages ?? []).join(","),
    nav.userAgentData?.platform ?? nav.platform ?? "",
    nav.hardwareConcurrency ?? "",
    nav.deviceMemory ?? "",
    nav.maxTouchPoints ?? "",
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    window.devicePixelRatio ?? 1,
    timeZone,
  ].join("|");
}

/**
 * The device id (docs/behaviour/identity.md#device-id): the native app's UUID, else the MD5 of the fingerprint as
 * 8-4-4-4-12.
 */
export function browserDeviceId(): string {
  return nativeAppDeviceId(navigator.userAgent) ?? formatDeviceId(MD5(browserFingerprint()).toString(Hex));
}
