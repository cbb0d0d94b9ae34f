import { LANGUAGES, toLanguageCode, type LanguageCode } from "../../i18n/languages";

/** Platform code for a BCP 47 tag from Accept-Language: exact tag first, then the primary subtag. */
function codeForTag(tag: string): LanguageCode | null {
  const lower = tag.toLowerCase();
  const exact = LANGUAGES.find((l) => l.tag.toLowerCase() === lower);
  if (exact) return exact.code;
  const primary = lower.split("-")[0];
  if (primary === "zh") return /hant|tw|hk|mo/.test(lower) ? "TW" : "CN";
  if (primary === "fil") return "TY";
  return LANGUAGES.find((l) => l.tag.toLowerCase() === primary)?.code ?? null;
}

export function languageFromAcceptLanguage(header: string | null): LanguageCode | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 512)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.tag && r.tag !== "*" && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const code = codeForTag(tag);
    if (code) return code;
  }
  return null;
}

export type LanguageSources = {
  query: string | null;
  cookie: string | null;
  member: string | null;
  acceptLanguage: string | null;
  merchantDefault: LanguageCode;
};

/** Order: query, cookie, member, Accept-Language, merchant default (docs/behaviour/session.md#language-cookie). */
export function detectLanguage(sources: LanguageSources): LanguageCode {
  return (
    toLanguageCode(sources.query) ??
    toLanguageCode(sources.cookie) ??
    toLanguageCode(sources.member) ??
    languageFromAcceptLanguage(sources.acceptLanguage) ??
    sources.merchantDefault
  );
}
