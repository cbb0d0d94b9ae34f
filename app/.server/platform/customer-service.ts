import CryptoJS from "crypto-js/core";
import "crypto-js/tripledes";
import "crypto-js/mode-ecb";
import Utf8 from "crypto-js/enc-utf8";
import { logEvent } from "../logging/request-log.server";

const DECRYPTED_LIMIT = 256;
/** Encrypted path → the address it decrypts to, or null when it does not decrypt to one. */
const decrypted = new Map<string, string | null>();

/**
 * Customer-service paths come encrypted: DES-ECB over the URL, base64, with the 8-character key appended.
 * A path that starts with http is already plain. On failure the raw value is returned
 * (docs/behaviour/shell.md#customer-service-link). A wrong key or broken base64 can decrypt to some text: only text that
 * is an http(s) address counts as decrypted.
 */
export function decryptCustomerServicePath(path: string): string {
  if (/^http/i.test(path) || path.length <= 8) return path;
  // Every page shows the same few entries: each is decrypted once per isolate, not on every page.
  let plain = decrypted.get(path);
  if (plain === undefined) {
    plain = decrypt(path);
    const oldest = decrypted.keys().next();
    if (decrypted.size >= DECRYPTED_LIMIT && !oldest.done) decrypted.delete(oldest.value);
    decrypted.set(path, plain);
  }
  if (plain !== null) return plain;
  logEvent("warn", "customer-service-path-undecryptable", { problem: "the platform's path did not decrypt; used as it is" });
  return path;
}

function decrypt(path: string): string | null {
  try {
    const key = path.slice(-8);
    const plain = CryptoJS.DES.decrypt(path.slice(0, -8), Utf8.parse(key), {
      mode: CryptoJS.mode.ECB,
      padding: CryptoJS.pad.Pkcs7,
    }).toString(Utf8);
    return /^https?:\/\//i.test(plain) ? plain : null;
  } catch {
    return null;
  }
}
