import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { z } from "zod";
import { RegisterPage } from "~/identity/register/RegisterPage";
import {
  fieldForErrorCode,
  keptValues,
  validateRegistration,
  type RegisterMode,
  type RegisterValues,
} from "~/identity/register/register-form";
import type { Message, RegisterActionData, RegisterFailure, RegisterPageData } from "~/identity/register/types";
import { deviceHeader, parseDisplayMode, registerMethod } from "~/identity/device";
import { captchaSetupFromSettings } from "~/captcha/captcha.server";
import { getCountries, siteSettingsSchema, type SiteSettings } from "~/.server/platform/site";
import { CacheSteady } from "~/.server/platform/data";
import { callRegisterByIdentity, identityFieldsOf } from "~/identity/firebase/identity-login.server";
import { smsByFirebase } from "~/identity/firebase/firebase-config.server";
import { captchaFieldsFrom, registerMember, registerSettingsFrom, suggestUsername } from "~/identity/register/registration.server";
import { checkThrottle, recordAttempt, tooManyAttempts } from "~/identity/throttle.server";
import { buildPixelTrack, readAdParams, readRegistrationInfo, registrationCodes } from "~/tracking/registration-info.server";
import { withTrackingParams } from "~/navigation/tracking-params";
import { sendTrackingEvent } from "~/tracking/events.server";
import { loginDeviceId } from "~/identity/device-id.server";
import { completeLogin } from "~/identity/post-login.server";
import { changePasswordLocation } from "~/identity/forced-change.server";
import { sendCodeStatus, sendSmsCode } from "~/identity/send-code.server";
import { serviceUnavailableNotice } from "~/identity/messages.server";
import type { PlatformFailure } from "~/.server/platform/outcomes";
import type { RememberedLogin } from "~/identity/remembered-login.server";
import type { AppContext } from "../lib/context";

// /m/register (and /m/register.html): registration by username or by mobile number (docs/behaviour/registration.md).
// A plain HTML form post works without JavaScript; with it, the page adds the submit lock, the captcha before
// submit and the success alert.

// Title, description and robots: the root's per-path page meta (app/shell/page-meta.ts).

const NO_STORE = { "Cache-Control": "no-store" };

async function readSettings(context: AppContext) {
  // The same shared read as every other page's (docs/behaviour/platform-data.md#shared-data), read raw for the captcha setup.
  const raw = await context.platform.call("/wps/system/setting", z.unknown(), { auth: false, cache: CacheSteady() });
  const value = raw.ok ? raw.value : null;
  const parsed = siteSettingsSchema.safeParse(value);
  return { raw: value, settings: parsed.success ? parsed.data : null };
}

function deviceSignals(request: Request, form?: FormData) {
  return {
    userAgent: request.headers.get("User-Agent"),
    displayMode: parseDisplayMode(form?.get("displayMode")),
    touchMac: form?.get("touchMac") === "1",
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { session, platform, merchant } = context;
  if (session.token) throw redirect(merchant.postLoginPath);
  const url = new URL(request.url);

  // The codes of this address are stored by the Worker, whatever the page (docs/behaviour/tracking.md#attribution).
  const [{ raw, settings }, stored] = await Promise.all([
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
    captcha: captchaSetupFromSettings(raw, "register", context.merchant.captchaScriptServers),
    smsCaptcha: captchaSetupFromSettings(raw, "sms", context.merchant.captchaScriptServers),
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

/** The page's own address, as the browser showed it (registerUrl), without Remix's data-request details. */
function pageUrl(request: Request, host: string): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  url.searchParams.delete("_data");
  const path = url.pathname.replace(/\.data$/, "");
  return `${url.protocol}//${host}${path}${url.search}`;
}

function failure(values: RegisterValues, patch: Partial<RegisterFailure> = {}): RegisterFailure {
  return { ok: false, id: crypto.randomUUID(), values, fieldErrors: {}, notice: null, codeSent: null, ...patch };
}

const FAILURE_STATUS = 400;

/**
 * The platform's message (already in the member's language), or a translated text
 * (docs/behaviour/registration.md#register-errors).
 */
function platformNotice(result: { failure: PlatformFailure; message: string | null }): Message {
  const text = (result.failure.kind === "notice" ? result.failure.message : null) ?? result.message;
  if (text?.trim()) return { text: text.trim().slice(0, 500) };
  return { key: result.failure.kind === "notice" ? result.failure.messageKey : "unknown_error" };
}

/** "Send code" without JavaScript posts this form with intent=send-code (the button of <SmsCodeField>). */
async function sendCode(context: AppContext, form: FormData) {
  const fields = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const values: RegisterValues = { ...keptValues(form), mode: "mobile" };
  const sent = await sendSmsCode(context, fields);
  const body = sent.ok
    ? failure(values, { codeSent: { expiresInMs: sent.expiresInMs } })
    : failure(values, { fieldErrors: sent.errors, notice: sent.notice });
  return data<RegisterActionData>(body, { status: sendCodeStatus(sent), headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { platform, merchant } = context;
  const form = await request.formData();
  const { settings } = await readSettings(context);
  // With SMS codes by Firebase the platform sends none: without JavaScript there is no mobile registration.
  const firebaseSms = smsByFirebase(settings?.sms);
  const mobileWithoutFirebase = firebaseSms && (form.get("intent") === "send-code" || form.get("mode") === "mobile");
  if (form.get("intent") === "identity-register" && firebaseSms) return registerByIdentity(request, context, form, settings);
  if (mobileWithoutFirebase) {
    const body = failure({ ...keptValues(form), mode: "mobile" }, { notice: { key: "sms_needs_javascript_register" } });
    return data<RegisterActionData>(body, { status: FAILURE_STATUS, headers: NO_STORE });
  }
  if (form.get("intent") === "send-code") return sendCode(context, form);
  const withJs = form.get("js") === "1";

  const register = registerSettingsFrom(settings);
  const checked = validateRegistration(form, {
    mobileAllowed: register.mobile,
    passwordRequiredForMobile: register.passwordRequiredForMobile,
  });
  if (!checked.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(checked.fieldErrors).map(([field, key]) => [field, { key }]));
    return data<RegisterActionData>(failure(checked.values, { fieldErrors }), { status: FAILURE_STATUS, headers: NO_STORE });
  }
  const input = checked.input;

  const url = new URL(request.url);
  const host = request.headers.get("Host") ?? url.host;
  const signals = deviceSignals(request, form);
  const device = await loginDeviceId(request, context.cloudflare.env.SESSION_SECRET, form.get("loginDeviceId"));
  const account = input.mode === "mobile" ? (input.mobileNum ?? null) : (input.username ?? null);
  const throttled = await checkThrottle(context, "register", account);
  if (throttled.blocked) {
    const body = failure({ ...keptValues(form), mode: input.mode }, { notice: tooManyAttempts(throttled) });
    return data<RegisterActionData>(body, { status: 429, headers: NO_STORE });
  }
  await recordAttempt(context, "register", account);
  // registerSubmit, then register on success: sent by the edge, with JavaScript or without (docs/behaviour/tracking.md#edge-events).
  await sendTrackingEvent(request, context, { eventName: "registerSubmit", displayMode: signals.displayMode });
  const result = await registerMember(platform, input, {
    registerMethod: registerMethod(signals),
    registerUrl: pageUrl(request, host),
    domain: host,
    loginDeviceId: device.id,
    pixelTrack: buildPixelTrack(url.searchParams, await readAdParams(request, context.cloudflare.env.SESSION_SECRET)),
    captcha: captchaFieldsFrom(form),
    device: deviceHeader(signals),
  });
  const headers = new Headers(NO_STORE);
  if (device.setCookie) context.outgoingCookies.push(device.setCookie);

  if (!result.ok) {
    // A platform out of service or too slow: 503 and the notice, no field marked (docs/behaviour/errors.md#outage-notice).
    const unavailable = serviceUnavailableNotice(result);
    if (unavailable)
      return data<RegisterActionData>(failure({ ...keptValues(form), mode: input.mode }, { notice: unavailable }), {
        status: 503,
        headers,
      });
    // The message in an alert; typed values stay (never the password), and the field is marked
    // (docs/behaviour/registration.md#register-errors).
    const notice = platformNotice(result);
    const field = fieldForErrorCode(result.errorCode);
    const body = failure({ ...keptValues(form), mode: input.mode }, { notice, fieldErrors: field ? { [field]: notice } : {} });
    return data<RegisterActionData>(body, { status: FAILURE_STATUS, headers });
  }

  const value = result.value;
  await sendTrackingEvent(request, context, {
    eventName: "register",
    displayMode: signals.displayMode,
    value: { customerId: value.id ?? value.customerId ?? undefined, customerName: value.userName },
  });
  const id = crypto.randomUUID();
  if (!value.token) {
    // Registered without a session (the platform's login false): log in on the login page.
    const location = withTrackingParams("/m/login", url.searchParams);
    if (!withJs) return redirect(location, { headers });
    return data<RegisterActionData>({ ok: true, id, location, message: "register_success_login" }, { headers });
  }

  // Mobile registration without a password: the platform used the default one, which must be changed at once
  // (docs/behaviour/registration.md#register-success).
  const usedDefaultPassword = input.mode === "mobile" && !input.password;
  // The remembered login is stored only when the merchant's auto-login setting is on.
  const remember: RememberedLogin | null =
    settings?.whitelabelVal["AUTOLOGIN3"] === true && !usedDefaultPassword
      ? { type: "username", username: value.userName, password: input.password, merchant: merchant.merchantCode }
      : null;
  const completed = await completeLogin({
    request,
    context,
    login: {
      id: value.id ?? value.customerId ?? "",
      token: value.token,
      userName: value.userName,
      customerType: value.customerType ?? 0,
      firstTimeLogin: value.firstTimeLogin ?? true,
      passwordExpired: false,
    },
    loginType: "username",
    password: usedDefaultPassword ? context.cloudflare.env.DEFAULT_MEMBER_PASSWORD : input.password,
    remember,
    redirectUrl: null,
  });
  const location = usedDefaultPassword ? changePasswordLocation(merchant.changePasswordPath, "default") : completed.location;
  if (!withJs) return redirect(location, { headers });
  return data<RegisterActionData>({ ok: true, id, location, message: "register_success" }, { headers });
}

/**
 * Mobile registration by identity provider: the page checked the SMS code with Firebase and posts its ID token; the
 * platform registers a member for the number and signs them in (docs/behaviour/firebase.md#sms-by-firebase).
 */
async function registerByIdentity(request: Request, context: AppContext, form: FormData, settings: SiteSettings | null) {
  const values: RegisterValues = { ...keptValues(form), mode: "mobile" };
  const fields = identityFieldsOf(Object.fromEntries(form));
  if (!fields || fields.firebaseChannel !== "phone") {
    return data<RegisterActionData>(failure(values, { notice: { key: "unknown_error" } }), { status: FAILURE_STATUS, headers: NO_STORE });
  }
  const signals = deviceSignals(request, form);
  const device = await loginDeviceId(request, context.cloudflare.env.SESSION_SECRET, form.get("loginDeviceId"));
  const headers = new Headers(NO_STORE);
  if (device.setCookie) context.outgoingCookies.push(device.setCookie);
  const throttled = await checkThrottle(context, "register", null);
  if (throttled.blocked) return data<RegisterActionData>(failure(values, { notice: tooManyAttempts(throttled) }), { status: 429, headers });
  await recordAttempt(context, "register", null);
  await sendTrackingEvent(request, context, { eventName: "registerSubmit", displayMode: signals.displayMode });
  // The codes typed on the form go along, as with any registration (the page prefills them from the address).
  const typed = keptValues(form);
  const result = await callRegisterByIdentity(
    context.platform,
    {
      ...fields,
      loginDeviceId: device.id,
      smsTemplate: true,
      referralCode: typed.referralCode?.trim().slice(0, 64),
      affiliateCode: typed.affiliateCode?.trim().slice(0, 64),
    },
    deviceHeader(signals),
  );
  if (!result.ok || !result.value.token) {
    const unavailable = result.ok ? null : serviceUnavailableNotice(result);
    if (unavailable) return data<RegisterActionData>(failure(values, { notice: unavailable }), { status: 503, headers });
    const notice: Message = result.ok ? { key: "unknown_error" } : platformNotice(result);
    const field = result.ok ? null : fieldForErrorCode(result.errorCode);
    const body = failure(values, { notice, fieldErrors: field ? { [field]: notice } : {} });
    return data<RegisterActionData>(body, { status: FAILURE_STATUS, headers });
  }
  const value = result.value;
  const token = result.value.token;
  const id = value.id ?? value.customerId ?? "";
  await sendTrackingEvent(request, context, {
    eventName: "register",
    displayMode: signals.displayMode,
    value: { customerId: id, customerName: value.userName },
  });
  const completed = await completeLogin({
    request,
    context,
    login: {
      id,
      token,
      userName: value.userName,
      customerType: value.customerType ?? 0,
      firstTimeLogin: value.firstTimeLogin ?? true,
      passwordExpired: false,
    },
    loginType: "firebase",
    password: undefined,
    // A Firebase login remembers only its type, and only where auto-login is on.
    remember: settings?.whitelabelVal["AUTOLOGIN3"] === true ? { type: "firebase" } : null,
    redirectUrl: null,
  });
  return data<RegisterActionData>(
    { ok: true, id: crypto.randomUUID(), location: completed.location, message: "register_success" },
    { headers },
  );
}

// After a successful registration the loader would send a member away at once; the page shows its success alert
// first and then goes on by itself.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if ((actionResult as RegisterActionData | undefined)?.ok) return false;
  return defaultShouldRevalidate;
};

export default function RegisterRoute() {
  return <RegisterPage />;
}
