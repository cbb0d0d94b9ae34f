import { z } from "zod";
import type { TranslationKey } from "~/i18n/i18n-instance";

// The registration form's rules, shared by the browser (errors before a round trip) and the action (the
// authority). The platform applies the same rules; these give field-level, translated errors first.

export const REGISTER_MODES = ["username", "mobile"] as const;
export type RegisterMode = (typeof REGISTER_MODES)[number];

/** 4–16 letters or digits, starting with a letter. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{3,15}$/;
/** 6–20 letters and digits only (the live platform refuses anything else). */
export const PASSWORD_PATTERN = /^[A-Za-z0-9]{6,20}$/;
/** The national number: 6–15 digits. */
export const MOBILE_PATTERN = /^\d{6,15}$/;
const DIALING_CODE_PATTERN = /^\d{1,4}$/;

export type RegisterField =
  "username" | "password" | "countryDialingCode" | "mobileNum" | "verificationCode" | "referralCode" | "affiliateCode";
export type FieldErrors = Partial<Record<RegisterField, TranslationKey>>;

/** What the member typed, kept across a failed post (never the password). */
export type RegisterValues = {
  mode: RegisterMode;
  username: string;
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  referralCode: string;
  affiliateCode: string;
};

export type RegisterInput =
  | { mode: "username"; username: string; password: string; referralCode: string; affiliateCode: string }
  | {
      mode: "mobile";
      countryDialingCode: string;
      mobileNum: string;
      verificationCode: string;
      /** Empty when the merchant lets mobile registration go without one. */
      password: string;
      referralCode: string;
      affiliateCode: string;
    };

const text = (max: number) =>
  z
    .string()
    .max(10_000)
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, max));

const formSchema = z.object({
  mode: z.enum(REGISTER_MODES).catch("username"),
  username: text(64),
  password: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v ?? ""),
  countryDialingCode: text(8).transform((v) => v.replace(/^\+/, "")),
  // People type numbers with spaces, dashes or brackets; only the digits matter.
  mobileNum: text(40).transform((v) => v.replace(/[\s\-().]/g, "")),
  verificationCode: text(12),
  referralCode: text(64),
  affiliateCode: text(64),
});

type FormSource = FormData | Record<string, unknown>;

function entries(source: FormSource): Record<string, unknown> {
  if (!(source instanceof FormData)) return source;
  const record: Record<string, unknown> = {};
  for (const [name, value] of source) if (typeof value === "string") record[name] = value;
  return record;
}

/** The typed values to show again after a failure: everything except the password. */
export function keptValues(source: FormSource): RegisterValues {
  const parsed = formSchema.safeParse(entries(source));
  const data = parsed.success
    ? parsed.data
    : {
        mode: "username" as const,
        username: "",
        countryDialingCode: "",
        mobileNum: "",
        verificationCode: "",
        referralCode: "",
        affiliateCode: "",
      };
  return {
    mode: data.mode,
    username: data.username,
    countryDialingCode: data.countryDialingCode,
    mobileNum: data.mobileNum,
    verificationCode: data.verificationCode,
    referralCode: data.referralCode,
    affiliateCode: data.affiliateCode,
  };
}

export type ValidationResult = { ok: true; input: RegisterInput } | { ok: false; fieldErrors: FieldErrors; values: RegisterValues };

/**
 * Checks the form against the registration rules. `passwordRequired` is false only for mobile registration on
 * merchants whose setting register.passwordRequiredForMobile is off (the platform then uses the default password).
 */
export function validateRegistration(
  source: FormSource,
  options: { mobileAllowed: boolean; passwordRequiredForMobile: boolean },
): ValidationResult {
  const parsed = formSchema.safeParse(entries(source));
  const values = keptValues(source);
  if (!parsed.success) return { ok: false, fieldErrors: { username: "register_username_invalid" }, values };
  const data = parsed.data;
  const mode: RegisterMode = data.mode === "mobile" && options.mobileAllowed ? "mobile" : "username";
  const fieldErrors: FieldErrors = {};

  if (mode === "username") {
    if (!data.username) fieldErrors.username = "error_username_required";
    else if (!USERNAME_PATTERN.test(data.username)) fieldErrors.username = "register_username_invalid";
  } else {
    if (!DIALING_CODE_PATTERN.test(data.countryDialingCode)) fieldErrors.countryDialingCode = "error_country_code";
    if (!data.mobileNum) fieldErrors.mobileNum = "error_mobile_required";
    else if (!MOBILE_PATTERN.test(data.mobileNum)) fieldErrors.mobileNum = "register_mobile_invalid";
    if (!data.verificationCode) fieldErrors.verificationCode = "error_code_required";
  }

  const passwordOptional = mode === "mobile" && !options.passwordRequiredForMobile;
  if (!data.password) {
    if (!passwordOptional) fieldErrors.password = "error_password_required";
  } else if (!PASSWORD_PATTERN.test(data.password)) fieldErrors.password = "error_password_rule";

  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors, values: { ...values, mode } };
  const common = { password: data.password, referralCode: data.referralCode, affiliateCode: data.affiliateCode };
  return {
    ok: true,
    input:
      mode === "username"
        ? { mode, username: data.username, ...common }
        : {
            mode,
            countryDialingCode: data.countryDialingCode,
            mobileNum: data.mobileNum,
            verificationCode: data.verificationCode,
            ...common,
          },
  };
}

/** The platform's error codes that belong to one field, so that field is marked as well as the notice shown. */
export function fieldForErrorCode(code: string | null): RegisterField | null {
  switch (code) {
    case "username.invalid":
    case "username.exists":
      return "username";
    case "password.invalid":
      return "password";
    case "mobile.invalid":
    case "mobile.exists":
      return "mobileNum";
    case "code-expired":
    case "sms.code.invalid":
      return "verificationCode";
    default:
      return null;
  }
}
