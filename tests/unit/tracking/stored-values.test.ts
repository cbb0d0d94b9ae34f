import { describe, expect, it } from "vitest";
import { parseStringList, storedExpiry } from "../../../app/tracking/stored-values";

describe("what the tracking layer reads back from web storage", () => {
  it.each([
    ['["a","b"]', ["a", "b"]],
    ["[]", []],
    ['["a",1]', []],
    ['{"0":"a"}', []],
    ['"a"', []],
    ["null", []],
  ])("a list of strings: %s", (raw, expected) => {
    expect(parseStringList(raw)).toEqual(expected);
  });

  it.each([
    ['{"expiresAt":1700000000000,"affiliateCode":"A1"}', 1700000000000],
    ['{"expiresAt":"1700000000000"}', null],
    ['{"affiliateCode":"A1"}', null],
    ["[1]", null],
    ["null", null],
    ["42", null],
  ])("an expiry: %s", (raw, expected) => {
    expect(storedExpiry(raw)).toBe(expected);
  });

  it("refuses text that is not JSON (the callers drop it)", () => {
    expect(() => parseStringList("<html>")).toThrow();
    expect(() => storedExpiry("{")).toThrow();
  });
});
