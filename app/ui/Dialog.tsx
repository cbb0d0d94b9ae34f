import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";

/**
 * Before the browser paints: a dialog must never look modal while it is not yet (Escape and focus would reach the page
 * behind it). The server has no paint, and React warns about layout effects there.
 */
const useBeforePaintEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * A dialog in the server's HTML that is due later: `at` ms after the page's HTML began to be read, by the page's own
 * clock (a line of script inside it; `nonce` for the page's CSP). Until then it is out of sight (app/styles/app.css);
 * it becomes modal once it is due and the scripts have arrived, whichever is later.
 */
export type DialogAppear = { at: number; nonce: string | undefined };

type DialogProps = {
  titleId: string;
  children: ReactNode;
  /** "alert" for notices that need an answer. */
  role?: "dialog" | "alertdialog";
  onClose?: () => void;
  /** When it has become modal. */
  onOpen?: () => void;
  /** Replaces the "dialog" class (a variant's own layout). */
  className?: string;
  appear?: DialogAppear;
};

const APPEARED = "data-appeared";

// Written as text: the bundler may rewrite a function's source. Timers, not CSS: a test's paused clock holds them too.
// The time counts from when the page began to be read (window.__mcPageRead, set by ./PageReadMark.tsx; written here
// again rather than imported, which made the two a shared chunk of their own on every page), not from when this line
// runs: it waits for the stylesheet. tests/edge/announcements.test.ts checks both lines.
const APPEAR_SCRIPT =
  "(function(d){var r=window.__mcPageRead" +
  ',n=performance.now();setTimeout(function(){d.setAttribute("' +
  APPEARED +
  '","")},+d.getAttribute("data-appear-at")-(typeof r==="number"?n-r:0))})(document.currentScript.parentNode);';

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside) and
 * Escape closes it. Without JavaScript it renders open, in the page flow, and its buttons still work.
 */
export function Dialog({ titleId, children, role = "dialog", onClose, onOpen, className = "dialog", appear }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // The latest callbacks, so a parent's re-render never re-opens the modal (the effect below runs once).
  const onCloseRef = useRef(onClose);
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onCloseRef.current = onClose;
    onOpenRef.current = onOpen;
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
    // Switching the server-rendered open dialog to a modal queues a stale "close" event; only a real close counts.
    const closed = () => {
      if (!dialog.open) onCloseRef.current?.();
    };
    const becomeModal = () => {
      const animations = () => (typeof dialog.getAnimations === "function" ? dialog.getAnimations() : []);
      const entering = animations().some((animation) => entranceOf(animation) && animation.playState === "running");
      dialog.close();
      dialog.showModal();
      // A dialog already on screen does not come in a second time (close() and showModal() restart its entrance).
      if (appear && !entering)
        animations()
          .filter(entranceOf)
          .forEach((animation) => animation.finish());
      dialog.addEventListener("close", closed);
      onOpenRef.current?.();
    };
    if (!appear || dialog.hasAttribute(APPEARED)) {
      becomeModal();
      return () => dialog.removeEventListener("close", closed);
    }
    const due = new MutationObserver(() => {
      if (!dialog.hasAttribute(APPEARED)) return;
      due.disconnect();
      becomeModal();
    });
    due.observe(dialog, { attributes: true, attributeFilter: [APPEARED] });
    return () => {
      due.disconnect();
      dialog.removeEventListener("close", closed);
    };
    // Runs once: `appear` is the server's, fixed for the dialog's life.
  }, []);
  return (
    <dialog ref={ref} open className={className} role={role} aria-modal="true" aria-labelledby={titleId} data-appear-at={appear?.at}>
      {children}
      {appear ? <script nonce={appear.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: APPEAR_SCRIPT }} /> : null}
    </dialog>
  );
}

/** The entrance animation of app/styles/app.css. */
const entranceOf = (animation: Animation): boolean => (animation as CSSAnimation).animationName === "dialog-in";
