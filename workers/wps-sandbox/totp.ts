// Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP), HMAC-SHA1 via
// WebCrypto: what an authenticator app shows for the `ga` two-factor method.

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 (case-insensitive; spaces, dashes and "=" padding ignored). Null if not base32. */
export function base32Decode(input: string): Uint8Array | null {
  const clean = input.replace(/[\s=-]/g, "").toUpperCase();
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of clean) {
    const value = BASE32_ALPHABET.indexOf(ch);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >>> bits) & 0xff);
    }
    buffer &= (1 << bits) - 1;
  }
  return new Uint8Array(out);
}

/** RFC 4226 HOTP: HMAC-SHA1 of the 8-byte big-endian counter, dynamically truncated. */
export async function hotp(key: Uint8Array, counter: number, digits: number = TOTP_DIGITS): Promise<string> {
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  // Counters beyond 2^32 (times after 2106, or the RFC's year-2603 vector) need the high word.
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  const cryptoKey = await crypto.subtle.importKey("raw", new Uint8Array(key), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, message));
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary =
    (((mac[offset] ?? 0) & 0x7f) << 24) | ((mac[offset + 1] ?? 0) << 16) | ((mac[offset + 2] ?? 0) << 8) | (mac[offset + 3] ?? 0);
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step (counter) for a moment in epoch milliseconds. */
export function totpCounter(timeMs: number, stepSeconds: number = TOTP_STEP_SECONDS): number {
  return Math.floor(timeMs / 1000 / stepSeconds);
}

/** The code an authenticator shows at `timeMs`. */
export function totp(key: Uint8Array, timeMs: number, digits: number = TOTP_DIGITS, stepSeconds: number = TOTP_STEP_SECONDS) {
  return hotp(key, totpCounter(timeMs, stepSeconds), digits);
}

/**
 * Whether `code` is the authenticator code for the base32 `secret` at `timeMs`,
 * accepting `window` steps either side for clock drift (±1 step = ±30 s).
 */
export async function verifyTotp(secret: string, code: string, timeMs: number, window = 1): Promise<boolean> {
  const key = base32Decode(secret);
  const candidate = code.replace(/\s/g, "");
  if (key === null || key.length === 0 || !new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(candidate)) return false;
  const counter = totpCounter(timeMs);
  for (let delta = -window; delta <= window; delta++) {
    if (counter + delta < 0) continue;
    if ((await hotp(key, counter + delta)) === candidate) return true;
  }
  return false;
}
