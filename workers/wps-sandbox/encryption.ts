// The platform's request encryption, server side (see docs/platform-contract.md).
// An independent implementation: it shares no code with the app's client side,
// so a bug in one is caught by the other.
//
//   body       = base64(DES-ECB-PKCS7(json, key = utf8(r[0..8])))
//   Encryption = hex(m^65537 mod n), m = little-endian bytes of reverse(r)
//   X-RSA      = md5(hex n)[0..16]
//   X-Digest   = md5(json + r)
import CryptoJS from "crypto-js/core";
import "crypto-js/tripledes"; // registers CryptoJS.DES
import ECB from "crypto-js/mode-ecb";
import NoPadding from "crypto-js/pad-nopadding";
import Pkcs7 from "crypto-js/pad-pkcs7";
import Utf8 from "crypto-js/enc-utf8";
import Base64 from "crypto-js/enc-base64";
import MD5 from "crypto-js/md5";
import Hex from "crypto-js/enc-hex";

export const PUBLIC_EXPONENT = 65537n;
export const RANDOM_KEY_PATTERN = /^[A-Za-z0-9]{16}$/;

/** RSA key as lowercase hex without leading zeros: modulus n, private exponent d. */
export interface RsaKey {
  n: string;
  d: string;
}

export class DecryptionError extends Error {}

// ---------------------------------------------------------------- RSA

function base64UrlToHex(value: string): string {
  const b64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  let hex = "";
  for (let i = 0; i < bin.length; i++) hex += bin.charCodeAt(i).toString(16).padStart(2, "0");
  return BigInt(`0x${hex}`).toString(16);
}

/** A fresh 1024-bit key (the platform's size). The algorithm label only matters to WebCrypto. */
export async function generateRsaKey(): Promise<RsaKey> {
  const pair = (await crypto.subtle.generateKey(
    {
      name: "RSA-OAEP",
      modulusLength: 1024,
      publicExponent: new Uint8Array([0x01, 0x00, 0x01]),
      hash: "SHA-256",
    },
    true,
    ["encrypt", "decrypt"],
  )) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  if (jwk.n === undefined || jwk.d === undefined) throw new Error("WebCrypto exported no RSA private key");
  return { n: base64UrlToHex(jwk.n), d: base64UrlToHex(jwk.d) };
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (modulus === 1n) return 0n;
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    e >>= 1n;
    b = (b * b) % modulus;
  }
  return result;
}

export function md5Hex(input: string): string {
  return MD5(Utf8.parse(input)).toString(Hex);
}

/** Value of X-RSA: names the public key a client encrypted with. */
export function rsaKeyId(modulusHex: string): string {
  return md5Hex(modulusHex.toLowerCase()).slice(0, 16);
}

/**
 * Inverse of the client's encoding: the integer's little-endian bytes are the
 * characters of reverse(r), so reading them little-endian and reversing gives r.
 */
export function decodeReversedLittleEndian(m: bigint): string {
  const chars: string[] = [];
  let rest = m;
  while (rest > 0n) {
    chars.push(String.fromCharCode(Number(rest & 0xffn)));
    rest >>= 8n;
  }
  return chars.reverse().join("");
}

/** Recovers the client's random string r from the Encryption header. */
export function decryptRandomKey(encryptionHex: string, key: RsaKey): string {
  const trimmed = encryptionHex.trim();
  if (!/^[0-9a-fA-F]{1,512}$/.test(trimmed)) throw new DecryptionError("Encryption header is not a hex number");
  const n = BigInt(`0x${key.n}`);
  const c = BigInt(`0x${trimmed}`);
  if (c >= n) throw new DecryptionError("Encryption header is larger than the RSA modulus");
  const r = decodeReversedLittleEndian(modPow(c, BigInt(`0x${key.d}`), n));
  if (!RANDOM_KEY_PATTERN.test(r)) {
    throw new DecryptionError("Encryption header does not decrypt to a 16-character [A-Za-z0-9] key");
  }
  return r;
}

// ---------------------------------------------------------------- DES

const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function desKey(keyText: string): CryptoJS.lib.WordArray {
  if (keyText.length !== 8) throw new DecryptionError("DES key must be 8 characters");
  return Utf8.parse(keyText);
}

/** base64(DES-ECB-PKCS7(plain, utf8(keyText))); keyText is 8 ASCII characters. */
export function desEncrypt(plain: string, keyText: string): string {
  return CryptoJS.DES.encrypt(Utf8.parse(plain), desKey(keyText), { mode: ECB, padding: Pkcs7 }).ciphertext.toString(Base64);
}

function wordArrayBytes(words: CryptoJS.lib.WordArray): Uint8Array {
  const out = new Uint8Array(words.sigBytes);
  for (let i = 0; i < words.sigBytes; i++) {
    out[i] = ((words.words[i >>> 2] ?? 0) >>> (24 - (i % 4) * 8)) & 0xff;
  }
  return out;
}

/**
 * Inverse of desEncrypt. Padding is checked by hand (crypto-js's unpad trusts
 * the last byte blindly), so a wrong key is reported instead of yielding garbage.
 */
export function desDecrypt(cipherBase64: string, keyText: string): string {
  const compact = cipherBase64.trim();
  if (!BASE64_PATTERN.test(compact)) throw new DecryptionError("Body is not base64");
  const ciphertext = Base64.parse(compact);
  if (ciphertext.sigBytes === 0 || ciphertext.sigBytes % 8 !== 0) {
    throw new DecryptionError("Body is not a whole number of DES blocks");
  }
  const params = CryptoJS.lib.CipherParams.create({ ciphertext });
  const padded = wordArrayBytes(CryptoJS.DES.decrypt(params, desKey(keyText), { mode: ECB, padding: NoPadding }));
  const pad = padded[padded.length - 1] ?? 0;
  if (pad < 1 || pad > 8 || padded.subarray(padded.length - pad).some((b) => b !== pad)) {
    throw new DecryptionError("Body has invalid DES padding (wrong key?)");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(padded.subarray(0, padded.length - pad));
  } catch {
    throw new DecryptionError("Decrypted body is not UTF-8");
  }
}

// ---------------------------------------------------------------- request

export interface EncryptedRequest {
  encryption: string | null;
  xRsa: string | null;
  xDigest: string | null;
  body: string;
}

export type DecryptResult =
  { ok: true; payload: unknown; plaintext: string; randomKey: string } | { ok: false; errorCode: EncryptionErrorCode; message: string };

export type EncryptionErrorCode =
  "encryption.missing" | "encryption.key.mismatch" | "encryption.decrypt.failed" | "encryption.digest.mismatch";

/** Headers a drifted platform reads another way (the "drift" fault, docs/platform-contract.md#drift-fault). */
export type HeaderReadings = readonly ("X-RSA" | "X-Digest")[];

/** Checks and decrypts one encrypted request against the merchant's current key. */
export function decryptRequest(req: EncryptedRequest, key: RsaKey, drifted: HeaderReadings = []): DecryptResult {
  const missing = (
    [
      ["Encryption", req.encryption],
      ["X-RSA", req.xRsa],
      ["X-Digest", req.xDigest],
    ] as const
  )
    .filter(([, value]) => value === null || value.trim() === "")
    .map(([name]) => name);
  if (missing.length > 0 || req.encryption === null || req.xRsa === null || req.xDigest === null) {
    return {
      ok: false,
      errorCode: "encryption.missing",
      message: `Missing Encryption: this endpoint needs an encrypted body and the headers ${missing.join(", ")}`,
    };
  }
  const keyId = drifted.includes("X-RSA") ? md5Hex(key.n.toLowerCase()) : rsaKeyId(key.n);
  if (req.xRsa.trim().toLowerCase() !== keyId) {
    return {
      ok: false,
      errorCode: "encryption.key.mismatch",
      message: "X-RSA does not match the current RSA key; fetch /wps/session/key/rsa again",
    };
  }
  let randomKey: string;
  let plaintext: string;
  let payload: unknown;
  try {
    randomKey = decryptRandomKey(req.encryption, key);
    plaintext = desDecrypt(req.body, randomKey.slice(0, 8));
    payload = JSON.parse(plaintext);
  } catch (error) {
    const reason = error instanceof DecryptionError ? error.message : "Decrypted body is not JSON";
    return { ok: false, errorCode: "encryption.decrypt.failed", message: `Could not decrypt the request: ${reason}` };
  }
  const digest = drifted.includes("X-Digest") ? md5Hex(randomKey + plaintext) : md5Hex(plaintext + randomKey);
  if (req.xDigest.trim().toLowerCase() !== digest) {
    return {
      ok: false,
      errorCode: "encryption.digest.mismatch",
      message: "X-Digest does not match MD5(plaintext JSON + random key)",
    };
  }
  return { ok: true, payload, plaintext, randomKey };
}
