import type EN from "../locales/EN.json";

/** Every dictionary has the English keys (tests/unit/locales.test.ts checks it). */
export type Translations = Record<keyof typeof EN, string>;
export type TranslationKey = keyof typeof EN;
