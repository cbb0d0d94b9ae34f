// The country whose flag stands for a language (docs/behaviour/shell.md#language-flags): 22 entries, the twenty
// languages and two regional variants the platform's older front end also knew (HK, EN-GB). Server-side: the root
// loader sends the one flag the page shows.
import type { LanguageCode } from "./languages";

export const LANGUAGE_COUNTRIES: Readonly<Record<LanguageCode | "HK" | "EN-GB", string>> = {
  CN: "CN",
  TW: "TW",
  HK: "HK",
  EN: "US",
  "EN-GB": "GB",
  ES: "ES",
  HI: "IN",
  ID: "ID",
  JA: "JP",
  KM: "KH",
  KO: "KR",
  MY: "MM",
  TA: "IN",
  TH: "TH",
  VI: "VN",
  TY: "PH",
  UR: "PK",
  PT: "PT",
  "PT-BR": "BR",
  MS: "MY",
  BN: "BD",
  TR: "TR",
};
