import { useTranslation } from "~/i18n/translate";
import { TextField, type TextFieldProps } from "./TextField";

type OptionalCodeFieldProps = Pick<TextFieldProps, "id" | "name" | "label" | "defaultValue" | "error">;

/** A code the player may add (referral, affiliate): marked optional, typed as is (docs/behaviour/registration.md#register-fields). */
export function OptionalCodeField(props: OptionalCodeFieldProps) {
  const { t } = useTranslation();
  return <TextField hint={t("optional")} autoCapitalize="none" spellCheck={false} maxLength={64} {...props} />;
}
