import { useTranslation } from "~/i18n/translate";
import { TextField, type TextFieldProps } from "./TextField";

type UsernameFieldProps = Pick<TextFieldProps, "id" | "maxLength" | "defaultValue" | "hint" | "error">;

/**
 * The user name of login and registration, typed as is (no capital, no spell check); each form has its own limit
 * (docs/behaviour/identity.md#login-fields, docs/behaviour/registration.md#register-fields).
 */
export function UsernameField(props: UsernameFieldProps) {
  const { t } = useTranslation();
  return <TextField name="username" label={t("username")} autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}
