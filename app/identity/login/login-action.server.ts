// The /m/login action (docs/behaviour/identity.md: login, two-factor step, messages). Works as a plain form post
// (JavaScript off) and as a Remix fetch (no reload): field errors and notices come back as data, success redirects.
// This module dispatches the intents and logs in by username or SMS code; the form kit, the two-factor step and the
// identity-provider sign-in live beside it (login-form.server.ts, two-factor/, firebase/).
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import type { AppContext } from "../../lib/context.server";
import { parseDisplayMode } from "../device";
import { wireMobile } from "../phone";
import { callLogin, type LoginBody } from "../session-calls.server";
import { completeLogin } from "../post-login.server";
import { sendTrackingEvent } from "../../tracking/events.server";
import { forgetLoginCookie, rememberDeps, rememberedFields } from "../remembered-login.server";
import { loginDeviceId } from "../device-id.server";
import { keyMessage, noticeFor, serviceUnavailableNotice } from "../messages.server";
import {
  checkRules,
  checkThrottle,
  clearAccountAttempts,
  clearRules,
  countRules,
  recordAttempt,
  smsLoginCodeRule,
  throttleClient,
  tooManyAttempts,
} from "../throttle.server";
import { geetestFields, readMobile, sendCodeStatus, sendSmsCode } from "../send-code.server";
import { clearPendingIdentityCookie, fieldsOfPending, readPendingIdentity } from "../firebase/identity-login.server";
import { getSiteSettings } from "../../.server/platform/site";
import { smsByFirebase } from "../firebase/firebase-config.server";
import {
  answer,
  deviceFor,
  fieldErrorsOf,
  loginFormSchema,
  modeOf,
  redirectUrlOf,
  typedValues,
  type LoginFormOf,
} from "./login-form.server";
import { startTwoFactor, twoFactorAction } from "../two-factor/two-factor-action.server";
import { identityLogin, registerPendingIdentity } from "../firebase/identity-action.server";

/** Credential errors: the remembered credentials are forgotten (docs/behaviour/identity.md#login-messages). */
export const CREDENTIAL_ERROR_CODES = new Set(["login.cred.err", "not.exists.user"]);

const usernameLoginSchema = z.object({
  username: z.string().trim().min(1, "error_username_required").max(64, "error_username_required"),
  password: z.string().min(1, "error_password_required").max(128, "error_password_required"),
});

const smsLoginSchema = z.object({
  verificationCode: z
    .string()
    .trim()
    .min(1, "error_code_required")
    .max(12, "error_code_required")
    .regex(/^[0-9A-Za-z]+$/, "sms_code_invalid"),
});

export async function loginAction({ request, context }: ActionFunctionArgs) {
  const fields = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const parsed = loginFormSchema.safeParse(fields);
  if (!parsed.success) return answer({}, { notice: keyMessage("unknown_error") });
  const form = parsed.data;
  // With SMS codes by Firebase the platform sends none: the SMS mode works only with JavaScript, which posts intent
  // firebase (docs/behaviour/firebase.md#sms-by-firebase).
  const smsWithoutScript =
    form.intent === "send-code" || (modeOf(form) === "sms" && !["firebase", "verify", "2fa-send-code"].includes(form.intent));
  if (smsWithoutScript && (await merchantSmsByFirebase(context))) {
    return answer({ ...form, mode: "sms" }, { notice: keyMessage("sms_needs_javascript") });
  }
  switch (form.intent) {
    case "send-code":
      return sendCodeFromLoginForm(context, form);
    case "verify":
    case "2fa-send-code":
    case "2fa-switch":
      return twoFactorAction(request, context, form);
    case "firebase":
      return identityLogin(request, context, form);
    case "identity-register":
      return registerPendingIdentity(request, context, form);
    case "login":
      return login(request, context, form);
  }
}

async function sendCodeFromLoginForm(context: AppContext, form: LoginFormOf<"send-code">) {
  const sent = await sendSmsCode(context, form);
  if (sent.ok) return answer({ ...form, mode: "sms" }, { codeSent: { expiresInMs: sent.expiresInMs } }, 200);
  return answer({ ...form, mode: "sms" }, { fieldErrors: sent.errors, notice: sent.notice }, sendCodeStatus(sent));
}

async function login(request: Request, context: AppContext, form: LoginFormOf<"login">) {
  const mode = modeOf(form);
  const remember = typedValues(form).remember;
  const device = await loginDeviceId(request, context.cloudflare.env.SESSION_SECRET, form.loginDeviceId);
  const base = { loginDeviceId: device.id, merchant: context.merchant.merchantCode, ...geetestFields(form) };

  let body: LoginBody;
  if (mode === "sms") {
    const mobile = readMobile(form);
    const code = smsLoginSchema.safeParse(form);
    if (!mobile.ok || !code.success) {
      return answer(form, { fieldErrors: { ...(mobile.ok ? {} : mobile.errors), ...(code.success ? {} : fieldErrorsOf(code.error)) } });
    }
    body = {
      ...base,
      type: "sms",
      countryDialingCode: mobile.countryDialingCode,
      mobileNum: wireMobile(mobile.countryDialingCode, mobile.mobileNum),
      verificationCode: code.data.verificationCode,
    };
  } else {
    const credentials = usernameLoginSchema.safeParse(form);
    if (!credentials.success) return answer(form, { fieldErrors: fieldErrorsOf(credentials.error) });
    body = { ...base, type: "username", username: credentials.data.username, password: credentials.data.password };
  }

  if (device.setCookie) context.outgoingCookies.push(device.setCookie);
  // "Log in to an existing account" after a new identity: the platform links it to the account on success.
  const linking =
    form.linkIdentity === "1"
      ? await readPendingIdentity(request, context.cloudflare.env.SESSION_SECRET, context.merchant.merchantCode)
      : null;
  if (linking && mode === "username") Object.assign(body, fieldsOfPending(linking));
  const account = body.username ?? body.mobileNum ?? null;
  // The client of the hard lock is the device cookie; a browser without one gets one now (docs/behaviour/identity.md#throttling).
  const { client, setCookie: deviceCookie } = await throttleClient(request, context, device);
  if (deviceCookie) context.outgoingCookies.push(deviceCookie);
  const smsCodes = mode === "sms" && body.mobileNum ? smsLoginCodeRule(body.mobileNum) : null;
  const [throttled, codesUsedUp] = await Promise.all([
    checkThrottle(context, "login", account, client),
    checkRules(context, smsCodes ? [smsCodes] : []),
  ]);
  if (throttled.blocked) return answer(form, { notice: tooManyAttempts(throttled) }, 429);
  // Five wrong codes: this code is done with; a new one starts afresh (docs/behaviour/identity.md#wrong-codes).
  if (codesUsedUp.blocked) return answer({ ...form, verificationCode: "" }, { notice: keyMessage("sms_too_many_codes") }, 429);
  const result = await callLogin(context.platform, body, deviceFor(request, form));

  if (result.ok) {
    await Promise.all([
      account ? clearAccountAttempts(context, "login", account, client) : undefined,
      smsCodes ? clearRules(context, [smsCodes]) : undefined,
    ]);
    const done = await completeLogin({
      request,
      context,
      login: result.value,
      loginType: mode,
      password: body.password,
      remember: remember ? rememberedFields(body) : null,
      redirectUrl: redirectUrlOf(request, form),
      displayMode: parseDisplayMode(form.displayMode),
    });
    // The login event, sent by the edge whether the form was posted with JavaScript or not (docs/behaviour/tracking.md#edge-events).
    await sendTrackingEvent(request, context, {
      eventName: "login",
      displayMode: parseDisplayMode(form.displayMode),
      value: { customerId: result.value.id, customerName: result.value.userName },
    });
    if (linking) context.outgoingCookies.push(await clearPendingIdentityCookie(request));
    return redirect(done.location);
  }

  const code = result.errorCode;
  if (code === "login_verify_required" && mode === "username" && body.username && body.password) {
    const step = await startTwoFactor(request, context, form, result.value, {
      username: body.username,
      password: body.password,
      identity: null,
    });
    if (step) return step;
  }
  if (code && CREDENTIAL_ERROR_CODES.has(code)) {
    await recordAttempt(context, "login", account, client);
    context.outgoingCookies.push(await forgetLoginCookie(request, rememberDeps(context)));
    // One message whether the account exists or not: the form must not tell who has an account here.
    return answer(form, { notice: keyMessage("login_cred_err") }, 400);
  }
  if (mode === "sms" && (code === "code-expired" || code === "sms.code.invalid")) {
    if (code === "sms.code.invalid" && smsCodes && (await countRules(context, [smsCodes])).blocked) {
      return answer({ ...form, verificationCode: "" }, { notice: keyMessage("sms_too_many_codes") }, 400);
    }
    return answer(
      form,
      { fieldErrors: { verificationCode: keyMessage(code === "code-expired" ? "code_expired" : "sms_code_invalid") } },
      400,
    );
  }
  const unavailable = serviceUnavailableNotice(result);
  if (unavailable) return answer(form, { notice: unavailable }, 503);
  return answer(form, { notice: noticeFor(result) }, 400);
}

async function merchantSmsByFirebase(context: AppContext): Promise<boolean> {
  const settings = await getSiteSettings(context.platform);
  return settings.ok && smsByFirebase(settings.value.sms);
}
