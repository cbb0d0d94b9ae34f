import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";

/**
 * Before the browser paints: a dialog must never look modal while it is not yet (Escape and focus would reach the page
 * behind it). The server has no paint, and React warns about layout effects there.
 */
const useBeforePaintEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

type DialogProps = {
  titleId: string;
  children: ReactNode;
  /** "alert" for notices that need an answer. */
  role?: "dialog" | "alertdialog";
  onClose?: () => void;
  /** Replaces the "dialog" class (a variant's own layout). */
  className?: string;
};

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside) and
 * Escape closes it. Without JavaScript it renders open, in the page flow, and its buttons still work.
 */
export function Dialog({ titleId, children, role = "dialog", onClose, className = "dialog" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // The latest callback, so a parent's re-render never re-opens the modal (the effect below runs once).
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useBeforePaintEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // A server-rendered dialog the player already closed (its Confirm works before the page's scripts do): it stays
    // closed; the scripts may arrive after the click, above all for views that load only when a page has one.
    if (!dialog.open) {
      onCloseRef.current?.();
      return;
    }
    dialog.close();
    dialog.showModal();
    // Switching the server-rendered open dialog to a modal queues a stale "close" event; only a real close counts.
    const closed = () => {
      if (!dialog.open) onCloseRef.current?.();
    };
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, []);
  return (
    <dialog ref={ref} open className={className} role={role} aria-modal="true" aria-labelledby={titleId}>
      {children}
    </dialog>
  );
}
