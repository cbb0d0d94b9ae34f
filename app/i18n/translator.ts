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

// The last few dictionaries read, by their text: a server isolate answers pages in several languages at once.
const readDictionaries = new Map<string, Partial<Translations>>();
const KEPT_DICTIONARIES = 4;

/**
 * The dictionary the root loader sends as one JSON text (docs/decisions/0043-dictionary-as-one-text.md), parsed once
 * per text: the page, its title and its error page read the same one. A text that is not a JSON object reads as an
 * empty dictionary (every key then shows as itself).
 */
export function readDictionary(text: string): Partial<Translations> {
  const kept = readDictionaries.get(text);
  if (kept) return kept;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const dictionary = parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Partial<Translations>) : {};
  if (readDictionaries.size >= KEPT_DICTIONARIES) readDictionaries.delete(readDictionaries.keys().next().value!);
  readDictionaries.set(text, dictionary);
  return dictionary;
}
