import { useEffect, useRef, useState } from "react";
import { Dialog } from "./Dialog";

/** The bottom confirm/cancel modal appears this long after it is asked for (docs/decisions/0038-bottom-confirm.md). */
export const BOTTOM_CONFIRM_DELAY_MS = 1000;

type BottomConfirmProps = {
  titleId: string;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Cancel, Escape, or the sheet closed any other way. */
  onCancel: () => void;
  delayMs?: number;
};

/**
 * A confirm/cancel sheet at the bottom of the screen, on the accessible Dialog (focus kept inside, Escape cancels,
 * focus back where it was). Mount it to ask; it shows after the delay.
 */
export function BottomConfirm({
  titleId,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  delayMs = BOTTOM_CONFIRM_DELAY_MS,
}: BottomConfirmProps) {
  const [visible, setVisible] = useState(delayMs <= 0);
  const confirmed = useRef(false);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = window.setTimeout(() => setVisible(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <Dialog
      titleId={titleId}
      role="alertdialog"
      className="dialog bottom-confirm"
      onClose={() => (confirmed.current ? onConfirm() : onCancel())}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <p className="dialog__body">{message}</p>
      <form method="dialog" className="bottom-confirm__actions">
        <button type="submit" className="button button--secondary" value="cancel" autoFocus>
          {cancelLabel}
        </button>
        <button
          type="submit"
          className="button button--primary"
          value="confirm"
          onClick={() => {
            confirmed.current = true;
          }}
        >
          {confirmLabel}
        </button>
      </form>
    </Dialog>
  );
}
