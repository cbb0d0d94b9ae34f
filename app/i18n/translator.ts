import type { TranslationKey, Translations } from "./i18n-instance";

// The one translation engine, on the server and in the browser (docs/decisions/0030): a dictionary lookup with {{name}}
// interpolation. The dictionaries use nothing else (no plurals, nesting or formatting), and every one of them has
// every English key (tests/unit/locales.test.ts), so a lookup never needs a fallback language. Plain module: server
// code imports it without React.

export type TranslateValues = Record<string, string | number>;
export type Translate = (key: TranslationKey, values?: TranslateValues) => string;

/** Replaces each {{name}} with its value; a placeholder without a value stays as written. */
export function interpolate(text: string, values?: TranslateValues): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A translator over one dictionary; an unknown key shows as itself, so a missing text is visible, not blank. */
export function createTranslate(translations: Partial<Translations>): Translate {
  return (key, values) => interpolate(translations[key] ?? key, values);
}
