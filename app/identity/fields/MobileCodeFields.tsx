import type { ComponentProps } from "react";
import { useTranslation } from "~/i18n/translate";
import { MobileField } from "./MobileField";
import { SmsCodeField } from "./SmsCodeField";
import type { CodeSent, Message } from "../types";

type MobileCodeFieldsProps = {
  /** Prefix of the mobile field's ids (`<prefix>-country`, `<prefix>-mobile`). */
  idPrefix: string;
  codeFieldId: string;
  countries: ComponentProps<typeof MobileField>["countries"];
  defaultDialingCode: string;
  /** What the player typed, kept after an answer. */
  values?: { countryDialingCode?: string; mobileNum?: string; verificationCode?: string };
  mobileError?: string;
  /** Under the number (the two-factor step's registered number). */
  mobileHint?: string;
  codeError?: string;
  /** The "Send code" button's intent without JavaScript: "send-code" unless the form says otherwise. */
  sendIntent?: string;
  /** The captcha the send-code button needs, per the merchant's settings. */
  captcha: ComponentProps<typeof SmsCodeField>["captcha"];
  codeSent?: CodeSent | null;
  onMobileErrors: (errors: Partial<Record<"countryDialingCode" | "mobileNum", Message>>) => void;
  onNotice: (notice: Message) => void;
  sendByFirebase?: ComponentProps<typeof SmsCodeField>["sendByFirebase"];
};

/**
 * A mobile number and the SMS code sent to it ("Send code" posts the same form without JavaScript): SMS login, mobile
 * registration and the two-factor step's SMS tab.
 */
export function MobileCodeFields(props: MobileCodeFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <MobileField
        idPrefix={props.idPrefix}
        countries={props.countries}
        defaultDialingCode={props.defaultDialingCode}
        dialingCode={props.values?.countryDialingCode}
        mobileNum={props.values?.mobileNum}
        error={props.mobileError}
        hint={props.mobileHint}
      />
      <SmsCodeField
        id={props.codeFieldId}
        label={t("verification_code")}
        defaultValue={props.values?.verificationCode}
        error={props.codeError}
        sendIntent={props.sendIntent ?? "send-code"}
        captcha={props.captcha}
        codeSent={props.codeSent}
        onMobileErrors={props.onMobileErrors}
        onNotice={props.onNotice}
        sendByFirebase={props.sendByFirebase}
      />
    </>
  );
}
