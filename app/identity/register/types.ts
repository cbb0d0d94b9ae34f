// What the register route's loader and action send to the page. Types only: shared by the server and the components.
import type { TranslationKey } from "../../i18n/i18n-instance";
import type { Country, FormAnswer } from "../types";
import type { RegisterField, RegisterMode, RegisterValues } from "./register-form";

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

/**
 * Its field errors: local rule errors (translation keys) and the platform's error on the field it belongs to; its
 * notice: the notice alert (docs/behaviour/registration.md#register-errors).
 */
export type RegisterFailure = FormAnswer<RegisterField, RegisterValues> & { ok: false };

export type RegisterSuccess = {
  ok: true;
  id: string;
  /** Where to go after the success alert: home (or the configured page), or the change-password page. */
  location: string;
  message: TranslationKey;
};

export type RegisterActionData = RegisterFailure | RegisterSuccess;
