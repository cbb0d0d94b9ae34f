// A client for the platform's encrypted requests, written from the wire format
// in docs/platform-contract.md and independent of the sandbox's own code, so
// tests check one implementation against the other.
// The package's main entry (not its per-algorithm files), so plain Node can load this file too (npm run bench).
import CryptoJS from "crypto-js";

const { MD5 } = CryptoJS;
const { Utf8, Base64, Hex } = CryptoJS.enc;
const ECB = CryptoJS.mode.ECB;
const Pkcs7 = CryptoJS.pad.Pkcs7;

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function randomKey16(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => ALNUM[b % 62]).join("");
}

function powMod(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let b = base % mod;
  for (let e = exp; e > 0n; e /= 2n) {
    if (e % 2n === 1n) result = (result * b) % mod;
    b = (b * b) % mod;
  }
  return result;
}

/** m = sum over i of charCode(reverse(r)[i]) * 256^i. */
export function encodeReversedLittleEndian(r: string): bigint {
  const reversed = [...r].reverse();
  let m = 0n;
  reversed.forEach((ch, i) => {
    m += BigInt(ch.charCodeAt(0)) * 256n ** BigInt(i);
  });
  return m;
}

export function rsaEncryptKey(r: string, modulusHex: string): string {
  return powMod(encodeReversedLittleEndian(r), 0x10001n, BigInt(`0x${modulusHex}`)).toString(16);
}

export function md5(text: string): string {
  return MD5(Utf8.parse(text)).toString(Hex);
}

export interface EncryptedCall {
  body: string;
  headers: { Encryption: string; "X-RSA": string; "X-Digest": string };
  r: string;
  json: string;
}

export function encryptCall(payload: unknown, modulusHex: string, r: string = randomKey16()): EncryptedCall {
  const json = JSON.stringify(payload);
  const body = CryptoJS.DES.encrypt(json, Utf8.parse(r.slice(0, 8)), { mode: ECB, padding: Pkcs7 }).toString();
  return {
    body,
    r,
    json,
    headers: {
      Encryption: rsaEncryptKey(r, modulusHex),
      "X-RSA": md5(modulusHex).slice(0, 16),
      "X-Digest": md5(json + r),
    },
  };
}

/** What the product does with a customer-service path: plain if it starts with http, else DES with the last 8 chars. */
export function customerServiceUrl(path: string): string {
  if (path.startsWith("http")) return path;
  const key = Utf8.parse(path.slice(-8));
  const ciphertext = Base64.parse(path.slice(0, -8));
  return CryptoJS.DES.decrypt(CryptoJS.lib.CipherParams.create({ ciphertext }), key, { mode: ECB, padding: Pkcs7 }).toString(Utf8);
}
