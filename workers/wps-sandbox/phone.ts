// Phone numbers on the wire: `mobileNum` is "+" + dialling code + national
// number ("+84912345678"), `countryDialingCode` the bare code ("84").
import { COUNTRIES } from "./countries";

export interface Mobile {
  /** "+84912345678" */
  mobileNum: string;
  /** "84" */
  dialingCode: string;
  /** "912345678" */
  national: string;
}

const NATIONAL_MIN = 6;
const NATIONAL_MAX = 12;

/**
 * Reads a wire phone number. With `countryDialingCode` the number must start
 * with "+" and that code; without it, the longest known dialling code that
 * prefixes the number is used. Null when malformed or the code is unknown.
 */
export function parseMobile(mobileNum: string, countryDialingCode?: string | null): Mobile | null {
  const value = mobileNum.trim();
  if (!/^\+\d+$/.test(value)) return null;
  const digits = value.slice(1);
  const known = COUNTRIES.map((c) => c.countryDialingCode);
  let code: string | undefined;
  if (countryDialingCode !== undefined && countryDialingCode !== null && countryDialingCode.trim() !== "") {
    const given = countryDialingCode.trim().replace(/^\+/, "");
    if (!known.includes(given) || !digits.startsWith(given)) return null;
    code = given;
  } else {
    code = known.filter((c) => digits.startsWith(c)).sort((a, b) => b.length - a.length)[0];
    if (code === undefined) return null;
  }
  const national = digits.slice(code.length);
  if (national.length < NATIONAL_MIN || national.length > NATIONAL_MAX) return null;
  return { mobileNum: value, dialingCode: code, national };
}

/** "+84*****0005": the dialling code and the last four digits stay visible. */
export function maskMobile(mobileNum: string, dialingCode: string): string {
  const national = mobileNum.replace(/^\+/, "").slice(dialingCode.length);
  const visible = national.slice(-4);
  return `+${dialingCode}${"*".repeat(Math.max(national.length - visible.length, 0))}${visible}`;
}
