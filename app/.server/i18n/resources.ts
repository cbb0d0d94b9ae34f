import { RemixI18Next } from "remix-i18next/server";
import { LANGUAGE_CODES, type LanguageCode } from "../../i18n/languages";
import { I18N_NAMESPACE, type Translations } from "../../i18n/i18n-instance";
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

const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGE_CODES],
    fallbackLanguage: "EN",
    // The edge decides the language (detect-language.ts); remix-i18next only builds translators.
    findLocale: async () => null,
  },
  i18next: {
    resources: Object.fromEntries(LANGUAGE_CODES.map((code) => [code, { [I18N_NAMESPACE]: DICTIONARIES[code] }])),
    defaultNS: I18N_NAMESPACE,
    fallbackLng: "EN",
    interpolation: { escapeValue: false },
  },
});

/** A translator for server-rendered text outside React (page titles, the Worker's own error pages). */
export function getServerT(language: LanguageCode) {
  return i18n.getFixedT(language, I18N_NAMESPACE);
}
