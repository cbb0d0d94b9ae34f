import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translate";
import { Dialog } from "~/ui/Dialog";
import type { UpgradeOffer } from "~/shell/download/rules";
import { markShellState } from "~/shell/shell-state";

/**
 * The native app's upgrade modal (docs/behaviour/download.md#upgrade-modal): a newer version and its download link.
 * Closable unless the merchant makes updates mandatory (MANDATORYAPPUPDATES3); then Escape does nothing and the
 * modal comes back if the browser closes it anyway. From app version 2.4.39 the link opens in the app itself.
 */
export default function UpgradeModal({ offer }: { offer: UpgradeOffer }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const [round, setRound] = useState(0);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = body.current?.closest("dialog");
    if (!dialog || offer.closable) return;
    const refuse = (event: Event) => event.preventDefault();
    dialog.addEventListener("cancel", refuse);
    return () => dialog.removeEventListener("cancel", refuse);
  }, [offer.closable, round]);

  useEffect(() => markShellState("upgradeModal", open ? "shown" : "closed"), [open, round]);

  // Closed by Later or Escape; a mandatory update opens again.
  const closed = useCallback(() => (offer.closable ? setOpen(false) : setRound((r) => r + 1)), [offer.closable]);
  if (!open) return null;
  return (
    <Dialog key={round} titleId="upgrade-title" role="alertdialog" onClose={closed}>
      <div ref={body} className="upgrade-modal">
        <span className="upgrade-modal__icon" aria-hidden="true" />
        <h2 id="upgrade-title" className="dialog__title">
          {t("upgrade_title")}
        </h2>
        <p className="dialog__body">{t("upgrade_message", { version: offer.latestVersion })}</p>
        {offer.closable ? null : <p className="dialog__body upgrade-modal__mandatory">{t("upgrade_mandatory")}</p>}
        <div className="dialog__actions">
          <a
            className="button button--primary button--block"
            href={offer.url}
            target={offer.sameTab ? undefined : "_blank"}
            rel={offer.sameTab ? undefined : "noopener noreferrer"}
          >
            {t("upgrade_now")}
          </a>
          {offer.closable ? (
            <form method="dialog">
              <button type="submit" className="button button--secondary button--block">
                {t("upgrade_later")}
              </button>
            </form>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
