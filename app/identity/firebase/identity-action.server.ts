// Identity-provider sign-in on /m/login (docs/behaviour/firebase.md): a Firebase ID token posted by the page logs in
// with type firebase; a new identity is registered at once or offered the choice (#new-identity).
import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../../lib/context.server";
import { parseDisplayMode } from "../device";
import { callLogin } from "../session-calls.server";
import { completeLogin } from "../post-login.server";
import { sendTrackingEvent } from "../../tracking/events.server";
import { loginDeviceId } from "../device-id.server";
import { keyMessage, noticeFor, serviceUnavailableNotice } from "../messages.server";
import { checkThrottle, recordAttempt, tooManyAttempts } from "../throttle.server";
import {
  callRegisterByIdentity,
  clearPendingIdentityCookie,
  fieldsOfPending,
  identityFieldsOf,
  pendingIdentityCookie,
  readPendingIdentity,
  type IdentityFields,
} from "./identity-login.server";
import { getSiteSettings } from "../../.server/platform/site";
import { readRegistrationInfo, registrationCodes } from "../../tracking/registration-info.server";
import { answer, deviceFor, redirectUrlOf, typedValues, type LoginFormOf, type SharedForm } from "../login/login-form.server";
import { startTwoFactor } from "../two-factor/two-factor-action.server";
import { registeredLogin, sendRegisterEvent } from "../register/registered-member.server";

/** A device id for this request, and its cookie when new. */
async function deviceOf(request: Request, context: AppContext, form: SharedForm) {
  return loginDeviceId(request, context.cloudflare.env.SESSION_SECRET, form.loginDeviceId);
}

/**
 * A Firebase ID token posted by the page (social sign-in, or an SMS code checked by Firebase): login type firebase;
 * a new identity is registered at once (auto-register) or offered the choice (docs/behaviour/firebase.md#new-identity).
 */
export async function identityLogin(request: Request, context: AppContext, form: LoginFormOf<"firebase">) {
  const fields = identityFieldsOf(form);
  const mode = form.firebaseChannel === "phone" ? "sms" : "username";
  const shown = { ...form, mode };
  if (!fields) return answer(shown, { notice: keyMessage("unknown_error") });
  const device = await deviceOf(request, context, form);
  if (device.setCookie) context.outgoingCookies.push(device.setCookie);
  const throttled = await checkThrottle(context, "login", null);
  if (throttled.blocked) return answer(shown, { notice: tooManyAttempts(throttled) }, 429);

  const result = await callLogin(
    context.platform,
    { type: "firebase", merchant: context.merchant.merchantCode, loginDeviceId: device.id, ...fields },
    deviceFor(request, form),
  );
  if (result.ok) return identitySignedIn(request, context, form, result.value);

  // Two-factor applies as after a password login; the ID token stands in for the password in the second step.
  if (result.errorCode === "login_verify_required") {
    const step = await startTwoFactor(request, context, shown, result.value, {
      username: null,
      password: null,
      identity: { channel: fields.firebaseChannel, idToken: fields.firebaseIdToken },
    });
    if (step) return step;
  }

  if (result.errorCode === "bind_customer_required") {
    const settings = await getSiteSettings(context.platform);
    if (settings.ok && settings.value.sms.autoRegister === true) return registerIdentity(request, context, form, fields, device.id);
    context.outgoingCookies.push(
      await pendingIdentityCookie(
        request,
        context.cloudflare.env.SESSION_SECRET,
        fields,
        context.merchant.merchantCode,
        redirectUrlOf(request, form),
      ),
    );
    const canRegister = settings.ok && settings.value.flags.firebaseCreateAccount;
    return answer(shown, { identityOffer: { channel: fields.firebaseChannel, canRegister } }, 200);
  }
  await recordAttempt(context, "login", null);
  // Any other failure: the identity is dropped (the player starts the sign-in again) and the message shown.
  context.outgoingCookies.push(await clearPendingIdentityCookie(request));
  const unavailable = serviceUnavailableNotice(result);
  if (unavailable) return answer(shown, { notice: unavailable }, 503);
  return answer(shown, { notice: noticeFor(result) }, 400);
}

/** 'register_new' after a new identity: a member is registered for the pending identity and signed in. */
export async function registerPendingIdentity(request: Request, context: AppContext, form: LoginFormOf<"identity-register">) {
  const pending = await readPendingIdentity(request, context.cloudflare.env.SESSION_SECRET, context.merchant.merchantCode);
  if (!pending) {
    context.outgoingCookies.push(await clearPendingIdentityCookie(request));
    return answer(form, { notice: keyMessage("identity_expired") }, 400);
  }
  const settings = await getSiteSettings(context.platform);
  if (!settings.ok || !settings.value.flags.firebaseCreateAccount) {
    return answer(form, { notice: keyMessage("unknown_error") }, 400);
  }
  const device = await deviceOf(request, context, form);
  if (device.setCookie) context.outgoingCookies.push(device.setCookie);
  return registerIdentity(
    request,
    context,
    { ...form, redirectUrl: pending.redirectUrl ?? undefined },
    fieldsOfPending(pending),
    device.id,
  );
}

async function registerIdentity(request: Request, context: AppContext, form: SharedForm, fields: IdentityFields, loginDeviceId: string) {
  const shown = { ...form, mode: fields.firebaseChannel === "phone" ? "sms" : "username" };
  await sendTrackingEvent(request, context, { eventName: "registerSubmit", displayMode: parseDisplayMode(form.displayMode) });
  // The codes of the address or stored at landing (docs/behaviour/tracking.md#attribution) go along, as on /m/register.
  const codes = registrationCodes(
    new URL(request.url).searchParams,
    await readRegistrationInfo(request, context.cloudflare.env.SESSION_SECRET),
  );
  const result = await callRegisterByIdentity(
    context.platform,
    { ...fields, loginDeviceId, smsTemplate: fields.firebaseChannel === "phone", ...codes },
    deviceFor(request, form),
  );
  context.outgoingCookies.push(await clearPendingIdentityCookie(request));
  if (!result.ok || !result.value.token) {
    const unavailable = result.ok ? null : serviceUnavailableNotice(result);
    if (unavailable) return answer(shown, { notice: unavailable }, 503);
    return answer(shown, { notice: result.ok ? keyMessage("unknown_error") : noticeFor(result) }, 400);
  }
  await sendRegisterEvent(request, context, result.value, parseDisplayMode(form.displayMode));
  return identitySignedIn(request, context, form, registeredLogin({ ...result.value, token: result.value.token }));
}

async function identitySignedIn(
  request: Request,
  context: AppContext,
  form: SharedForm,
  login: Parameters<typeof completeLogin>[0]["login"],
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
  context.outgoingCookies.push(await clearPendingIdentityCookie(request));
  return redirect(done.location);
}
