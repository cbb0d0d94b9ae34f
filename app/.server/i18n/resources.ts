import type { LanguageCode } from "../../i18n/languages";
import type { Translations } from "../../i18n/i18n-instance";
import { createTranslate, type Translate } from "../../i18n/translator";
import BN from "../../locales/BN.json";
import CN from "../../locales/CN.json";
import EN from "../../locales/EN.json";
import ES from "../../locales/ES.json";
import HI from "../../locales/HI.json";
import ID from "../../locales/ID.json";
import JA from "../../locales/JA.json";
import KM from "../../locales/KM.json";
import KO from "../../locales/KO.json";
import MS from "../../locales/MS.json";
import MY from "../../locales/MY.json";
import PT_BR from "../../locales/PT-BR.json";
import PT from "../../locales/PT.json";
import TA from "../../locales/TA.json";
import TH from "../../locales/TH.json";
import TR from "../../locales/TR.json";
import TW from "../../locales/TW.json";
import TY from "../../locales/TY.json";
import UR from "../../locales/UR.json";
import VI from "../../locales/VI.json";

// Every dictionary lives in the Worker; the browser receives only the one it shows.
const DICTIONARIES: Record<LanguageCode, Translations> = {
  CN,
  TW,
  EN,
  ES,
  HI,
  ID,
  JA,
  KM,
  KO,
  MY,
  TA,
  TH,
  VI,
  TY,
  UR,
  PT,
  "PT-BR": PT_BR,
  MS,
  BN,
  TR,
};

export function translationsFor(language: LanguageCode): Translations {
  return DICTIONARIES[language];
}

const dictionaryTexts = new Map<LanguageCode, string>();

/**
 * The dictionary as one JSON text, made once per language and isolate. Pages hand it to the browser as a single
 * string: serialising hundreds of entries one by one on every page cost more CPU than all of React's rendering of
 * some pages (docs/decisions/0043-dictionary-as-one-text.md).
 */
export function dictionaryTextFor(language: LanguageCode): string {
  let text = dictionaryTexts.get(language);
  if (text === undefined) {
    text = JSON.stringify(DICTIONARIES[language]);
    dictionaryTexts.set(language, text);
  }
  return text;
}

/**
 * A translator for server-rendered text outside React (page titles, the Worker's own error and offline pages): the
 * browser's engine over the same dictionary, so a text reads the same wherever it is rendered (docs/decisions/0030).
 * Still a promise, as remix-i18next's was, so the loaders that await it stayed as they were; the lookup is immediate.
 */
export async function getServerT(language: LanguageCode): Promise<Translate> {
  return createTranslate(DICTIONARIES[language]);
}
