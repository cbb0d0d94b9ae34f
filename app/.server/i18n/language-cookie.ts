// The visitor's chosen language, as the plain platform code (`language=VI`): the platform's other same-origin apps
// read and write this cookie too, so it is not signed or encoded, and whatever it holds is only a hint
// (docs/behaviour/session.md#language-cookie). Remix's createCookie would write base64 JSON (`IlZJIg==`), which those
// apps cannot read, so this cookie goes through the `cookie` package Remix itself parses with
// (docs/decisions/0031-cookies.md).
import { parse, serialize } from "cookie";
import { toLanguageCode, type LanguageCode } from "../../i18n/languages";

export const LANGUAGE_COOKIE = "language";
const ONE_YEAR = 60 * 60 * 24 * 365;

/** Reads `value` as a code, also in the base64-JSON form earlier versions wrote ("IlZJIg==" → "VI"). */
function codeOf(value: string): LanguageCode | null {
  const plain = toLanguageCode(value);
  if (plain) return plain;
  if (!/^[A-Za-z0-9+/=]{4,16}$/.test(value)) return null;
  try {
    const decoded: unknown = JSON.parse(atob(value));
    return typeof decoded === "string" ? toLanguageCode(decoded) : null;
  } catch {
    return null;
  }
}

export type LanguageCookie = { code: LanguageCode | null; present: boolean };

/** Never throws: a value that is not one of the twenty codes counts as absent. */
export function readLanguageCookie(cookieHeader: string | null): LanguageCookie {
  if (!cookieHeader) return { code: null, present: false };
  let raw: string | undefined;
  try {
    raw = parse(cookieHeader)[LANGUAGE_COOKIE];
  } catch {
    return { code: null, present: false };
  }
  if (raw === undefined) return { code: null, present: false };
  return { code: codeOf(raw.trim()), present: true };
}

export function serializeLanguageCookie(code: LanguageCode): string {
  return serialize(LANGUAGE_COOKIE, code, { path: "/", sameSite: "lax", maxAge: ONE_YEAR });
}

/** Whether the stored value should be rewritten: unreadable, or still in the old encoded form. */
export function languageCookieNeedsRewrite(cookieHeader: string | null, cookie: LanguageCookie): boolean {
  if (!cookie.present) return false;
  if (!cookie.code) return true;
  try {
    return parse(cookieHeader ?? "")[LANGUAGE_COOKIE] !== cookie.code;
  } catch {
    return true;
  }
}
