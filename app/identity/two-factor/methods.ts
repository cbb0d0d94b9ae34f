// Two-factor methods (docs/behaviour/identity.md#two-factor-methods): order, platform codes and per-method validation.
// Shared by the browser (instant errors) and the action (the same rules, authoritative).
import { isNationalNumber, normalizeMobile } from "../phone";

/** The tab order, which also picks the first tab: payeeName, sms, ga, email. */
export const TWO_FACTOR_METHODS = ["payeeName", "sms", "ga", "email"] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

export const METHOD_CODES = { email: "E", payeeName: "P", ga: "G", sms: "S" } as const satisfies Record<TwoFactorMethod, string>;

/** The required methods in tab order. */
export function requiredMethods(flags: Partial<Record<TwoFactorMethod, boolean>>): TwoFactorMethod[] {
  return TWO_FACTOR_METHODS.filter((method) => flags[method] === true);
}

/** The tab the modal opens on: the first required method in tab order. */
export function firstMethod(methods: readonly TwoFactorMethod[]): TwoFactorMethod | null {
  return TWO_FACTOR_METHODS.find((method) => methods.includes(method)) ?? null;
}

export function isTwoFactorMethod(value: unknown): value is TwoFactorMethod {
  return typeof value === "string" && (TWO_FACTOR_METHODS as readonly string[]).includes(value);
}

/** The inputs of each method, in the order they are shown (first invalid one gets focus). */
export const METHOD_FIELDS = {
  payeeName: ["payeeName"],
  email: ["email"],
  ga: ["authCode"],
  sms: ["mobileNum", "verificationCode"],
} as const satisfies Record<TwoFactorMethod, readonly string[]>;
export type TwoFactorField = (typeof METHOD_FIELDS)[TwoFactorMethod][number];

export type TwoFactorErrorKey =
  | "error_payee_required"
  | "error_email_required"
  | "error_email_invalid"
  | "error_auth_code_invalid"
  | "error_mobile_required"
  | "error_mobile_invalid"
  | "error_code_required";

export type TwoFactorInput = Partial<Record<TwoFactorField, string | null | undefined>>;
export type TwoFactorErrors = Partial<Record<TwoFactorField, TwoFactorErrorKey>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed inputs; an error key per invalid field. Empty → "required"; present but wrong shape → "invalid". */
export function validateTwoFactor(
  method: TwoFactorMethod,
  input: TwoFactorInput,
): { values: Record<string, string>; errors: TwoFactorErrors } {
  const values: Record<string, string> = {};
  const errors: TwoFactorErrors = {};
  for (const field of METHOD_FIELDS[method]) values[field] = (input[field] ?? "").trim();
  if (values.mobileNum) values.mobileNum = normalizeMobile(values.mobileNum);
  switch (method) {
    case "payeeName":
      if (!values.payeeName) errors.payeeName = "error_payee_required";
      break;
    case "email":
      if (!values.email) errors.email = "error_email_required";
      else if (!EMAIL.test(values.email) || values.email.length > 254) errors.email = "error_email_invalid";
      break;
    case "ga":
      if (!/^\d{6}$/.test(values.authCode ?? "")) errors.authCode = "error_auth_code_invalid";
      break;
    case "sms":
      if (!values.mobileNum) errors.mobileNum = "error_mobile_required";
      else if (!isNationalNumber(values.mobileNum)) errors.mobileNum = "error_mobile_invalid";
      if (!values.verificationCode) errors.verificationCode = "error_code_required";
      break;
  }
  return { values, errors };
}

/** The field to focus after a failure: the first invalid one, else the method's first input. */
export function fieldToFocus(method: TwoFactorMethod, errors: TwoFactorErrors): TwoFactorField {
  const fields: readonly TwoFactorField[] = METHOD_FIELDS[method];
  return fields.find((field) => errors[field]) ?? fields[fields.length - 1]!;
}
