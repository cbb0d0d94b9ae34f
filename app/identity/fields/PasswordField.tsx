import { forwardRef, useState } from "react";
import { useTranslation } from "~/i18n/translate";
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
        <span aria-hidden="true">{shown ? "🙈" : "👁"}</span>
      </button>
    ) : null;
  return <TextField ref={ref} {...field} type={shown ? "text" : "password"} addon={toggle} />;
});
