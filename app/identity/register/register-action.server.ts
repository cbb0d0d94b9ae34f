// The /m/register action (docs/behaviour/registration.md). A plain HTML form post works without JavaScript; with it,
// the page adds the submit lock, the captcha before submit and the success alert.
import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { AppContext } from "../../lib/context.server";
import { fieldForErrorCode, keptValues, validateRegistration, type RegisterValues } from "./register-form";
import type { RegisterActionData, RegisterFailure } from "./types";
import type { Message } from "../types";
import { deviceHeader, registerMethod } from "../device";
import type { SiteSettings } from "../../.server/platform/site";
import { callRegisterByIdentity, identityFieldsOf } from "../firebase/identity-login.server";
import { smsByFirebase } from "../firebase/firebase-config.server";
import { captchaFieldsFrom, registerMember, registerSettingsFrom } from "./registration.server";
import { checkThrottle, recordAttempt, tooManyAttempts } from "../throttle.server";
import { buildPixelTrack, readAdParams } from "../../tracking/registration-info.server";
import { withTrackingParams } from "../../navigation/tracking-params";
import { sendTrackingEvent } from "../../tracking/events.server";
import { loginDeviceId } from "../device-id.server";
import { completeLogin } from "../post-login.server";
import { changePasswordLocation } from "../forced-change.server";
import { sendCodeStatus, sendSmsCode } from "../send-code.server";
import { serviceUnavailableNotice } from "../messages.server";
import type { PlatformFailure } from "../../.server/platform/outcomes";
import type { RememberedLogin } from "../remembered-login.server";
import { deviceSignals, NO_STORE, readSettings } from "./register-page.server";
import { registeredLogin, sendRegisterEvent } from "./registered-member.server";

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

/** The /m/register action: register by username or mobile number, send a code, or register by identity provider. */
export async function registerAction({ request, context }: ActionFunctionArgs) {
  const { platform, merchant } = context;
  const form = await request.formData();
  const settings = await readSettings(context);
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
  await sendRegisterEvent(request, context, value, signals.displayMode);
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
    settings?.flags.autoLogin === true && !usedDefaultPassword
      ? { type: "username", username: value.userName, password: input.password, merchant: merchant.merchantCode }
      : null;
  const completed = await completeLogin({
    request,
    context,
    login: registeredLogin({ ...value, token: value.token }),
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
  await sendRegisterEvent(request, context, value, signals.displayMode);
  const completed = await completeLogin({
    request,
    context,
    login: registeredLogin({ ...value, token: result.value.token }),
    loginType: "firebase",
    password: undefined,
    // A Firebase login remembers only its type, and only where auto-login is on.
    remember: settings?.flags.autoLogin === true ? { type: "firebase" } : null,
    redirectUrl: null,
  });
  return data<RegisterActionData>(
    { ok: true, id: crypto.randomUUID(), location: completed.location, message: "register_success" },
    { headers },
  );
}
