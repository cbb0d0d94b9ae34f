import { describe, expect, it } from "vitest";
import {
  decodeReversedLittleEndian,
  decryptRandomKey,
  decryptRequest,
  DecryptionError,
  desDecrypt,
  desEncrypt,
  generateRsaKey,
  modPow,
  rsaKeyId,
  type EncryptedRequest,
  type RsaKey,
} from "../../../workers/wps-sandbox/encryption";
import { encodeReversedLittleEndian, encryptCall, md5, rsaEncryptKey } from "./wire-client";
import * as v from "./vectors";

/** A small key from two Mersenne primes (2^89-1, 2^107-1); large enough for a 16-byte r. */
const TOY_KEY: RsaKey = {
  n: "ffffffffffffffffffffff7fffe0000000000000000000001",
  d: "2781d87e2781d87e2781d856a59f79e0861f79e0861f79e09",
};

function request(overrides: Partial<EncryptedRequest> = {}): EncryptedRequest {
  return { encryption: v.ENCRYPTION, xRsa: v.X_RSA, xDigest: v.X_DIGEST, body: v.BODY, ...overrides };
}

describe("RSA little-endian reverse encoding", () => {
  it("reads bytes little-endian and reverses them back to r", () => {
    // reverse("AB") = "BA": m = 0x42 + 0x41 * 256 = 0x4142
    expect(decodeReversedLittleEndian(0x4142n)).toBe("AB");
    expect(encodeReversedLittleEndian("AB")).toBe(0x4142n);
  });

  it("makes m the big-endian reading of r itself", () => {
    expect(encodeReversedLittleEndian(v.R).toString(16)).toBe("4162336445663768496a396b4c6d306e");
    expect(decodeReversedLittleEndian(BigInt("0x4162336445663768496a396b4c6d306e"))).toBe(v.R);
  });

  it("decrypts the Encryption header with a small known key", () => {
    // c computed with Python: pow(int.from_bytes(r[::-1], 'little'), 65537, n)
    expect(decryptRandomKey("d2c884641d6a7ec8e75c0860b6acfb86273f7c72b9dc5dc92", TOY_KEY)).toBe(v.R);
    expect(rsaEncryptKey(v.R, TOY_KEY.n)).toBe("d2c884641d6a7ec8e75c0860b6acfb86273f7c72b9dc5dc92");
  });

  it("decrypts an openssl-generated 1024-bit key vector", () => {
    expect(decryptRandomKey(v.ENCRYPTION, v.KEY)).toBe(v.R);
  });

  it("rejects values that are not a 16-character alphanumeric key", () => {
    expect(() => decryptRandomKey("zz", v.KEY)).toThrow(DecryptionError);
    expect(() => decryptRandomKey(`1${v.KEY.n}`, v.KEY)).toThrow(DecryptionError); // c >= n
    expect(() => decryptRandomKey("12345", v.KEY)).toThrow(DecryptionError);
  });

  it("modPow agrees with small cases", () => {
    expect(modPow(4n, 13n, 497n)).toBe(445n);
    expect(modPow(5n, 0n, 7n)).toBe(1n);
  });
});

describe("DES-ECB-PKCS7", () => {
  it("matches openssl for a known vector", () => {
    expect(desEncrypt("hello", "12345678")).toBe(v.DES_HELLO);
    expect(desDecrypt(v.DES_HELLO, "12345678")).toBe("hello");
  });

  it("decrypts the wire body with r[0..8]", () => {
    expect(desDecrypt(v.BODY, v.R.slice(0, 8))).toBe(v.PAYLOAD);
  });

  it("round-trips non-ASCII text", () => {
    const text = '{"brand":"VN88 Xổ Số","symbol":"R$"}';
    expect(desDecrypt(desEncrypt(text, "k3yK3y00"), "k3yK3y00")).toBe(text);
  });

  it("reports a wrong key or damaged body instead of returning garbage", () => {
    expect(() => desDecrypt(v.BODY, "XXXXXXXX")).toThrow(DecryptionError);
    expect(() => desDecrypt("not base64!", "12345678")).toThrow(DecryptionError);
    expect(() => desDecrypt("", "12345678")).toThrow(DecryptionError);
    expect(() => desDecrypt("AAAA", "12345678")).toThrow(DecryptionError); // 3 bytes: not a block
  });
});

describe("X-RSA and X-Digest", () => {
  it("X-RSA is the first 16 hex chars of MD5(hex modulus)", () => {
    expect(rsaKeyId(v.KEY.n)).toBe(v.X_RSA);
  });

  it("X-Digest is MD5(plaintext + r)", () => {
    expect(md5(v.PAYLOAD + v.R)).toBe(v.X_DIGEST);
  });
});

describe("decryptRequest", () => {
  it("accepts the fixed vector", () => {
    const result = decryptRequest(request(), v.KEY);
    expect(result).toMatchObject({ ok: true, randomKey: v.R, plaintext: v.PAYLOAD });
    expect(result.ok && result.payload).toEqual(JSON.parse(v.PAYLOAD));
  });

  it("refuses missing headers", () => {
    for (const missing of ["encryption", "xRsa", "xDigest"] as const) {
      expect(decryptRequest(request({ [missing]: null }), v.KEY)).toMatchObject({
        ok: false,
        errorCode: "encryption.missing",
      });
    }
    expect(decryptRequest(request({ xDigest: "  " }), v.KEY)).toMatchObject({ errorCode: "encryption.missing" });
  });

  it("refuses a key id for another modulus", () => {
    expect(decryptRequest(request({ xRsa: "0000000000000000" }), v.KEY)).toMatchObject({
      errorCode: "encryption.key.mismatch",
    });
  });

  it("refuses undecryptable input", () => {
    expect(decryptRequest(request({ encryption: "abc" }), v.KEY)).toMatchObject({
      errorCode: "encryption.decrypt.failed",
    });
    expect(decryptRequest(request({ body: desEncrypt("not json", v.R.slice(0, 8)) }), v.KEY)).toMatchObject({
      errorCode: "encryption.decrypt.failed",
    });
  });

  it("refuses a digest that does not match", () => {
    expect(decryptRequest(request({ xDigest: md5(v.PAYLOAD) }), v.KEY)).toMatchObject({
      errorCode: "encryption.digest.mismatch",
    });
  });

  it("accepts upper-case hex headers", () => {
    const result = decryptRequest(
      request({ encryption: v.ENCRYPTION.toUpperCase(), xRsa: v.X_RSA.toUpperCase(), xDigest: v.X_DIGEST.toUpperCase() }),
      v.KEY,
    );
    expect(result.ok).toBe(true);
  });
});

describe("generated keys", () => {
  it("makes a 1024-bit key that round-trips a client-encrypted request", async () => {
    const key = await generateRsaKey();
    expect(key.n).toMatch(/^[89a-f][0-9a-f]{255}$/);
    const payload = { username: "demo01", password: "demo1234", nested: { list: [1, "two"] } };
    const call = encryptCall(payload, key.n);
    const result = decryptRequest(
      {
        encryption: call.headers.Encryption,
        xRsa: call.headers["X-RSA"],
        xDigest: call.headers["X-Digest"],
        body: call.body,
      },
      key,
    );
    expect(result).toMatchObject({ ok: true, payload, randomKey: call.r });
  });
});

describe("decryptRequest under a drift fault (headers read another way)", () => {
  it("refuses the product's X-RSA when it reads the modulus's whole MD5", () => {
    expect(decryptRequest(request(), v.KEY, ["X-RSA"])).toMatchObject({ errorCode: "encryption.key.mismatch" });
    expect(decryptRequest(request({ xRsa: md5(v.KEY.n) }), v.KEY, ["X-RSA"])).toMatchObject({ ok: true });
  });

  it("refuses the product's X-Digest when it reads MD5(key + JSON)", () => {
    expect(decryptRequest(request(), v.KEY, ["X-Digest"])).toMatchObject({ errorCode: "encryption.digest.mismatch" });
    expect(decryptRequest(request({ xDigest: md5(v.R + v.PAYLOAD) }), v.KEY, ["X-Digest"])).toMatchObject({ ok: true });
  });
});
