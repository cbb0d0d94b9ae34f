// One translation engine on both sides (docs/decisions/0030): the server's translator is the browser's, over the
// same dictionary.
import { describe, expect, it } from "vitest";
import { dictionaryTextFor, getServerT, translationsFor } from "../../app/.server/i18n/resources";
import { LANGUAGE_CODES } from "../../app/i18n/languages";
import { createTranslate, interpolate, readDictionary } from "../../app/i18n/translator";
import type { TranslationKey } from "../../app/i18n/i18n-instance";
import EN from "../../app/locales/EN.json";

const KEYS = Object.keys(EN) as TranslationKey[];
const VALUES = { brand: "Demo", host: "x.test", seconds: 9, mobile: "+84***1", name: "n", domain: "d.test", version: "2.5", minutes: 3 };

describe("the translation engine", () => {
  it("fills {{name}} placeholders, spaces allowed, and leaves one without a value as written", () => {
    expect(interpolate("Hi {{name}}, {{ brand }}!", { name: "Ann", brand: 7 })).toBe("Hi Ann, 7!");
    expect(interpolate("Wait {{seconds}} s", {})).toBe("Wait {{seconds}} s");
    expect(interpolate("{{a}}", undefined)).toBe("{{a}}");
  });

  it("shows an unknown key as itself", () => {
    expect(createTranslate({})("login")).toBe("login");
  });

  it.each(LANGUAGE_CODES)("server and browser give the same %s texts", async (code) => {
    const server = await getServerT(code);
    const browser = createTranslate(translationsFor(code));
    for (const key of KEYS) expect(server(key, VALUES), key).toBe(browser(key, VALUES));
  });

  it("speaks Brazilian Portuguese for PT-BR on the server too (i18next served European Portuguese there)", async () => {
    const t = await getServerT("PT-BR");
    expect(t("login")).toBe(translationsFor("PT-BR").login);
    expect(t("login")).not.toBe(translationsFor("PT").login);
  });

  it.each(["EN", "UR", "PT-BR"] as const)("the %s dictionary sent as one text reads back the same, parsed once", (code) => {
    const text = dictionaryTextFor(code);
    expect(dictionaryTextFor(code)).toBe(text);
    const read = readDictionary(text);
    expect(read).toEqual(translationsFor(code));
    expect(readDictionary(text)).toBe(read);
  });

  it("reads a text that is not a dictionary as an empty one", () => {
    for (const text of ["", "not json", "[1,2]", "null", "42"]) expect(readDictionary(text)).toEqual({});
  });
});
