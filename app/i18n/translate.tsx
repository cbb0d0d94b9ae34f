import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { LanguageCode } from "./languages";
import type { Translations } from "./i18n-instance";
import { createTranslate, type Translate } from "./translator";

// The browser only ever shows the one dictionary the root loader sent, and a language change reloads the data, so
// React needs the engine the server uses (./translator) over that dictionary, not i18next's 20 KiB
// (docs/decisions/0006, 0030).

export type { Translate, TranslateValues } from "./translator";

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
