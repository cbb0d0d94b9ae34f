import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "../../app/i18n/languages";

const dir = join(__dirname, "../../app/locales");
const read = (code: string): Record<string, string> => JSON.parse(readFileSync(join(dir, `${code}.json`), "utf8"));
const english = read("EN");
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("dictionaries", () => {
  it("exist for exactly the twenty languages", () => {
    expect(
      readdirSync(dir)
        .map((f) => f.replace(/\.json$/, ""))
        .sort(),
    ).toEqual([...LANGUAGE_CODES].sort());
  });

  describe.each(LANGUAGE_CODES.filter((c) => c !== "EN"))("%s", (code) => {
    const dictionary = read(code);
    it("has every English key and no other", () => {
      expect(Object.keys(dictionary).sort()).toEqual(Object.keys(english).sort());
    });
    it("keeps every placeholder and translates the text", () => {
      for (const [key, text] of Object.entries(english)) {
        const translated = dictionary[key] ?? "";
        expect(translated.trim(), key).not.toBe("");
        expect(placeholders(translated), key).toEqual(placeholders(text));
        if (text.length > 12) expect(translated, `${key} is still English`).not.toBe(text);
      }
    });
  });
});
