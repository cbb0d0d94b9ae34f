// The /m/login action (docs/behaviour/identity.md: login, two-factor step, messages). Works as a plain form post
// (JavaScript off) and as a Remix fetch (no reload): field errors and notices come back as data, success redirects.
import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import type { AppContext } from "../../lib/context";
import { deviceHeader, parseDisplayMode } from "../device";
import { wireMobile } from "../phone";
import type { TranslationKey } from "../../i18n/i18n-instance";
import type { LoginActionData, LoginField, LoginMode, LoginValues, Message, TwoFactorState, TwoFactorValues } from "./types";
import {
  METHOD_CODES,
  fieldToFocus,
  firstMethod,
  isTwoFactorMethod,
  requiredMethods,
  validateTwoFactor,
  type TwoFactorErrors,
  type TwoFactorField,
  type TwoFactorMethod,
} from "../two-factor/methods";
import {
  callLogin,
  callLoginVerification,
  twoFactorRequirementSchema,
  type LoginBody,
  type VerificationBody,
} from "../session-calls.server";
import { completeLogin } from "../post-login.server";
import { sendTrackingEvent } from "../../tracking/events.server";
import { forgetLoginCookie, rememberDeps, rememberedFields } from "../remembered-login.server";
import {
  clearPendingTwoFactorCookie,
  pendingTwoFactorCookie,
  readPendingTwoFactor,
  type PendingTwoFactor,
} from "../two-factor/pending-two-factor.server";
import { loginDeviceId } from "../device-id.server";
import { sessionSecret } from "../platform-for.server";
import { keyMessage, newId, noticeFor, platformMessage, serviceUnavailableNotice } from "../messages.server";
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
  twoFactorCodeRules,
} from "../throttle.server";
import { identityGuardFor } from "../../.server/security/identity-guard";
import { geetestFields, readMobile, sendCodeStatus, sendSmsCode } from "../send-code.server";
import {
  callRegisterByIdentity,
  clearPendingIdentityCookie,
  fieldsOfPending,
  identityFieldsOf,
  pendingIdentityCookie,
  readPendingIdentity,
  type IdentityFields,
} from "../firebase/identity-login.server";
import { getSiteSettings } from "../../.server/platform/site";
import { smsByFirebase } from "../firebase/firebase-config.server";
import { readRegistrationInfo, registrationCodes } from "../register/registration-info.server";

/** Credential errors: the remembered credentials are forgotten (docs/behaviour/identity.md#login-messages). */
export const CREDENTIAL_ERROR_CODES = new Set(["login.cred.err", "not.exists.user"]);

const text = (max: number) => z.string().max(max).optional();

/** Everything the login and two-factor forms post; unknown fields are ignored, oversized ones refused. */
const formSchema = z
  .object({
    intent: text(32),
    mode: text(16),
    username: text(200),
    password: text(200),
    countryDialingCode: text(8),
    mobileNum: text(40),
    verificationCode: text(16),
    remember: text(8),
    redirectUrl: text(2048),
    loginDeviceId: text(64),
    displayMode: text(16),
    touchMac: text(2),
    js: text(2),
    method: text(16),
    switchTo: text(16),
    payeeName: text(200),
    email: text(300),
    authCode: text(16),
    geetestChallenge: text(256),
    geetestValidate: text(256),
    geetestSeccode: text(300),
    geetestValidateV4: text(2048),
    firebaseChannel: text(32),
    firebaseIdToken: text(4000),
    /** "1": link the pending identity to the account logged in (docs/behaviour/firebase.md#new-identity). */
    linkIdentity: text(2),
  })
  .passthrough();
type LoginForm = z.infer<typeof formSchema>;

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

/** The first issue of each field, as translation keys (the schemas' messages are keys). */
function fieldErrorsOf(error: z.ZodError): Partial<Record<LoginField, Message>> {
  const errors: Partial<Record<LoginField, Message>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as LoginField;
    if (!errors[field]) errors[field] = keyMessage(issue.message as TranslationKey);
  }
  return errors;
}

function modeOf(form: LoginForm): LoginMode {
  return form.mode === "sms" ? "sms" : "username";
}

/** What the page keeps after a failed post: everything but the password. */
function typedValues(form: LoginForm): LoginValues {
  return {
    username: form.username?.trim().slice(0, 64),
    countryDialingCode: form.countryDialingCode,
    mobileNum: form.mobileNum?.trim(),
    verificationCode: form.verificationCode?.trim(),
    remember: form.remember === "on" || form.remember === "1",
  };
}

function redirectUrlOf(request: Request, form: LoginForm): string | null {
  return new URL(request.url).searchParams.get("redirectUrl") ?? (form.redirectUrl || null);
}

function answer(form: LoginForm, patch: Partial<LoginActionData>, status = 400, headers?: HeadersInit) {
  const body: LoginActionData = {
    id: newId(),
    mode: modeOf(form),
    values: typedValues(form),
    fieldErrors: {},
    notice: null,
    codeSent: null,
    twoFactor: null,
    identityOffer: null,
    ...patch,
  };
  return data(body, { status, headers });
}

function deviceFor(request: Request, form: LoginForm) {
  return deviceHeader({
    userAgent: request.headers.get("User-Agent"),
    displayMode: parseDisplayMode(form.displayMode),
    touchMac: form.touchMac === "1",
  });
}

export async function loginAction({ request, context }: ActionFunctionArgs) {
  const fields = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const parsed = formSchema.safeParse(fields);
  if (!parsed.success) return answer({}, { notice: keyMessage("unknown_error") });
  const form = parsed.data;
  // With SMS codes by Firebase the platform sends none: the SMS mode works only with JavaScript, which posts intent
  // firebase (docs/behaviour/firebase.md#sms-by-firebase).
  if (
    (form.intent === "send-code" || (modeOf(form) === "sms" && !form.intent?.match(/^(firebase|verify|2fa-send-code)$/))) &&
    (await merchantSmsByFirebase(context))
  ) {
    return answer({ ...form, mode: "sms" }, { notice: keyMessage("sms_needs_javascript") });
  }
  switch (form.intent) {
    case "send-code":
      return sendCodeFromLoginForm(context, form);
    case "verify":
    case "2fa-send-code":
      return twoFactorAction(request, context, form);
    case "firebase":
      return identityLogin(request, context, form);
    case "identity-register":
      return registerPendingIdentity(request, context, form);
    default:
      if (form.switchTo) return twoFactorAction(request, context, form);
      return login(request, context, form);
  }
}

async function sendCodeFromLoginForm(context: AppContext, form: LoginForm) {
  const sent = await sendSmsCode(context, form);
  if (sent.ok) return answer({ ...form, mode: "sms" }, { codeSent: { expiresInMs: sent.expiresInMs } }, 200);
  return answer({ ...form, mode: "sms" }, { fieldErrors: sent.errors, notice: sent.notice }, sendCodeStatus(sent));
}

async function login(request: Request, context: AppContext, form: LoginForm) {
  const mode = modeOf(form);
  const remember = typedValues(form).remember;
  const device = await loginDeviceId(request, sessionSecret(context), form.loginDeviceId);
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

  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  // "Log in to an existing account" after a new identity: the platform links it to the account on success.
  const linking =
    form.linkIdentity === "1" ? await readPendingIdentity(request, sessionSecret(context), context.merchant.merchantCode) : null;
  if (linking && mode === "username") Object.assign(body, fieldsOfPending(linking));
  const account = body.username ?? body.mobileNum ?? null;
  // The client of the hard lock is the device cookie; a browser without one gets one now (docs/behaviour/identity.md#throttling).
  const { client, setCookie: deviceCookie } = await throttleClient(request, context, device);
  if (deviceCookie) headers.append("Set-Cookie", deviceCookie);
  const smsCodes = mode === "sms" && body.mobileNum ? smsLoginCodeRule(body.mobileNum) : null;
  const [throttled, codesUsedUp] = await Promise.all([
    checkThrottle(context, "login", account, client),
    checkRules(context, smsCodes ? [smsCodes] : []),
  ]);
  if (throttled.blocked) return answer(form, { notice: tooManyAttempts(throttled) }, 429, headers);
  // Five wrong codes: this code is done with; a new one starts afresh (docs/behaviour/identity.md#wrong-codes).
  if (codesUsedUp.blocked) return answer({ ...form, verificationCode: "" }, { notice: keyMessage("sms_too_many_codes") }, 429, headers);
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
    done.headers.forEach((value, name) => headers.append(name, value));
    if (linking) headers.append("Set-Cookie", await clearPendingIdentityCookie(request));
    return redirect(done.location, { headers });
  }

  const code = result.errorCode;
  if (code === "login_verify_required" && mode === "username" && body.username && body.password) {
    const step = await startTwoFactor(request, context, form, result.value, headers, {
      username: body.username,
      password: body.password,
      identity: null,
    });
    if (step) return step;
  }
  if (code && CREDENTIAL_ERROR_CODES.has(code)) {
    await recordAttempt(context, "login", account, client);
    headers.append("Set-Cookie", await forgetLoginCookie(request, rememberDeps(context)));
    // One message whether the account exists or not: the form must not tell who has an account here.
    return answer(form, { notice: keyMessage("login_cred_err") }, 400, headers);
  }
  if (mode === "sms" && (code === "code-expired" || code === "sms.code.invalid")) {
    if (code === "sms.code.invalid" && smsCodes && (await countRules(context, [smsCodes])).blocked) {
      return answer({ ...form, verificationCode: "" }, { notice: keyMessage("sms_too_many_codes") }, 400, headers);
    }
    return answer(
      form,
      { fieldErrors: { verificationCode: keyMessage(code === "code-expired" ? "code_expired" : "sms_code_invalid") } },
      400,
      headers,
    );
  }
  const unavailable = serviceUnavailableNotice(result);
  if (unavailable) return answer(form, { notice: unavailable }, 503, headers);
  return answer(form, { notice: noticeFor(result) }, 400, headers);
}

/**
 * login_verify_required: the login waits in its sealed cookie and the page shows the step, on the first method the
 * platform asks for; null when the reply names none (then it is an ordinary failure).
 */
async function startTwoFactor(
  request: Request,
  context: AppContext,
  form: LoginForm,
  value: unknown,
  headers: Headers,
  credentials: Pick<PendingTwoFactor, "username" | "password" | "identity">,
) {
  const requirement = twoFactorRequirementSchema.safeParse(value ?? {});
  const methods = requirement.success ? requiredMethods(requirement.data) : [];
  const active = firstMethod(methods);
  if (!requirement.success || !active) return null;
  const pending: Omit<PendingTwoFactor, "expiresAt" | "nonce"> = {
    merchantCode: context.merchant.merchantCode,
    ...credentials,
    methods,
    mobileNum: requirement.data.mobileNum,
    remember: typedValues(form).remember,
    redirectUrl: redirectUrlOf(request, form),
  };
  headers.append("Set-Cookie", await pendingTwoFactorCookie(request, sessionSecret(context), pending));
  return answer(form, { twoFactor: twoFactorState(pending, active) }, 200, headers);
}

function twoFactorState(
  pending: Pick<PendingTwoFactor, "methods" | "mobileNum">,
  active: TwoFactorMethod,
  patch: Partial<TwoFactorState> = {},
): TwoFactorState {
  return {
    methods: pending.methods,
    active,
    maskedMobile: pending.mobileNum,
    values: {},
    errors: {},
    notice: null,
    codeSent: null,
    focus: null,
    passed: null,
    ...patch,
  };
}

function twoFactorValues(form: LoginForm): TwoFactorValues {
  return {
    countryDialingCode: form.countryDialingCode,
    mobileNum: form.mobileNum?.trim(),
    payeeName: form.payeeName?.trim(),
    email: form.email?.trim(),
  };
}

function messagesOf(errors: TwoFactorErrors): Partial<Record<TwoFactorField, Message>> {
  return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, keyMessage(key)]));
}

/** The field a platform failure points at, for each method. */
const FAILED_FIELD: Record<TwoFactorMethod, TwoFactorField> = {
  payeeName: "payeeName",
  email: "email",
  ga: "authCode",
  sms: "verificationCode",
};

async function twoFactorAction(request: Request, context: AppContext, form: LoginForm) {
  const secret = sessionSecret(context);
  const pending = await readPendingTwoFactor(request, secret, context.merchant.merchantCode);
  const guard = identityGuardFor(context.cloudflare.env, context.merchant.merchantCode);
  // Wrong codes are counted per step and per account; past a limit the step is over (docs/behaviour/identity.md#wrong-codes).
  const codeRules = pending ? twoFactorCodeRules(pending.nonce, pending.username) : null;
  const [used, stepCodes, accountCodes] = await Promise.all([
    pending ? guard?.isUsed(`2fa:${pending.nonce}`, Date.now()) : true,
    checkRules(context, codeRules ? [codeRules.step] : []),
    checkRules(context, codeRules?.account ? [codeRules.account] : []),
  ]);
  const ended = stepCodes.blocked ? keyMessage("two_factor_too_many_codes") : accountCodes.blocked ? tooManyAttempts(accountCodes) : null;
  if (ended) return answer(form, { notice: ended }, 429, { "Set-Cookie": await clearPendingTwoFactorCookie(request) });
  if (!pending || used) {
    return answer(form, { notice: keyMessage("two_factor_expired") }, 400, { "Set-Cookie": await clearPendingTwoFactorCookie(request) });
  }
  const requested = form.switchTo ?? form.method;
  const method = isTwoFactorMethod(requested) && pending.methods.includes(requested) ? requested : firstMethod(pending.methods)!;

  // A tab switch without JavaScript: the inputs start empty (switching tabs clears inputs).
  if (form.switchTo) return answer(form, { twoFactor: twoFactorState(pending, method) }, 200);

  if (form.intent === "2fa-send-code") {
    const sent = await sendSmsCode(context, form);
    const patch: Partial<TwoFactorState> = sent.ok
      ? { codeSent: { expiresInMs: sent.expiresInMs }, values: twoFactorValues(form), focus: "verificationCode" }
      : { errors: sent.errors, notice: sent.notice, values: twoFactorValues(form), focus: sent.errors.mobileNum ? "mobileNum" : null };
    return answer(form, { twoFactor: twoFactorState(pending, method, patch) }, sendCodeStatus(sent));
  }

  const { values, errors } = validateTwoFactor(method, form);
  let mobile: ReturnType<typeof readMobile> | null = null;
  if (method === "sms" && !errors.mobileNum) {
    mobile = readMobile(form);
    if (!mobile.ok && mobile.errors.countryDialingCode) errors.mobileNum = "error_mobile_invalid";
  }
  if (Object.keys(errors).length > 0) {
    return answer(form, {
      twoFactor: twoFactorState(pending, method, {
        errors: messagesOf(errors),
        values: twoFactorValues(form),
        focus: fieldToFocus(method, errors),
      }),
    });
  }

  const device = await loginDeviceId(request, sessionSecret(context), form.loginDeviceId);
  const body: VerificationBody = {
    ...(pending.identity
      ? { firebaseChannel: pending.identity.channel, firebaseIdToken: pending.identity.idToken }
      : { username: pending.username ?? "", password: pending.password ?? "" }),
    method: METHOD_CODES[method],
    loginDeviceId: device.id,
  };
  if (method === "payeeName") body.payeeName = values.payeeName;
  if (method === "email") body.email = values.email;
  if (method === "ga") body.authCode = values.authCode;
  if (method === "sms" && mobile?.ok) {
    body.countryDialingCode = mobile.countryDialingCode;
    body.mobileNum = wireMobile(mobile.countryDialingCode, mobile.mobileNum);
    body.verificationCode = values.verificationCode;
  }

  const result = await callLoginVerification(context.platform, body, deviceFor(request, form));
  // Single use: the first success marks it; a replayed copy of the cookie finds it used (and starts over).
  if (result.ok && guard && !(await guard.useOnce(`2fa:${pending.nonce}`, pending.expiresAt, Date.now()))) {
    return answer(form, { notice: keyMessage("two_factor_expired") }, 400, { "Set-Cookie": await clearPendingTwoFactorCookie(request) });
  }
  if (result.ok) {
    const done = await completeLogin({
      request,
      context,
      login: result.value,
      loginType: pending.identity ? "firebase" : "username",
      password: pending.password ?? undefined,
      remember: !pending.remember
        ? null
        : pending.identity || !pending.username || !pending.password
          ? { type: "firebase" }
          : rememberedFields({
              type: "username",
              username: pending.username,
              password: pending.password,
              merchant: context.merchant.merchantCode,
            }),
      redirectUrl: pending.redirectUrl,
      displayMode: parseDisplayMode(form.displayMode),
    });
    await sendTrackingEvent(request, context, {
      eventName: "login",
      displayMode: parseDisplayMode(form.displayMode),
      value: { customerId: result.value.id, customerName: result.value.userName },
    });
    if (device.setCookie) done.headers.append("Set-Cookie", device.setCookie);
    // As after a form login: this device's count starts afresh and the device is known to the account (docs/behaviour/identity.md#throttling).
    if (pending.username) {
      const { client, setCookie } = await throttleClient(request, context, device);
      if (setCookie) done.headers.append("Set-Cookie", setCookie);
      await clearAccountAttempts(context, "login", pending.username, client);
    }
    done.headers.append("Set-Cookie", await clearPendingTwoFactorCookie(request));
    // With JavaScript the modal shows 'login_2fa_pass' and moves on 0.5 s later; without, straight to the page.
    if (form.js !== "1") return redirect(done.location, { headers: done.headers });
    return answer(form, { twoFactor: twoFactorState(pending, method, { passed: { location: done.location } }) }, 200, done.headers);
  }

  // Failure: email, authenticator and code inputs are cleared; the relevant field gets focus.
  const kept: TwoFactorValues = {
    countryDialingCode: form.countryDialingCode,
    mobileNum: form.mobileNum?.trim(),
    payeeName: form.payeeName?.trim(),
  };
  const field = FAILED_FIELD[method];
  let fieldMessage: Message | null = null;
  let notice: Message | null = null;
  if ((result.errorCode === "verify.failed" || result.errorCode === "sms.code.invalid") && codeRules) {
    const counted = await countRules(context, codeRules.account ? [codeRules.step, codeRules.account] : [codeRules.step]);
    if (counted.blocked) {
      // The step ends: marked used, so no copy of the cookie can try again.
      await guard?.useOnce(`2fa:${pending.nonce}`, pending.expiresAt, Date.now());
      return answer(form, { notice: keyMessage("two_factor_too_many_codes") }, 400, {
        "Set-Cookie": await clearPendingTwoFactorCookie(request),
      });
    }
  }
  if (result.errorCode === "verify.failed") fieldMessage = platformMessage(result.message, "unknown_error");
  else if (result.errorCode === "code-expired") fieldMessage = keyMessage("code_expired");
  else if (result.errorCode === "sms.code.invalid") fieldMessage = keyMessage("sms_code_invalid");
  else if (result.failure.kind === "not-logged-in") {
    // The pending login is no longer valid (password changed meanwhile): start over.
    return answer(form, { notice: keyMessage("two_factor_expired") }, 400, { "Set-Cookie": await clearPendingTwoFactorCookie(request) });
  } else notice = serviceUnavailableNotice(result) ?? noticeFor(result);
  // A platform out of service or too slow: 503, the step stays (docs/behaviour/errors.md#outage-notice).
  const status = !fieldMessage && serviceUnavailableNotice(result) ? 503 : 400;
  return answer(
    form,
    {
      twoFactor: twoFactorState(pending, method, {
        values: kept,
        errors: fieldMessage ? { [field]: fieldMessage } : {},
        notice,
        focus: field,
      }),
    },
    status,
  );
}

async function merchantSmsByFirebase(context: AppContext): Promise<boolean> {
  const settings = await getSiteSettings(context.platform);
  return settings.ok && smsByFirebase(settings.value.sms);
}

/** A device id for this request, and its cookie when new. */
async function deviceOf(request: Request, context: AppContext, form: LoginForm) {
  return loginDeviceId(request, sessionSecret(context), form.loginDeviceId);
}

/**
 * A Firebase ID token posted by the page (social sign-in, or an SMS code checked by Firebase): login type firebase;
 * a new identity is registered at once (auto-register) or offered the choice (docs/behaviour/firebase.md#new-identity).
 */
async function identityLogin(request: Request, context: AppContext, form: LoginForm) {
  const fields = identityFieldsOf(form);
  const mode = form.firebaseChannel === "phone" ? "sms" : "username";
  const shown = { ...form, mode };
  if (!fields) return answer(shown, { notice: keyMessage("unknown_error") });
  const device = await deviceOf(request, context, form);
  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  const throttled = await checkThrottle(context, "login", null);
  if (throttled.blocked) return answer(shown, { notice: tooManyAttempts(throttled) }, 429, headers);

  const result = await callLogin(
    context.platform,
    { type: "firebase", merchant: context.merchant.merchantCode, loginDeviceId: device.id, ...fields },
    deviceFor(request, form),
  );
  if (result.ok) return identitySignedIn(request, context, form, result.value, headers);

  // Two-factor applies as after a password login; the ID token stands in for the password in the second step.
  if (result.errorCode === "login_verify_required") {
    const step = await startTwoFactor(request, context, shown, result.value, headers, {
      username: null,
      password: null,
      identity: { channel: fields.firebaseChannel, idToken: fields.firebaseIdToken },
    });
    if (step) return step;
  }

  if (result.errorCode === "bind_customer_required") {
    const settings = await getSiteSettings(context.platform);
    if (settings.ok && settings.value.sms.autoRegister === true)
      return registerIdentity(request, context, form, fields, device.id, headers);
    headers.append(
      "Set-Cookie",
      await pendingIdentityCookie(request, sessionSecret(context), fields, context.merchant.merchantCode, redirectUrlOf(request, form)),
    );
    const canRegister = settings.ok && settings.value.whitelabelVal["FIREBASECREATEACC3"] === true;
    return answer(shown, { identityOffer: { channel: fields.firebaseChannel, canRegister } }, 200, headers);
  }
  await recordAttempt(context, "login", null);
  // Any other failure: the identity is dropped (the player starts the sign-in again) and the message shown.
  headers.append("Set-Cookie", await clearPendingIdentityCookie(request));
  const unavailable = serviceUnavailableNotice(result);
  if (unavailable) return answer(shown, { notice: unavailable }, 503, headers);
  return answer(shown, { notice: noticeFor(result) }, 400, headers);
}

/** 'register_new' after a new identity: a member is registered for the pending identity and signed in. */
async function registerPendingIdentity(request: Request, context: AppContext, form: LoginForm) {
  const pending = await readPendingIdentity(request, sessionSecret(context), context.merchant.merchantCode);
  if (!pending)
    return answer(form, { notice: keyMessage("identity_expired") }, 400, { "Set-Cookie": await clearPendingIdentityCookie(request) });
  const settings = await getSiteSettings(context.platform);
  if (!settings.ok || settings.value.whitelabelVal["FIREBASECREATEACC3"] !== true) {
    return answer(form, { notice: keyMessage("unknown_error") }, 400);
  }
  const device = await deviceOf(request, context, form);
  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  return registerIdentity(
    request,
    context,
    { ...form, redirectUrl: pending.redirectUrl ?? undefined },
    fieldsOfPending(pending),
    device.id,
    headers,
  );
}

async function registerIdentity(
  request: Request,
  context: AppContext,
  form: LoginForm,
  fields: IdentityFields,
  loginDeviceId: string,
  headers: Headers,
) {
  const shown = { ...form, mode: fields.firebaseChannel === "phone" ? "sms" : "username" };
  await sendTrackingEvent(request, context, { eventName: "registerSubmit", displayMode: parseDisplayMode(form.displayMode) });
  // The codes of the address or stored at landing (docs/behaviour/tracking.md#attribution) go along, as on /m/register.
  const codes = registrationCodes(new URL(request.url).searchParams, await readRegistrationInfo(request, sessionSecret(context)));
  const result = await callRegisterByIdentity(
    context.platform,
    { ...fields, loginDeviceId, smsTemplate: fields.firebaseChannel === "phone", ...codes },
    deviceFor(request, form),
  );
  headers.append("Set-Cookie", await clearPendingIdentityCookie(request));
  if (!result.ok || !result.value.token) {
    const unavailable = result.ok ? null : serviceUnavailableNotice(result);
    if (unavailable) return answer(shown, { notice: unavailable }, 503, headers);
    return answer(shown, { notice: result.ok ? keyMessage("unknown_error") : noticeFor(result) }, 400, headers);
  }
  const value = result.value;
  const id = value.id ?? value.customerId ?? "";
  await sendTrackingEvent(request, context, {
    eventName: "register",
    displayMode: parseDisplayMode(form.displayMode),
    value: { customerId: id, customerName: value.userName },
  });
  return identitySignedIn(
    request,
    context,
    form,
    {
      id,
      token: value.token!,
      userName: value.userName,
      customerType: value.customerType ?? 0,
      firstTimeLogin: value.firstTimeLogin ?? true,
      passwordExpired: false,
    },
    headers,
  );
}

async function identitySignedIn(
  request: Request,
  context: AppContext,
  form: LoginForm,
  login: Parameters<typeof completeLogin>[0]["login"],
  headers: Headers,
) {
  const done = await completeLogin({
    request,
    context,
    login,
    loginType: "firebase",
    password: undefined,
    // A Firebase login remembers only its type (docs/behaviour/identity.md#remembered-login).
    remember: typedValues(form).remember ? { type: "firebase" } : null,
    redirectUrl: redirectUrlOf(request, form),
    displayMode: parseDisplayMode(form.displayMode),
  });
  await sendTrackingEvent(request, context, {
    eventName: "login",
    displayMode: parseDisplayMode(form.displayMode),
    value: { customerId: login.id, customerName: login.userName },
  });
  done.headers.forEach((value, name) => headers.append(name, value));
  headers.append("Set-Cookie", await clearPendingIdentityCookie(request));
  return redirect(done.location, { headers });
}
