import { useState } from "react";
import { Dialog } from "~/ui/Dialog";
import { useTranslation } from "~/i18n/translate";
import { iconPath } from "~/shell/install/assets";

/** The product's install prompt on the browser's install event: closing declines for this session, agreeing asks the browser. */
export function InstallModal({ brand, onClose, onInstall }: { brand: string; onClose: () => void; onInstall: () => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog titleId="install-title" onClose={onClose}>
      <div className="install-modal">
        <img className="install-modal__icon" src={iconPath(192)} alt="" width={72} height={72} />
        <h2 id="install-title" className="dialog__title">
          {t("install_title", { brand })}
        </h2>
        <p className="dialog__body">{t("install_text", { brand })}</p>
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--primary button--block"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void onInstall().finally(() => setBusy(false));
            }}
          >
            {t("install_agree")}
          </button>
          <button type="button" className="button button--secondary button--block" onClick={onClose}>
            {t("install_later")}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
