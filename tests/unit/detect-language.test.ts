import { describe, expect, it } from "vitest";
import { detectLanguage, languageFromAcceptLanguage } from "../../app/.server/i18n/detect-language";
import { htmlLang, LANGUAGES, textDirection, toLanguageCode } from "../../app/i18n/languages";

const none = { query: null, cookie: null, member: null, acceptLanguage: null, merchantDefault: "EN" as const };

describe("detectLanguage", () => {
  it("takes the query first, then the cookie, the member, Accept-Language and the merchant default", () => {
    const all = { query: "VI", cookie: "TH", member: "JA", acceptLanguage: "ko-KR", merchantDefault: "EN" as const };
    expect(detectLanguage(all)).toBe("VI");
    expect(detectLanguage({ ...all, query: null })).toBe("TH");
    expect(detectLanguage({ ...all, query: null, cookie: null })).toBe("JA");
    expect(detectLanguage({ ...all, query: null, cookie: null, member: null })).toBe("KO");
    expect(detectLanguage(none)).toBe("EN");
  });

  it("skips values that are not platform languages", () => {
    expect(detectLanguage({ ...none, query: "XX", cookie: "<script>", member: "", merchantDefault: "VI" })).toBe("VI");
  });

  it("accepts platform codes in any case", () => {
    expect(detectLanguage({ ...none, query: "pt-br" })).toBe("PT-BR");
    expect(toLanguageCode(" ur ")).toBe("UR");
  });
});

describe("languageFromAcceptLanguage", () => {
  it.each([
    ["vi-VN,vi;q=0.9,en;q=0.8", "VI"],
    ["pt-BR", "PT-BR"],
    ["pt-PT,pt;q=0.9", "PT"],
    ["zh-TW", "TW"],
    ["zh-Hant-HK", "TW"],
    ["zh", "CN"],
    ["fil-PH", "TY"],
    ["de-DE,ur;q=0.5", "UR"],
    ["en;q=0.1,th;q=0.9", "TH"],
    ["*", null],
    ["xx-YY", null],
    [null, null],
  ])("%s → %s", (header, code) => {
    expect(languageFromAcceptLanguage(header)).toBe(code);
  });
});

describe("languages", () => {
  it("has the twenty platform codes with their HTML tags", () => {
    expect(LANGUAGES).toHaveLength(20);
    expect(htmlLang("TY")).toBe("tl");
    expect(htmlLang("PT-BR")).toBe("pt-BR");
  });

  it("writes only Urdu right to left", () => {
    expect(LANGUAGES.filter((l) => textDirection(l.code) === "rtl").map((l) => l.code)).toEqual(["UR"]);
  });
});
