// What the login route's loader and action send to the page. Types only: shared by the server and the components.
import type { CodeSent, Country, FormAnswer, Message } from "../types";
import type { TwoFactorField, TwoFactorMethod } from "../two-factor/methods";

export type LoginMode = "username" | "sms";

/** The loader's merchant-dependent choices for the login page. */
export type LoginPageSettings = {
  smsEnabled: boolean;
  captcha: { login: boolean; sms: boolean };
  /** The merchant's own dialling code (used when the picker is not shown). */
  defaultDialingCode: string;
  /** The dialling-code picker, only under its conditions (docs/behaviour/identity.md#country-picker); null otherwise. */
  countries: Country[] | null;
  /** SMS codes are sent and checked by Firebase phone auth (docs/behaviour/firebase.md#sms-by-firebase). */
  smsByFirebase: boolean;
};

/** A new identity (bind_customer_required) and what the player may do with it (docs/behaviour/firebase.md#new-identity). */
export type IdentityOffer = {
  channel: string;
  /** 'register_new' is offered (FIREBASECREATEACC3). */
  canRegister: boolean;
};

export type LoginField = "username" | "password" | "countryDialingCode" | "mobileNum" | "verificationCode";

/** How the login was made, for the rules after it (forced change, remembered login). */
export type LoginType = "username" | "sms" | "firebase";

/** Everything typed except the password. */
export type LoginValues = {
  username?: string;
  countryDialingCode?: string;
  mobileNum?: string;
  verificationCode?: string;
  remember: boolean;
};

export type TwoFactorValues = { countryDialingCode?: string; mobileNum?: string; payeeName?: string; email?: string };

export type TwoFactorState = {
  methods: TwoFactorMethod[];
  active: TwoFactorMethod;
  /** The masked number the platform sent with login_verify_required. */
  maskedMobile: string | null;
  values: TwoFactorValues;
  errors: Partial<Record<TwoFactorField, Message>>;
  notice: Message | null;
  codeSent: CodeSent | null;
  focus: TwoFactorField | null;
  /** Verified: show 'login_2fa_pass', then go here 0.5 s later. */
  passed: { location: string } | null;
};

export type LoginActionData = FormAnswer<LoginField, LoginValues> & {
  mode: LoginMode;
  twoFactor: TwoFactorState | null;
  /** A Firebase sign-in found no member: the choice to offer. */
  identityOffer: IdentityOffer | null;
};

/** The send-code resource route's answer (/m/sms-code). */
export type SendCodeResult =
  | { ok: true; id: string; expiresInMs: number }
  | { ok: false; id: string; fieldErrors: Partial<Record<"countryDialingCode" | "mobileNum", Message>>; notice: Message | null };

/** What <CaptchaField> needs for one form (app/captcha/captcha.server.ts captchaSetupFromSettings). */
export type CaptchaSetupData = { required: boolean; version: "v3" | "v4"; servers: string[]; presentation: "slide" | "click" };

export type LoginPrefill = { username: string; countryDialingCode: string; mobileNum: string; remember: boolean };

/** The /m/login loader's data. */
export type LoginPageData = {
  mode: LoginMode;
  settings: LoginPageSettings;
  captcha: { login: CaptchaSetupData; sms: CaptchaSetupData };
  prefill: LoginPrefill;
  redirectUrl: string | null;
  /** The platform ended the member's session (the login page then says "please login"). */
  sessionEnded: boolean;
};
