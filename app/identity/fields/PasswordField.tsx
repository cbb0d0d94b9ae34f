import { forwardRef, useState } from "react";
import { useTranslation } from "~/i18n/translate";
import { Eye } from "../../ui/Eye";
import { useHydrated } from "../../ui/use-hydrated";
import { TextField, type TextFieldProps } from "./TextField";

type PasswordFieldProps = Omit<TextFieldProps, "type" | "addon"> & {
  /** The show/hide button; off where the page has never offered it (change password). */
  revealable?: boolean;
};

/**
 * A password input with its show/hide button. The button needs JavaScript, so it appears only after hydration: a
 * plain post never renders a control that cannot work.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField({ revealable = true, ...field }, ref) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const toggle =
    revealable && hydrated ? (
      <button
        type="button"
        className="field__toggle"
        aria-pressed={shown}
        aria-label={t("show_password")}
        onClick={() => setShown((v) => !v)}
      >
        <Eye struck={shown} />
      </button>
    ) : null;
  return <TextField ref={ref} {...field} type={shown ? "text" : "password"} addon={toggle} />;
});

type PresetProps = Omit<PasswordFieldProps, "name" | "label" | "autoComplete" | "maxLength"> & {
  /** "password" unless the form posts it under another name. */
  name?: string;
  /** "Password" unless the form says which one. */
  label?: string;
};

/** A password field for one use: what the browser may fill in, and the longest password the platform takes for it. */
function passwordPreset(autoComplete: "current-password" | "new-password", maxLength: number) {
  return forwardRef<HTMLInputElement, PresetProps>(function PasswordPreset(field, ref) {
    const { t } = useTranslation();
    return <PasswordField ref={ref} name="password" label={t("password")} autoComplete={autoComplete} maxLength={maxLength} {...field} />;
  });
}

/** The password the member has: up to 128 characters (docs/behaviour/identity.md#login-fields). */
export const CurrentPasswordField = passwordPreset("current-password", 128);

/** A password being chosen: up to 20 characters (docs/behaviour/registration.md#register-fields). */
export const NewPasswordField = passwordPreset("new-password", 20);
