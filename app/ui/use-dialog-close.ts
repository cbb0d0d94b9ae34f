import { useCallback } from "react";

/**
 * An onClose for <Dialog> that ignores the stale "close" event of its own mount: Dialog closes the server-rendered
 * open dialog before showModal(), and that event arrives after showModal() (the dialog is open again by then).
 * Real closes (Escape, a close button) find the dialog closed.
 */
export function useDialogClose(titleId: string, onClose: () => void): () => void {
  return useCallback(() => {
    const dialog = document.querySelector<HTMLDialogElement>(`dialog[aria-labelledby="${CSS.escape(titleId)}"]`);
    if (dialog?.open) return;
    onClose();
  }, [titleId, onClose]);
}
