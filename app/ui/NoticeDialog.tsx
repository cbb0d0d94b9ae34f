import { useTranslation } from "~/i18n/translate";
import type { SiteNotice } from "~/site-status/site-state.server";
import { Dialog } from "./Dialog";

/**
 * The notice alert (docs/behaviour/shell.md#notices): titled "Notice", the platform's message (or a translated one),
 * Confirm.
 */
export function NoticeDialog({ notice }: { notice: SiteNotice }) {
  const { t } = useTranslation();
  const message = "message" in notice ? notice.message : t(notice.messageKey);
  return (
    <Dialog titleId="notice-title" role="alertdialog">
      <h2 id="notice-title" className="dialog__title">
        {t("notice")}
      </h2>
      <p className="dialog__body">{message}</p>
      <form method="dialog" className="dialog__actions">
        <button type="submit" className="button button--primary" autoFocus>
          {t("confirm")}
        </button>
      </form>
    </Dialog>
  );
}
