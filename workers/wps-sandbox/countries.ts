/** Countries the sandbox offers for SMS dialling codes. */
export interface Country {
  countryCode: string;
  countryDialingCode: string;
}

export const COUNTRIES: readonly Country[] = [
  { countryCode: "VN", countryDialingCode: "84" },
  { countryCode: "TH", countryDialingCode: "66" },
  { countryCode: "ID", countryDialingCode: "62" },
  { countryCode: "PH", countryDialingCode: "63" },
  { countryCode: "MY", countryDialingCode: "60" },
  { countryCode: "IN", countryDialingCode: "91" },
  { countryCode: "PK", countryDialingCode: "92" },
  { countryCode: "BD", countryDialingCode: "880" },
  { countryCode: "BR", countryDialingCode: "55" },
  { countryCode: "KH", countryDialingCode: "855" },
  { countryCode: "MM", countryDialingCode: "95" },
  { countryCode: "US", countryDialingCode: "1" },
];

/** The list with the merchant's own country first, the rest in their usual order. */
export function countriesFor(defaultCode: string): Country[] {
  const first = COUNTRIES.filter((c) => c.countryCode === defaultCode);
  const rest = COUNTRIES.filter((c) => c.countryCode !== defaultCode);
  return [...first, ...rest];
}
