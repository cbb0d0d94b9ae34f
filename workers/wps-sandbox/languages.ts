/** The platform's twenty language codes (docs/behaviour/shell.md#languages). */
export const LANGUAGES = [
  "CN",
  "TW",
  "EN",
  "ES",
  "HI",
  "ID",
  "JA",
  "KM",
  "KO",
  "MY",
  "TA",
  "TH",
  "VI",
  "TY",
  "UR",
  "PT",
  "PT-BR",
  "MS",
  "BN",
  "TR",
] as const;

export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}
