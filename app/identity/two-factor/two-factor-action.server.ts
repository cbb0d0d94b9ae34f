// The two-factor step of /m/login (docs/behaviour/identity.md#two-factor-step): started when the platform answers
// login_verify_required, then each post of the step's form (verify, send an SMS code, switch tab without JavaScript).
import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../../lib/context.server";
import { parseDisplayMode } from "../device";
import { wireMobile } from "../phone";
import type { TwoFactorState, TwoFactorValues } from "../login/types";
import type { Message } from "../types";
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
} from "./methods";
import { callLoginVerification, twoFactorRequirementSchema, type VerificationBody } from "../session-calls.server";
import { completeLogin } from "../post-login.server";
import { sendTrackingEvent } from "../../tracking/events.server";
import { rememberedFields } from "../remembered-login.server";
import {
  clearPendingTwoFactorCookie,
  pendingTwoFactorCookie,
  readPendingTwoFactor,
  type PendingTwoFactor,
} from "./pending-two-factor.server";
import { loginDeviceId } from "../device-id.server";
import { keyMessage, noticeFor, platformMessage, serviceUnavailableNotice } from "../messages.server";
import { checkRules, clearAccountAttempts, countRules, throttleClient, tooManyAttempts, twoFactorCodeRules } from "../throttle.server";
import { identityGuardFor } from "../../.server/security/identity-guard";
import { readMobile, sendCodeStatus, sendSmsCode } from "../send-code.server";
import { answer, deviceFor, redirectUrlOf, typedValues, type SharedForm, type TwoFactorForm } from "../login/login-form.server";

/**
 * login_verify_required: the login waits in its sealed cookie and the page shows the step, on the first method the
 * platform asks for; null when the reply names none (then it is an ordinary failure).
 */
export async function startTwoFactor(
  request: Request,
  context: AppContext,
  form: SharedForm,
  value: unknown,
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
  context.outgoingCookies.push(await pendingTwoFactorCookie(request, context.cloudflare.env.SESSION_SECRET, pending));
  return answer(form, { twoFactor: twoFactorState(pending, active) }, 200);
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

function twoFactorValues(form: TwoFactorForm): TwoFactorValues {
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

export async function twoFactorAction(request: Request, context: AppContext, form: TwoFactorForm) {
  const secret = context.cloudflare.env.SESSION_SECRET;
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
  if (ended) {
    context.outgoingCookies.push(await clearPendingTwoFactorCookie(request));
    return answer(form, { notice: ended }, 429);
  }
  if (!pending || used) {
    context.outgoingCookies.push(await clearPendingTwoFactorCookie(request));
    return answer(form, { notice: keyMessage("two_factor_expired") }, 400);
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

  const device = await loginDeviceId(request, context.cloudflare.env.SESSION_SECRET, form.loginDeviceId);
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
    context.outgoingCookies.push(await clearPendingTwoFactorCookie(request));
    return answer(form, { notice: keyMessage("two_factor_expired") }, 400);
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
    if (device.setCookie) context.outgoingCookies.push(device.setCookie);
    // As after a form login: this device's count starts afresh and the device is known to the account (docs/behaviour/identity.md#throttling).
    if (pending.username) {
      const { client, setCookie } = await throttleClient(request, context, device);
      if (setCookie) context.outgoingCookies.push(setCookie);
      await clearAccountAttempts(context, "login", pending.username, client);
    }
    context.outgoingCookies.push(await clearPendingTwoFactorCookie(request));
    // With JavaScript the modal shows 'login_2fa_pass' and moves on 0.5 s later; without, straight to the page.
    if (form.js !== "1") return redirect(done.location);
    return answer(form, { twoFactor: twoFactorState(pending, method, { passed: { location: done.location } }) }, 200);
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
      context.outgoingCookies.push(await clearPendingTwoFactorCookie(request));
      return answer(form, { notice: keyMessage("two_factor_too_many_codes") }, 400);
    }
  }
  if (result.errorCode === "verify.failed") fieldMessage = platformMessage(result.message, "unknown_error");
  else if (result.errorCode === "code-expired") fieldMessage = keyMessage("code_expired");
  else if (result.errorCode === "sms.code.invalid") fieldMessage = keyMessage("sms_code_invalid");
  else if (result.failure.kind === "not-logged-in") {
    // The pending login is no longer valid (password changed meanwhile): start over.
    context.outgoingCookies.push(await clearPendingTwoFactorCookie(request));
    return answer(form, { notice: keyMessage("two_factor_expired") }, 400);
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
