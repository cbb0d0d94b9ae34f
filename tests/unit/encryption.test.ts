import CryptoJS from "crypto-js";
import { beforeAll, describe, expect, it } from "vitest";
import { encryptPayload, md5Hex, parseRsaModulus, randomKey, rsaEncryptReversed, rsaKeyId } from "../../app/.server/platform/encryption";

const fromBase64Url = (value: string) => BigInt(`0x${Buffer.from(value, "base64url").toString("hex")}`);

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  base %= mod;
  for (; exp > 0n; exp >>= 1n, base = (base * base) % mod) if (exp & 1n) result = (result * base) % mod;
  return result;
}

/** What the platform does: c^d mod n, the integer's little-endian bytes as characters, reversed. */
function platformDecrypt(hex: string, n: bigint, d: bigint): string {
  let m = modPow(BigInt(`0x${hex}`), d, n);
  const chars: string[] = [];
  while (m > 0n) {
    chars.push(String.fromCharCode(Number(m & 0xffn)));
    m >>= 8n;
  }
  return chars.reverse().join("");
}

let n: bigint;
let d: bigint;
let modulusHex: string;

beforeAll(async () => {
  const pair = await crypto.subtle.generateKey(
    { name: "RSA-OAEP", modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["encrypt", "decrypt"],
  );
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  n = fromBase64Url(jwk.n!);
  d = fromBase64Url(jwk.d!);
  modulusHex = n.toString(16);
});

describe("randomKey", () => {
  it("draws 16 characters from [A-Za-z0-9]", () => {
    const keys = Array.from({ length: 50 }, () => randomKey());
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(new Set(keys).size).toBe(50);
  });
});

describe("rsaEncryptReversed", () => {
  it("is the classic RSAUtils.encryptedString of the reversed text", () => {
    const r = "Ab3dEf7hIj9kLm0n";
    expect(platformDecrypt(rsaEncryptReversed(r, modulusHex), n, d)).toBe(r);
  });

  it("is deterministic (no padding)", () => {
    expect(rsaEncryptReversed("x", modulusHex)).toBe(rsaEncryptReversed("x", modulusHex));
  });
});

describe("encryptPayload", () => {
  it("produces what the platform can read back: DES body, RSA key header, key id and digest", () => {
    const payload = { username: "demo01", password: "demo1234", loginDeviceId: "abc" };
    const result = encryptPayload(payload, modulusHex);
    if (!result.success) throw new Error("expected success");
    expect(result.rsaKey).toBe(modulusHex);
    const r = platformDecrypt(result.headers.Encryption!, n, d);
    expect(r).toMatch(/^[A-Za-z0-9]{16}$/);
    const plain = CryptoJS.DES.decrypt(result.DES, CryptoJS.enc.Utf8.parse(r.slice(0, 8)), {
      mode: CryptoJS.mode.ECB,
      padding: CryptoJS.pad.Pkcs7,
    }).toString(CryptoJS.enc.Utf8);
    expect(JSON.parse(plain)).toEqual(payload);
    expect(result.headers["X-RSA"]).toBe(rsaKeyId(modulusHex));
    expect(result.headers["X-Digest"]).toBe(md5Hex(plain + r));
  });

  it("says Missing Encryption without a key", () => {
    expect(encryptPayload({ a: 1 }, null)).toEqual({ success: false, message: "Missing Encryption" });
  });
});

describe("parseRsaModulus", () => {
  it("reads hex text, a JSON string in quotes, and refuses anything else", () => {
    expect(parseRsaModulus(` ${modulusHex}\n`)).toBe(modulusHex);
    expect(parseRsaModulus(JSON.stringify(modulusHex.toUpperCase()))).toBe(modulusHex);
    expect(parseRsaModulus("<html>502</html>")).toBeNull();
    expect(parseRsaModulus("abc")).toBeNull();
  });
});
