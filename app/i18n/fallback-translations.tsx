import { createContext, useContext, useState } from "react";
import type { LanguageCode } from "./languages";
import type { Translations } from "./i18n-instance";

// An error page rendered without the root loader's data (a failed action, a method the route does not take) still
// speaks the visitor's language: the server hands the dictionary to React through this context, and the page embeds
// it as JSON so the browser hydrates with the same texts.

export type FallbackTranslations = { language: LanguageCode; translations: Partial<Translations> };

export const FallbackTranslationsContext = createContext<FallbackTranslations | null>(null);

export const FALLBACK_TRANSLATIONS_ID = "fallback-translations";

function readEmbedded(): FallbackTranslations | null {
  if (typeof document === "undefined") return null;
  const text = document.getElementById(FALLBACK_TRANSLATIONS_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FallbackTranslations;
  } catch {
    return null;
  }
}

export function useFallbackTranslations(): FallbackTranslations | null {
  const fromServer = useContext(FallbackTranslationsContext);
  const [embedded] = useState(readEmbedded);
  return fromServer ?? embedded;
}

/** The dictionary as an inert JSON script (`<` escaped so no text can close the element). */
export function FallbackTranslationsScript({ value }: { value: FallbackTranslations }) {
  return (
    <script
      type="application/json"
      id={FALLBACK_TRANSLATIONS_ID}
      dangerouslySetInnerHTML={{ __html: JSON.stringify(value).replace(/</g, "\\u003c") }}
    />
  );
}
