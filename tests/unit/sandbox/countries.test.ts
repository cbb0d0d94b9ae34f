import { describe, expect, it } from "vitest";
import { COUNTRIES, countriesFor } from "../../../workers/wps-sandbox/countries";

describe("country list", () => {
  it("puts the merchant country first and keeps every country once", () => {
    const list = countriesFor("BR");
    expect(list[0]).toEqual({ countryCode: "BR", countryDialingCode: "55" });
    expect(list).toHaveLength(COUNTRIES.length);
    expect(new Set(list.map((c) => c.countryCode)).size).toBe(COUNTRIES.length);
  });
});
