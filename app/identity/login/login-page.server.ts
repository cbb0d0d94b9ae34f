// The /m/login loader's data: which modes, captcha, dialling codes and prefill the merchant's settings ask for.
import type { AppContext } from "../../lib/context.server";
import type { LoginMode, LoginPageData, LoginPrefill } from "./types";
import type { Country } from "../types";
import { captchaSetupFromSettings } from "../../captcha/captcha.server";
import { getCountries, getSiteSettings, siteSettingsSchema } from "../../.server/platform/site";
import { readRememberedLogin } from "../remembered-login.server";
import { SESSION_ENDED_PARAM } from "../guard.server";
import { smsByFirebase } from "../firebase/firebase-config.server";

/**
 * The picker shows when UPDATEMOBILEICC3 is on or SMS goes through the identity provider, and a list exists
 * (docs/behaviour/identity.md#country-picker).
 */
export function showCountryPicker(
  flags: { updateMobileIcc: boolean; smsFirebase: boolean },
  list: { countryCode?: string; countryDialingCode?: string; countries: Country[] } | null,
): boolean {
  if (!flags.updateMobileIcc && !flags.smsFirebase) return false;
  return !!list && !!list.countryCode && !!list.countryDialingCode && list.countries.length > 0;
}

/** "+84900000001" → {"84", "900000001"} using the known dialling codes (longest first). */
export function splitWireMobile(wire: string, codes: readonly string[]): { countryDialingCode: string; mobileNum: string } | null {
  if (!wire.startsWith("+")) return null;
  const digits = wire.slice(1);
  const code = [...codes].sort((a, b) => b.length - a.length).find((c) => c && digits.startsWith(c));
  return code ? { countryDialingCode: code, mobileNum: digits.slice(code.length) } : null;
}

export async function loadLoginPage(request: Request, context: AppContext): Promise<LoginPageData> {
  const url = new URL(request.url);
  const redirectUrl = url.searchParams.get("redirectUrl")?.slice(0, 2048) ?? null;

  // The same read as the shell's, so made once per request; unreadable settings mean the defaults (no captcha, no SMS).
  const read = await getSiteSettings(context.platform);
  const settings = read.ok ? read.value : siteSettingsSchema.parse({});
  const smsEnabled = settings.login?.sms === true;
  const smsFirebase = settings.sms.firebase === true;
  const updateMobileIcc = settings.flags.updateMobileIcc;

  // Also for the two-factor SMS tab, which any merchant may need.
  const needCountries = updateMobileIcc || smsFirebase;
  const countryList = needCountries ? await getCountries(context.platform) : null;
  const list = countryList?.ok
    ? {
        countryCode: countryList.value.countryCode,
        countryDialingCode: countryList.value.countryDialingCode,
        countries: countryList.value.countries.map((c) => ({ countryCode: c.countryCode, countryDialingCode: c.countryDialingCode })),
      }
    : null;
  const countries = showCountryPicker({ updateMobileIcc, smsFirebase }, list) ? list!.countries : null;
  const defaultDialingCode = list?.countryDialingCode || settings.countryDialingCode || "";

  const remembered = await readRememberedLogin(request, context.cloudflare.env.SESSION_SECRET);
  const prefill: LoginPrefill = { username: "", countryDialingCode: defaultDialingCode, mobileNum: "", remember: !!remembered };
  if (remembered?.login.type === "username" && remembered.login.merchant === context.merchant.merchantCode) {
    prefill.username = remembered.login.username;
  } else if (remembered?.login.type === "sms") {
    const split = splitWireMobile(remembered.login.mobileNum, [...(countries ?? []).map((c) => c.countryDialingCode), defaultDialingCode]);
    if (split) Object.assign(prefill, split);
  }

  const asked = url.searchParams.get("mode");
  const mode: LoginMode = smsEnabled && (asked === "sms" || (asked === null && remembered?.login.type === "sms")) ? "sms" : "username";

  return {
    mode,
    settings: {
      smsEnabled,
      captcha: { login: settings.captcha.login === true, sms: settings.captcha.sms === true },
      defaultDialingCode,
      countries,
      smsByFirebase: smsByFirebase(settings.sms),
    },
    captcha: {
      login: captchaSetupFromSettings(read.ok ? read.value : null, "login", context.merchant.captchaScriptServers),
      sms: captchaSetupFromSettings(read.ok ? read.value : null, "sms", context.merchant.captchaScriptServers),
    },
    prefill,
    redirectUrl,
    sessionEnded: url.searchParams.get(SESSION_ENDED_PARAM) === "1",
  };
}
