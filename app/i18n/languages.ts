// The platform's twenty language codes and the HTML tags they map to (docs/behaviour/shell.md#languages).
// Shared by server and browser: no server-only imports here.
export const LANGUAGES = [
  { code: "CN", tag: "zh-CN", name: "简体中文" },
  { code: "TW", tag: "zh-TW", name: "繁體中文" },
  { code: "EN", tag: "en", name: "English" },
  { code: "ES", tag: "es", name: "Español" },
  { code: "HI", tag: "hi", name: "हिन्दी" },
  { code: "ID", tag: "id", name: "Bahasa Indonesia" },
  { code: "JA", tag: "ja", name: "日本語" },
  { code: "KM", tag: "km", name: "ខ្មែរ" },
  { code: "KO", tag: "ko", name: "한국어" },
  { code: "MY", tag: "my", name: "မြန်မာ" },
  { code: "TA", tag: "ta", name: "தமிழ்" },
  { code: "TH", tag: "th", name: "ไทย" },
  { code: "VI", tag: "vi", name: "Tiếng Việt" },
  { code: "TY", tag: "tl", name: "Tagalog" },
  { code: "UR", tag: "ur", name: "اردو" },
  { code: "PT", tag: "pt", name: "Português" },
  { code: "PT-BR", tag: "pt-BR", name: "Português (Brasil)" },
  { code: "MS", tag: "ms", name: "Bahasa Melayu" },
  { code: "BN", tag: "bn", name: "বাংলা" },
  { code: "TR", tag: "tr", name: "Türkçe" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];

const RTL: ReadonlySet<LanguageCode> = new Set<LanguageCode>(["UR"]);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** Accepts the platform code in any letter case ("vi", "pt-br"). */
export function toLanguageCode(value: string | null | undefined): LanguageCode | null {
  if (!value) return null;
  const upper = value.trim().toUpperCase();
  return isLanguageCode(upper) ? upper : null;
}

export function htmlLang(code: LanguageCode): string {
  return LANGUAGES.find((l) => l.code === code)?.tag ?? "en";
}

export function textDirection(code: LanguageCode): "ltr" | "rtl" {
  return RTL.has(code) ? "rtl" : "ltr";
}
