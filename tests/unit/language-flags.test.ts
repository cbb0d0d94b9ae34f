import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "../../app/i18n/languages";
import { LANGUAGE_COUNTRIES } from "../../app/i18n/language-countries";
import { COUNTRIES } from "../../workers/wps-sandbox/countries";

const sprite = readFileSync(join(__dirname, "../../app/ui/flags.svg"), "utf8");
const drawn = new Set([...sprite.matchAll(/<symbol id="flag-([A-Za-z]+)"/g)].map((m) => m[1]));
const flagComponent = readFileSync(join(__dirname, "../../app/ui/Flag.tsx"), "utf8");

describe("language flags (docs/behaviour/shell.md#language-flags)", () => {
  it("the map has 22 entries: every language of the product and the two regional ones", () => {
    expect(Object.keys(LANGUAGE_COUNTRIES)).toHaveLength(22);
    for (const code of LANGUAGE_CODES) expect(LANGUAGE_COUNTRIES[code], code).toMatch(/^[A-Z]{2}$/);
  });

  it("the sprite draws every language's country and every country of the sandbox's dialling codes", () => {
    for (const country of Object.values(LANGUAGE_COUNTRIES)) expect(drawn.has(country), country).toBe(true);
    for (const { countryCode } of COUNTRIES) expect(drawn.has(countryCode), countryCode).toBe(true);
    expect(drawn.has("none")).toBe(true);
  });

  it("the component knows exactly the countries the sprite draws", () => {
    const listed = /new Set\("([A-Z ]+)"\.split/.exec(flagComponent)![1]!.split(" ");
    expect(new Set(listed)).toEqual(new Set([...drawn].filter((id) => id !== "none")));
  });
});
