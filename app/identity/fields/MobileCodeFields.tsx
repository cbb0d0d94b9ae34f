import type { ComponentProps } from "react";
import { useTranslation } from "~/i18n/translate";
import { MobileField } from "./MobileField";
import { SmsCodeField } from "./SmsCodeField";
import type { CodeSent, Message } from "../login/types";

type MobileCodeFieldsProps = {
  /** Prefix of the mobile field's ids (`<prefix>-country`, `<prefix>-mobile`). */
  idPrefix: string;
  codeFieldId: string;
  countries: ComponentProps<typeof MobileField>["countries"];
  defaultDialingCode: string;
  /** What the player typed, kept after an answer. */
  values?: { countryDialingCode?: string; mobileNum?: string; verificationCode?: string };
  mobileError?: string;
  codeError?: string;
  /** The captcha the send-code button needs, per the merchant's settings. */
  captcha: ComponentProps<typeof SmsCodeField>["captcha"];
  codeSent?: CodeSent | null;
  onMobileErrors: (errors: Partial<Record<"countryDialingCode" | "mobileNum", Message>>) => void;
  onNotice: (notice: Message) => void;
  sendByFirebase?: ComponentProps<typeof SmsCodeField>["sendByFirebase"];
};

/** A mobile number and the SMS code sent to it ("send-code" posts the same form): SMS login and mobile registration. */
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
      />
      <SmsCodeField
        id={props.codeFieldId}
        label={t("verification_code")}
        defaultValue={props.values?.verificationCode}
        error={props.codeError}
        sendIntent="send-code"
        captcha={props.captcha}
        codeSent={props.codeSent}
        onMobileErrors={props.onMobileErrors}
        onNotice={props.onNotice}
        sendByFirebase={props.sendByFirebase}
      />
    </>
  );
}
