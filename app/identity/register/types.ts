// What the register route's loader and action send to the page. Types only: shared by the server and the components.
import type { TranslationKey } from "../../i18n/i18n-instance";
import type { CodeSent, Country, Message } from "../login/types";
import type { RegisterField, RegisterMode, RegisterValues } from "./register-form";

export type { CodeSent, Country, Message };

export type RegisterPageData = {
  mode: RegisterMode;
  /** Offer the mobile-number tab (settings register.mobile). */
  mobileAllowed: boolean;
  /** Mobile registration may leave the password empty (settings register.passwordRequiredForMobile false). */
  passwordOptionalForMobile: boolean;
  captcha: { required: boolean; version: "v3" | "v4"; servers: string[] };
  /** The SMS send-code call needs its own captcha (settings captcha.sms). */
  smsCaptcha: { required: boolean; version: "v3" | "v4"; servers: string[] };
  /** Prefill: address first, then the stored registration info. */
  referralCode: string;
  affiliateCode: string;
  /** settings register.autoUsername: a free username from the platform, or "" when none. */
  suggestedUsername: string;
  /** The merchant's own dialling code, and the list for the picker (empty when the platform gave none). */
  defaultDialingCode: string;
  countries: Country[];
  /** SMS codes by Firebase: the mobile tab registers by identity provider (docs/behaviour/firebase.md#sms-by-firebase). */
  smsByFirebase: boolean;
};

export type RegisterFailure = {
  ok: false;
  /** Unique per answer, so the same notice shows again after a second identical failure. */
  id: string;
  values: RegisterValues;
  /** Local rule errors (translation keys) and the platform's error on the field it belongs to. */
  fieldErrors: Partial<Record<RegisterField, Message>>;
  /** The notice alert (docs/behaviour/registration.md#register-errors). */
  notice: Message | null;
  /** A code sent by the "Send code" button without JavaScript: the countdown starts from here. */
  codeSent: CodeSent | null;
};

export type RegisterSuccess = {
  ok: true;
  id: string;
  /** Where to go after the success alert: home (or the configured page), or the change-password page. */
  location: string;
  message: TranslationKey;
};

export type RegisterActionData = RegisterFailure | RegisterSuccess;
