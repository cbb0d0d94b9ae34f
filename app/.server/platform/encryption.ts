import CryptoJS from "crypto-js/core";
import "crypto-js/tripledes";
import "crypto-js/mode-ecb";
import Utf8 from "crypto-js/enc-utf8";
import Hex from "crypto-js/enc-hex";
import MD5 from "crypto-js/md5";

// The platform's payload encryption (docs/platform-contract.md, "Encrypted requests"; docs/decisions/0002).

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const PUBLIC_EXPONENT = 0x10001n;

export type Encrypted =
  | { success: true; rsaKey: string; RSA: string; DES: string; headers: Record<string, string> }
  | { success: false; message: "Missing Encryption" };

/** 16 characters from [A-Za-z0-9], unbiased (rejection sampling). */
export function randomKey(length = 16): string {
  const out: string[] = [];
  const buf = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(buf);
    for (const byte of buf) {
      if (byte < 248 && out.length < length) out.push(ALPHABET[byte % 62]!);
    }
  }
  return out.join("");
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** The classic RSAUtils.encryptedString: reverse the text, read its char codes as a little-endian integer, no padding. */
export function rsaEncryptReversed(text: string, modulusHex: string): string {
  const n = BigInt(`0x${modulusHex}`);
  const chars = [...text].reverse();
  let m = 0n;
  for (let i = chars.length - 1; i >= 0; i--) m = (m << 8n) | BigInt(chars[i]!.charCodeAt(0) & 0xff);
  if (m >= n) throw new Error("text too long for the key");
  return modPow(m, PUBLIC_EXPONENT, n).toString(16);
}

export function desEncrypt(plain: string, key: string): string {
  return CryptoJS.DES.encrypt(plain, Utf8.parse(key.slice(0, 8)), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}

export function md5Hex(text: string): string {
  return MD5(text).toString(Hex);
}

/** X-RSA names the key the client used, so the platform can tell a stale key from a broken body. */
export function rsaKeyId(modulusHex: string): string {
  return md5Hex(modulusHex.toLowerCase()).slice(0, 16);
}

/** The platform answers the modulus as hex text, sometimes as a JSON string in quotes. */
export function parseRsaModulus(body: string): string | null {
  const text = body
    .trim()
    .replace(/^"(.*)"$/s, "$1")
    .trim()
    .toLowerCase();
  return /^[0-9a-f]{64,1024}$/.test(text) ? text : null;
}

export function encryptPayload(payload: unknown, modulusHex: string | null, r = randomKey()): Encrypted {
  if (!modulusHex) return { success: false, message: "Missing Encryption" };
  const json = JSON.stringify(payload);
  const RSA = rsaEncryptReversed(r, modulusHex);
  const DES = desEncrypt(json, r);
  return {
    success: true,
    rsaKey: modulusHex,
    RSA,
    DES,
    headers: { Encryption: RSA, "X-RSA": rsaKeyId(modulusHex), "X-Digest": md5Hex(json + r) },
  };
}
