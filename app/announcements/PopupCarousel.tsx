// The announcement popup carousel (docs/behaviour/announcements.md#carousel), loaded only when there is something to
// show: title, sanitised content, previous/next, close, hide today, do not show again (confirmed in the bottom sheet),
// autoplay, forceRead, go-to-activity or "I know it".
import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/translate";
import { Dialog, type DialogAppear } from "~/ui/Dialog";
import { BottomConfirm } from "~/ui/BottomConfirm";
import { Chevron } from "~/ui/Chevron";
import { useAttentionWithin } from "~/ui/use-attention-within";
import { usePrefersReducedMotion } from "~/ui/use-reduced-motion";
import { DISMISS_ACTION, GO_TO_ACTIVITY_PATH, POPUP_AUTOPLAY_MS, POPUP_CLOSE_MS, type CloseChoice, type PopupData } from "./rules";

const TITLE_ID = "announcement-title";
/** The dismissal form the buttons and boxes belong to: what they do before the page's scripts run. */
const FORM_ID = "announcement-dismiss";

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** Whether the server's dialog (`appear`) has the `choice` box ticked: read once, as the scripts hydrate it. */
function tickedBeforeScripts(appear: DialogAppear | undefined, choice: "today" | "never"): boolean {
  if (!appear || typeof document === "undefined") return false;
  return document.querySelector<HTMLInputElement>(`input[form="${FORM_ID}"][value="${choice}"]`)?.checked === true;
}

export default function PopupCarousel({
  data,
  onClosed,
  onShown,
  appear,
}: {
  data: PopupData;
  onClosed: (choice: CloseChoice) => void;
  /** Once it is modal. */
  onShown: () => void;
  /** In the server's HTML, due by the page's clock (docs/behaviour/announcements.md#schedule). */
  appear?: DialogAppear;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const { items } = data;
  const [index, setIndex] = useState(0);
  const [direction, setDirection] = useState<"next" | "previous">("next");
  // A box ticked in the server's dialog before the scripts came stays ticked when they take it over.
  const [hideToday, setHideToday] = useState(() => tickedBeforeScripts(appear, "today"));
  const [never, setNever] = useState(() => tickedBeforeScripts(appear, "never"));
  const [confirming, setConfirming] = useState(false);
  const attention = useAttentionWithin();
  const reducedMotion = usePrefersReducedMotion();
  const dialogRef = useRef<HTMLDivElement>(null);
  const choice = useRef<CloseChoice>("close");
  choice.current = never ? "never" : hideToday ? "today" : "close";
  const item = items[index]!;
  const last = index === items.length - 1;

  const go = (to: number, towards: "next" | "previous") => {
    setDirection(towards);
    setIndex((to + items.length) % items.length);
  };

  // Autoplay: every 5 s to the next slide; not under reduced motion, nor while the pointer or focus is on the slides.
  const paused = !open || attention.within || confirming;
  useEffect(() => {
    if (items.length < 2 || paused || reducedMotion) return;
    const timer = window.setTimeout(() => go(index + 1, "next"), POPUP_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts on every slide change
  }, [index, paused, reducedMotion, items.length]);

  // Closing animates out, then closes (docs/behaviour/announcements.md#closing); under reduced motion, or when the page
  // is about to change (go to activity), it closes at once.
  const closeDialog = (animate = true) => {
    const dialog = dialogRef.current?.closest("dialog");
    if (!dialog?.open || dialog.classList.contains("popup--closing")) return;
    if (!animate || window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      dialog.close();
      return;
    }
    const done = () => {
      window.clearTimeout(fallback);
      dialog.removeEventListener("animationend", onEnd);
      dialog.classList.remove("popup--closing");
      dialog.close();
    };
    const onEnd = (event: AnimationEvent) => {
      if (event.target === dialog) done();
    };
    // The stylesheet's animation ends it; should it never run (styles not applied), the popup still closes.
    const fallback = window.setTimeout(done, POPUP_CLOSE_MS * 2);
    dialog.addEventListener("animationend", onEnd);
    dialog.classList.add("popup--closing");
  };

  // Escape closes through the same animation.
  useEffect(() => {
    const dialog = dialogRef.current?.closest("dialog");
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      closeDialog();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, []);

  // forceRead: closing an item that must be read moves on to the next one, until the last. Before the scripts run the
  // button posts the dismissal form instead (docs/behaviour/announcements.md#before-scripts): a popup the page's
  // scripts never reach can still be closed.
  const onCloseButton = (event: MouseEvent) => {
    event.preventDefault();
    if (item.forceRead && !last) go(index + 1, "next");
    else closeDialog();
  };

  return (
    <Dialog
      titleId={TITLE_ID}
      className="dialog popup"
      onClose={() => onClosed(choice.current)}
      onOpen={() => {
        setOpen(true);
        onShown();
      }}
      appear={appear}
    >
      <div ref={dialogRef} className="popup__header">
        <h2 id={TITLE_ID} className="popup__title" dir="auto">
          {item.title}
        </h2>
        <button type="submit" form={FORM_ID} className="popup__close" onClick={onCloseButton} aria-label={t("close")} autoFocus>
          <Icon>
            <path d="M6 6l12 12M18 6L6 18" />
          </Icon>
        </button>
      </div>
      <div
        className="popup__slides"
        role="group"
        aria-roledescription={t("popup_slide")}
        aria-label={t("popup_position", { current: String(index + 1), total: String(items.length) })}
        {...attention.handlers}
      >
        <div
          key={item.hash}
          className={`popup__content popup__content--from-${direction}`}
          dir="auto"
          dangerouslySetInnerHTML={{ __html: item.html }}
        />
        {items.length > 1 ? (
          <div className="popup__nav">
            <button type="button" className="popup__arrow" onClick={() => go(index - 1, "previous")} aria-label={t("popup_previous")}>
              <Chevron direction="previous" />
            </button>
            <span className="popup__count" aria-live="polite">
              {t("popup_position", { current: String(index + 1), total: String(items.length) })}
            </span>
            <button type="button" className="popup__arrow" onClick={() => go(index + 1, "next")} aria-label={t("popup_next")}>
              <Chevron direction="next" />
            </button>
          </div>
        ) : null}
      </div>
      <div className="popup__options">
        <label className="popup__option">
          <input
            type="checkbox"
            name="choice"
            value="today"
            form={FORM_ID}
            checked={hideToday}
            onChange={(event) => setHideToday(event.currentTarget.checked)}
          />{" "}
          {t("popup_hide_today")}
        </label>
        <label className="popup__option">
          <input
            type="checkbox"
            name="choice"
            value="never"
            form={FORM_ID}
            checked={never}
            onChange={(event) => {
              // Ticking "do not show again" is confirmed first; unticking is not.
              if (event.currentTarget.checked) setConfirming(true);
              else setNever(false);
            }}
          />{" "}
          {t("popup_never")}
        </label>
      </div>
      <div className="popup__footer">
        {item.promotion ? (
          <Link className="button button--primary button--block" to={GO_TO_ACTIVITY_PATH} onClick={() => closeDialog(false)}>
            {t("popup_go_to_activity")}
          </Link>
        ) : (
          <button type="submit" form={FORM_ID} className="button button--primary button--block" onClick={onCloseButton}>
            {t("popup_i_know")}
          </button>
        )}
      </div>
      <form id={FORM_ID} method="post" action={DISMISS_ACTION} hidden>
        <input type="hidden" name="hashes" value={items.map((entry) => entry.hash).join(",")} />
        <input type="hidden" name="back" value={location.pathname + location.search} />
      </form>
      {confirming ? (
        <BottomConfirm
          titleId="announcement-never-title"
          title={t("popup_never_confirm_title")}
          message={t("popup_never_confirm_text")}
          confirmLabel={t("confirm")}
          cancelLabel={t("popup_cancel")}
          onConfirm={() => {
            setNever(true);
            setConfirming(false);
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </Dialog>
  );
}
