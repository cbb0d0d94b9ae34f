// The /m/login form kit (docs/behaviour/identity.md): what each intent posts, the values the page keeps after a failed
// post, and the reply every intent answers with. Works as a plain form post and as a Remix fetch alike.
import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import { deviceHeader, parseDisplayMode } from "../device";
import { keyMessage, newId } from "../messages.server";
import type { TranslationKey } from "../../i18n/i18n-instance";
import type { LoginActionData, LoginField, LoginMode, LoginValues } from "./types";
import type { Message } from "../types";

const text = (max: number) => z.string().max(max).optional();

/** What every intent may carry: the page's mode and typed values, where to go after, the device and captcha fields. */
const shared = {
  mode: text(16),
  username: text(200),
  countryDialingCode: text(8),
  mobileNum: text(40),
  verificationCode: text(16),
  remember: text(8),
  redirectUrl: text(2048),
  loginDeviceId: text(64),
  displayMode: text(16),
  touchMac: text(2),
  js: text(2),
  geetestChallenge: text(256),
  geetestValidate: text(256),
  geetestSeccode: text(300),
  geetestValidateV4: text(2048),
};

/** The two-factor step's fields: the method, a tab switched to without JavaScript, and the answers. */
const twoFactor = { method: text(16), switchTo: text(16), payeeName: text(200), email: text(300), authCode: text(16) };

export const LOGIN_INTENTS = ["login", "send-code", "verify", "2fa-send-code", "2fa-switch", "firebase", "identity-register"] as const;
export type LoginIntent = (typeof LOGIN_INTENTS)[number];

/**
 * The intent of a post: the button's, else a two-factor tab switch (a no-JavaScript tab button posts only
 * `switchTo`), else a login (the form's Enter key, or an older page).
 */
function intentOf(fields: Record<string, unknown>): LoginIntent {
  const intent = fields["intent"];
  const named = typeof intent === "string" && (LOGIN_INTENTS as readonly string[]).includes(intent) ? (intent as LoginIntent) : null;
  if (named && named !== "login" && named !== "2fa-switch") return named;
  return typeof fields["switchTo"] === "string" && fields["switchTo"] !== "" ? "2fa-switch" : "login";
}

/** One schema per intent; unknown fields are dropped, oversized ones refused. */
export const loginFormSchema = z.preprocess(
  (fields) => (fields && typeof fields === "object" ? { ...fields, intent: intentOf(fields as Record<string, unknown>) } : fields),
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("login"),
      ...shared,
      password: text(200),
      /** "1": link the pending identity to the account logged in (docs/behaviour/firebase.md#new-identity). */
      linkIdentity: text(2),
    }),
    z.object({ intent: z.literal("send-code"), ...shared }),
    z.object({ intent: z.enum(["verify", "2fa-send-code", "2fa-switch"]), ...shared, ...twoFactor }),
    z.object({ intent: z.literal("firebase"), ...shared, firebaseChannel: text(32), firebaseIdToken: text(4000) }),
    z.object({ intent: z.literal("identity-register"), ...shared }),
  ]),
);
export type LoginForm = z.infer<typeof loginFormSchema>;
export type LoginFormOf<I extends LoginIntent> = Extract<LoginForm, { intent: I }>;
export type TwoFactorForm = LoginFormOf<"verify" | "2fa-send-code" | "2fa-switch">;
/** What every intent's form has: enough to show the page again. */
export type SharedForm = Partial<Pick<LoginFormOf<"login">, keyof typeof shared>>;

/** The first issue of each field, as translation keys (the schemas' messages are keys). */
export function fieldErrorsOf(error: z.ZodError): Partial<Record<LoginField, Message>> {
  const errors: Partial<Record<LoginField, Message>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as LoginField;
    if (!errors[field]) errors[field] = keyMessage(issue.message as TranslationKey);
  }
  return errors;
}

export function modeOf(form: SharedForm): LoginMode {
  return form.mode === "sms" ? "sms" : "username";
}

/** What the page keeps after a failed post: everything but the password. */
export function typedValues(form: SharedForm): LoginValues {
  return {
    username: form.username?.trim().slice(0, 64),
    countryDialingCode: form.countryDialingCode,
    mobileNum: form.mobileNum?.trim(),
    verificationCode: form.verificationCode?.trim(),
    remember: form.remember === "on" || form.remember === "1",
  };
}

export function redirectUrlOf(request: Request, form: SharedForm): string | null {
  return new URL(request.url).searchParams.get("redirectUrl") ?? (form.redirectUrl || null);
}

/** The reply of every intent: the page's data with this post's patch (field errors, a notice, the step's state). */
export function answer(form: SharedForm, patch: Partial<LoginActionData>, status = 400, headers?: HeadersInit) {
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

/** The platform's Device header for this post. */
export function deviceFor(request: Request, form: SharedForm) {
  return deviceHeader({
    userAgent: request.headers.get("User-Agent"),
    displayMode: parseDisplayMode(form.displayMode),
    touchMac: form.touchMac === "1",
  });
}
