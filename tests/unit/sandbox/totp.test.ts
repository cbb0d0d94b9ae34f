import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { base32Decode, hotp, totp, verifyTotp } from "../../../workers/wps-sandbox/totp";

// RFC 6238 appendix B: SHA-1, seed "12345678901234567890" (ASCII), 8 digits, 30 s steps.
const RFC_SEED = new TextEncoder().encode("12345678901234567890");
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

/** An independent TOTP (node:crypto) to cross-check the WebCrypto one. */
function referenceTotp(key: Uint8Array, timeMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[19]! & 0x0f;
  return String(mac.readUInt32BE(offset) & 0x7fffffff)
    .slice(-6)
    .padStart(6, "0");
}

const DEMO_SECRET = "JBSWY3DPEHPK3PXP";

describe("TOTP (RFC 6238, HMAC-SHA1)", () => {
  it.each(RFC_VECTORS)("matches the RFC vector at T=%i", async (seconds, code) => {
    expect(await totp(RFC_SEED, seconds * 1000, 8)).toBe(code);
  });

  it("gives the 6-digit codes (last six digits of the RFC values)", async () => {
    for (const [seconds, code] of RFC_VECTORS) expect(await totp(RFC_SEED, seconds * 1000)).toBe(code.slice(-6));
  });

  it("matches RFC 4226 HOTP vectors", async () => {
    const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    for (const [counter, code] of expected.entries()) expect(await hotp(RFC_SEED, counter)).toBe(code);
  });

  it("decodes base32", () => {
    expect(Buffer.from(base32Decode(DEMO_SECRET)!).toString("hex")).toBe("48656c6c6f21deadbeef");
    expect(Buffer.from(base32Decode("jbsw y3dp-ehpk3pxp")!).toString("hex")).toBe("48656c6c6f21deadbeef");
    expect(base32Decode("GEZDGNBVGY3TQOJQ")).toEqual(new TextEncoder().encode("1234567890"));
    expect(base32Decode("not base32!")).toBeNull();
    expect(base32Decode("A1")).toBeNull();
  });

  it("agrees with an independent implementation for the demo secret", async () => {
    const key = base32Decode(DEMO_SECRET)!;
    for (const t of [0, 1_700_000_000_000, 1_763_000_123_456, Date.now()]) {
      expect(await totp(key, t)).toBe(referenceTotp(key, t));
    }
  });

  it("accepts the current step and one either side, nothing further", async () => {
    const key = base32Decode(DEMO_SECRET)!;
    const now = 1_763_000_015_000; // mid-step
    for (const [delta, accepted] of [
      [0, true],
      [-30_000, true],
      [30_000, true],
      [-60_000, false],
      [60_000, false],
    ] as const) {
      const code = await totp(key, now + delta);
      expect(await verifyTotp(DEMO_SECRET, code, now), `offset ${delta}`).toBe(accepted);
    }
  });

  it("rejects malformed codes and secrets", async () => {
    const now = 1_763_000_015_000;
    const code = await totp(base32Decode(DEMO_SECRET)!, now);
    expect(await verifyTotp(DEMO_SECRET, ` ${code.slice(0, 3)} ${code.slice(3)} `, now)).toBe(true);
    expect(await verifyTotp(DEMO_SECRET, code.slice(0, 5), now)).toBe(false);
    expect(await verifyTotp(DEMO_SECRET, `${code}0`, now)).toBe(false);
    expect(await verifyTotp(DEMO_SECRET, "abcdef", now)).toBe(false);
    expect(await verifyTotp("!!!", code, now)).toBe(false);
  });
});
