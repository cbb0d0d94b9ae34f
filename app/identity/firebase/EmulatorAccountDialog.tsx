import type { FormEvent } from "react";
import { useTranslation } from "~/i18n/translate";
import { Dialog } from "~/ui/Dialog";

type EmulatorAccountDialogProps = {
  /** The provider's name as the buttons show it. */
  provider: string;
  onChoose: (email: string) => void;
  onClose: () => void;
};

/**
 * The Firebase Auth emulator cannot show a provider's page: it asks which account to sign in as (test and development
 * servers only; docs/behaviour/firebase.md#social-sign-in).
 */
export default function EmulatorAccountDialog({ provider, onChoose, onClose }: EmulatorAccountDialogProps) {
  const { t } = useTranslation();
  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChoose(String(new FormData(event.currentTarget).get("email") ?? "").trim());
  };
  return (
    <Dialog titleId="emulator-title" onClose={onClose}>
      <h2 id="emulator-title" className="dialog__title">
        {t("emulator_title", { provider })}
      </h2>
      <p className="dialog__body">{t("emulator_note", { provider })}</p>
      <form className="emulator-account" onSubmit={choose}>
        <label className="field__label" htmlFor="emulator-email">
          {t("emulator_email")}
        </label>
        <input id="emulator-email" className="field__input" name="email" type="email" required autoComplete="off" />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t("close")}
          </button>
          <button type="submit" className="button button--primary">
            {t("confirm")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
