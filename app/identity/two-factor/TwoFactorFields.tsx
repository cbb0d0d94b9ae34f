import type { InputHTMLAttributes } from "react";
import { useTranslation } from "~/i18n/translate";
import type { TranslationKey } from "~/i18n/i18n-instance";
import { MobileCodeFields } from "../fields/MobileCodeFields";
import { TextField } from "../fields/TextField";
import type { FieldIds } from "../fields/use-focus-first-error";
import { useMessageText } from "../fields/use-message-text";
import type { CaptchaSetupData, TwoFactorValues } from "../login/types";
import type { CodeSent, Country, Message } from "../types";
import type { TwoFactorField, TwoFactorMethod } from "./methods";

// In the order the inputs are shown, as METHOD_FIELDS lists them: the first invalid one gets focus.
export const TWO_FACTOR_FIELD_IDS: FieldIds<TwoFactorField> = {
  payeeName: "tf-payee",
  email: "tf-email",
  authCode: "tf-auth",
  mobileNum: "tf-sms-mobile",
  verificationCode: "tf-code",
};

type SingleInput = {
  field: "payeeName" | "email" | "authCode";
  label: TranslationKey;
  hint?: TranslationKey;
  input: Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "inputMode" | "autoComplete" | "maxLength">;
};

/** The methods answered with one input: what it asks for. */
const SINGLE_INPUTS: Record<Exclude<TwoFactorMethod, "sms">, SingleInput> = {
  payeeName: { field: "payeeName", label: "payee_name", input: { autoComplete: "name", maxLength: 100 } },
  email: { field: "email", label: "email_address", input: { type: "email", autoComplete: "email", maxLength: 254 } },
  ga: {
    field: "authCode",
    label: "auth_code",
    hint: "auth_code_hint",
    input: { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6 },
  },
};

type TwoFactorFieldsProps = {
  method: TwoFactorMethod;
  /** What the answer kept (the authenticator code never is). */
  values: TwoFactorValues;
  errors: Partial<Record<TwoFactorField, Message>>;
  /** The number the platform has on file, masked: the SMS tab's hint. */
  maskedMobile: string | null;
  countries: Country[] | null;
  defaultDialingCode: string;
  captchaSms: CaptchaSetupData;
  codeSent: CodeSent | null;
  onMobileErrors: (errors: Partial<Record<"countryDialingCode" | "mobileNum", Message>>) => void;
  onNotice: (notice: Message) => void;
};

/** The inputs of one two-factor method (docs/behaviour/identity.md#two-factor-methods): the body of its tab. */
export function TwoFactorFields({ method, values, errors, maskedMobile, ...sms }: TwoFactorFieldsProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  if (method === "sms") {
    return (
      <MobileCodeFields
        idPrefix="tf-sms"
        codeFieldId={TWO_FACTOR_FIELD_IDS.verificationCode}
        countries={sms.countries}
        defaultDialingCode={sms.defaultDialingCode}
        values={values}
        mobileError={text(errors.mobileNum)}
        mobileHint={maskedMobile ? t("two_factor_registered_mobile", { mobile: maskedMobile }) : undefined}
        codeError={text(errors.verificationCode)}
        sendIntent="2fa-send-code"
        captcha={sms.captchaSms}
        codeSent={sms.codeSent}
        onMobileErrors={sms.onMobileErrors}
        onNotice={sms.onNotice}
      />
    );
  }
  const { field, label, hint, input } = SINGLE_INPUTS[method];
  const kept: Partial<Record<TwoFactorField, string>> = values;
  return (
    <TextField
      id={TWO_FACTOR_FIELD_IDS[field]}
      name={field}
      label={t(label)}
      hint={hint ? t(hint) : undefined}
      {...input}
      defaultValue={kept[field]}
      error={text(errors[field])}
    />
  );
}
