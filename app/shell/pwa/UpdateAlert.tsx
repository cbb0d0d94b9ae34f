import { useState } from "react";
import { useTranslation } from "~/i18n/translate";
import { Dialog } from "~/ui/Dialog";
import { applyUpdate } from "~/shell/update/update-check";

/** The update-available alert (docs/behaviour/install.md#update-check): title, message, Refresh. */
export function UpdateAlert({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog titleId="pwa-update-title" role="alertdialog" onClose={onClose}>
      <h2 id="pwa-update-title" className="dialog__title">
        {t("pwa_update_title")}
      </h2>
      <p className="dialog__body">{t("pwa_update_msg")}</p>
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--primary button--block"
          autoFocus
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void applyUpdate();
          }}
        >
          {t("refresh")}
        </button>
      </div>
    </Dialog>
  );
}
