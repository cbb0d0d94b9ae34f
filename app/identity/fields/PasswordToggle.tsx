import { useTranslation } from "~/i18n/translate";

/** Shows or hides the password; rendered only after hydration, since it needs JavaScript. */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="field__toggle" aria-pressed={shown} aria-label={t("show_password")} onClick={onToggle}>
      <span aria-hidden="true">{shown ? "🙈" : "👁"}</span>
    </button>
  );
}
