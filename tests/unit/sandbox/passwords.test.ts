import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../../workers/wps-sandbox/passwords";

describe("password hashes", () => {
  it("verifies the right password only", async () => {
    const stored = await hashPassword("demo1234");
    expect(stored.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.hash).not.toContain("demo1234");
    expect(await verifyPassword("demo1234", stored)).toBe(true);
    expect(await verifyPassword("demo12345", stored)).toBe(false);
  });

  it("salts each hash", async () => {
    const a = await hashPassword("demo1234");
    const b = await hashPassword("demo1234");
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
  });
});
