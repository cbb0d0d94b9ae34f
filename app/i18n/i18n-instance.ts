import type EN from "../locales/EN.json";

export const I18N_NAMESPACE = "common";

/** Every dictionary has the English keys (tests/unit/locales.test.ts checks it). */
export type Translations = Record<keyof typeof EN, string>;
export type TranslationKey = keyof typeof EN;
