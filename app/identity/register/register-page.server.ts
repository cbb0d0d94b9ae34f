// /m/register's data (docs/behaviour/registration.md): the merchant's registration settings, the codes of the address
// or stored at landing, the username the platform suggests, the dialling codes and both captcha setups.
import { data, redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../../lib/context.server";
import type { RegisterMode } from "./register-form";
import type { RegisterPageData } from "./types";
import { deviceHeader, parseDisplayMode } from "../device";
import { captchaSetupFromSettings } from "../../captcha/captcha.server";
import { getCountries, getSiteSettings } from "../../.server/platform/site";
import { smsByFirebase } from "../firebase/firebase-config.server";
import { registerSettingsFrom, suggestUsername } from "./registration.server";
import { readRegistrationInfo, registrationCodes } from "../../tracking/registration-info.server";

export const NO_STORE = { "Cache-Control": "no-store" };

/** The site settings, or null where they cannot be read: the same shared read as every other page's (docs/behaviour/platform-data.md#shared-data). */
export async function readSettings(context: AppContext) {
  const read = await getSiteSettings(context.platform);
  return read.ok ? read.value : null;
}

/** What the platform's Device header is made of: the browser, and the display mode the form reports. */
export function deviceSignals(request: Request, form?: FormData) {
  return {
    userAgent: request.headers.get("User-Agent"),
    displayMode: parseDisplayMode(form?.get("displayMode")),
    touchMac: form?.get("touchMac") === "1",
  };
}

/** The register page's data; a member is sent on to the post-login page. */
export async function loadRegisterPage(request: Request, context: AppContext) {
  const { session, platform, merchant } = context;
  if (session.token) throw redirect(merchant.postLoginPath);
  const url = new URL(request.url);

  // The codes of this address are stored by the Worker, whatever the page (docs/behaviour/tracking.md#attribution).
  const [settings, stored] = await Promise.all([
    readSettings(context),
    readRegistrationInfo(request, context.cloudflare.env.SESSION_SECRET),
  ]);
  const register = registerSettingsFrom(settings);
  const mode: RegisterMode = url.searchParams.get("mode") === "mobile" && register.mobile ? "mobile" : "username";
  const [suggestedUsername, countries] = await Promise.all([
    register.autoUsername && mode === "username" ? suggestUsername(platform, deviceHeader(deviceSignals(request))) : Promise.resolve(null),
    mode === "mobile" ? getCountries(platform) : Promise.resolve(null),
  ]);

  const codes = registrationCodes(url.searchParams, stored);
  const defaultDialingCode = (countries?.ok ? countries.value.countryDialingCode : null) ?? settings?.countryDialingCode ?? "";
  const page: RegisterPageData = {
    mode,
    mobileAllowed: register.mobile,
    passwordOptionalForMobile: !register.passwordRequiredForMobile,
    captcha: captchaSetupFromSettings(settings, "register", context.merchant.captchaScriptServers),
    smsCaptcha: captchaSetupFromSettings(settings, "sms", context.merchant.captchaScriptServers),
    referralCode: codes.referralCode,
    affiliateCode: codes.affiliateCode,
    suggestedUsername: suggestedUsername ?? "",
    defaultDialingCode,
    countries: countries?.ok
      ? countries.value.countries.map((c) => ({ countryCode: c.countryCode, countryDialingCode: c.countryDialingCode }))
      : [],
    smsByFirebase: smsByFirebase(settings?.sms),
  };
  return data(page, { headers: NO_STORE });
}
