import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { LanguageCode } from "./languages";
import type { TranslationKey, Translations } from "./i18n-instance";

// The browser only ever shows the one dictionary the root loader sent, and a language change reloads the
// data, so it needs a lookup and {{name}} interpolation, not i18next's 20 KiB (docs/decisions/0006).

export type TranslateValues = Record<string, string | number>;
export type Translate = (key: TranslationKey, values?: TranslateValues) => string;

export function interpolate(text: string, values?: TranslateValues): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function createTranslate(translations: Partial<Translations>): Translate {
  return (key, values) => interpolate(translations[key] ?? key, values);
}

type TranslationState = { language: LanguageCode; t: Translate };

const TranslationContext = createContext<TranslationState>({ language: "EN", t: (key) => key });

export function TranslationProvider({
  language,
  translations,
  children,
}: {
  language: LanguageCode;
  translations: Partial<Translations>;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ language, t: createTranslate(translations) }), [language, translations]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

export function useTranslation(): TranslationState {
  return useContext(TranslationContext);
}
