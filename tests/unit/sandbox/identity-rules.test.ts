import { describe, expect, it } from "vitest";
import { candidateUsername, isValidPassword, isValidUsername } from "../../../workers/wps-sandbox/identity-rules";
import { maskMobile, parseMobile } from "../../../workers/wps-sandbox/phone";

describe("registration rules", () => {
  it("usernames: 4-16 letters or digits, starting with a letter", () => {
    for (const ok of ["abcd", "Demo01", "a123", "abcdefghijklmnop", "Z9z9"]) expect(isValidUsername(ok), ok).toBe(true);
    for (const bad of ["", "abc", "1abc", "abcdefghijklmnopq", "ab_cd", "ab cd", "abçd", "ab-cd", " abcd"]) {
      expect(isValidUsername(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("passwords: 6-20 letters and digits only", () => {
    for (const ok of ["abc123", "demo1234", "Default123", "ABCDEF", "123456", "a".repeat(20)]) expect(isValidPassword(ok), ok).toBe(true);
    for (const bad of ["", "abc12", "a".repeat(21), "abc 123", "abc123!", "pässword1"]) {
      expect(isValidPassword(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("auto usernames are u + 7 digits and valid usernames", () => {
    for (let i = 0; i < 50; i++) {
      const name = candidateUsername();
      expect(name).toMatch(/^u\d{7}$/);
      expect(isValidUsername(name)).toBe(true);
    }
  });
});

describe("phone numbers", () => {
  it("reads + dialling code + national number", () => {
    expect(parseMobile("+84912345678", "84")).toEqual({ mobileNum: "+84912345678", dialingCode: "84", national: "912345678" });
    expect(parseMobile("+1900000001", "1")).toEqual({ mobileNum: "+1900000001", dialingCode: "1", national: "900000001" });
    // Without the code, the longest known prefix: 880 (BD), not 88x.
    expect(parseMobile("+8801712345678")).toMatchObject({ dialingCode: "880", national: "1712345678" });
    expect(parseMobile("+5511987654321", "+55")).toMatchObject({ dialingCode: "55" });
  });

  it("refuses malformed numbers", () => {
    for (const [mobile, code] of [
      ["84912345678", "84"], // no +
      ["+84 912 345 678", "84"],
      ["+84912345678", "66"], // code does not match
      ["+99912345678", "999"], // unknown code
      ["+8412345", "84"], // national too short
      ["+841234567890123", "84"], // national too long
      ["", "84"],
      ["+", undefined],
    ] as const) {
      expect(parseMobile(mobile, code), `${mobile} / ${code}`).toBeNull();
    }
  });

  it("masks all but the dialling code and last four digits", () => {
    expect(maskMobile("+84900000005", "84")).toBe("+84*****0005");
    expect(maskMobile("+1900000001", "1")).toBe("+1*****0001");
  });
});
