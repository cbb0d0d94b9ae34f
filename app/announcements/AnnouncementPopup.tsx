// The announcement popup on the home page (docs/behaviour/announcements.md). This part is in the home page's first
// JavaScript and stays small. When the edge rendered the popup with the page, the carousel (PopupCarousel.tsx, its own
// chunk) is requested as the page hydrates and takes that dialog over; otherwise this part decides, on the documented
// schedule, whether to show, and only then loads the carousel. Without JavaScript the server-rendered form below is the
// popup.
import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import type { DialogAppear } from "~/ui/Dialog";
import { useTranslation } from "~/i18n/translate";
import { useRootData } from "~/shell/root-data";
import {
  DISMISS_ACTION,
  GO_TO_ACTIVITY_PATH,
  audienceDelayMs,
  POPUP_LIST_DELAY_MS,
  closedState,
  nextLocalMidnight,
  popupDueMs,
  shouldShowPopup,
  type CloseChoice,
  type PopupData,
  type PopupState,
} from "./rules";

const loadCarousel = () => import("./PopupCarousel");

type CarouselProps = {
  data: PopupData;
  onClosed: (choice: CloseChoice) => void;
  onShown: () => void;
  appear?: DialogAppear;
};

// The carousel's code did not arrive (the connection dropped, a new deployment removed the chunk): the component stays
// suspended, and AnnouncementPopup, told by its own request, takes the popup away and the home page stays as it is
// (docs/behaviour/announcements.md#carousel-unavailable). Rendering something else in its place would not match the
// popup the server rendered.
const PopupCarousel = lazy<ComponentType<CarouselProps>>(() => loadCarousel().catch(() => new Promise<never>(() => undefined)));

type Phase = "waiting" | "none" | "shown" | "closed";

/** The popup's decision on <html data-announcement-popup>, for tests and support tools (like app/shell/shell-state.ts). */
function markPhase(phase: Phase): void {
  document.documentElement.dataset.announcementPopup = phase;
}

function readStorage(parse: (raw: unknown) => PopupState | null, storage: () => Storage, key: string): PopupState | null {
  try {
    return parse(storage().getItem(key));
  } catch {
    return null;
  }
}

/** What web storage holds under the popup's key (lasting, this visit), unread; null where nothing is or storage is refused. */
function storedRaw(key: string): (string | null)[] {
  return [() => localStorage, () => sessionStorage].map((storage) => {
    try {
      return storage().getItem(key);
    } catch {
      return null;
    }
  });
}

/** The reader while nothing is stored: every read is "no state". */
const nothingStored = (): PopupState | null => null;

/** Closing: web storage (the lasting choices in localStorage, a plain close for this visit in sessionStorage), mirrored to the edge's cookie. */
function rememberClose(data: PopupData, choice: CloseChoice): void {
  const hashes = data.items.map((item) => item.hash);
  const hideUntil = nextLocalMidnight(new Date());
  const state = closedState(hashes, choice, hideUntil);
  try {
    (choice === "close" ? sessionStorage : localStorage).setItem(data.storageKey, JSON.stringify(state));
  } catch {
    // Storage refused (private mode, full): the cookie below still remembers.
  }
  const body = new FormData();
  body.set("hashes", hashes.join(","));
  body.set("choice", choice);
  body.set("hideUntil", String(hideUntil));
  body.set("js", "1");
  void fetch(DISMISS_ACTION, { method: "POST", body, credentials: "same-origin" }).catch(() => undefined);
}

/** The popup the edge rendered with the page: the carousel hydrates into it. */
const SERVER_POPUP = "dialog.popup[data-appear-at]";

/** Set once the popup has mounted: a later mount is a client-side navigation, whatever the old page still shows. */
let mountedBefore = false;

export function AnnouncementPopup({ data }: { data: PopupData }) {
  const root = useRootData();
  // The edge renders the popup with the page when its cookies say it shows (docs/behaviour/announcements.md#schedule):
  // it comes due by the page's own clock and the carousel hydrates into it. The first browser render must match the
  // server's, so it starts "shown" exactly when that dialog is in the page.
  const [fromServer] = useState(() =>
    typeof document === "undefined" ? data.serverShows : !mountedBefore && document.querySelector(SERVER_POPUP) !== null,
  );
  const [phase, setPhase] = useState<Phase>(fromServer ? "shown" : "waiting");
  const opened = useRef(false);

  useEffect(() => {
    mountedBefore = true;
    let cancelled = false;
    let parse: ((raw: unknown) => PopupState | null) | null = null;
    let listDue = fromServer;
    let reveal: number | undefined;
    const unavailable = () => {
      if (cancelled) return;
      // Nothing below decides again, and a reveal already scheduled does not come.
      cancelled = true;
      window.clearTimeout(reveal);
      setPhase("none");
      markPhase("none");
    };
    const decide = () => {
      if (cancelled || parse === null) return;
      const show = shouldShowPopup({
        hashes: data.items.map((item) => item.hash),
        lasting: readStorage(parse, () => localStorage, data.storageKey) ?? data.cookieState.lasting,
        visit: readStorage(parse, () => sessionStorage, data.storageKey) ?? data.cookieState.visit,
        now: Date.now(),
      });
      if (!show) {
        setPhase("none");
        markPhase("none");
        return;
      }
      // The server's popup is on its way already (its own clock, the carousel's code with the page).
      if (fromServer) return;
      // The carousel's code starts loading now, while the audience's delay runs.
      loadCarousel().catch(unavailable);
      const delay = audienceDelayMs(data.audience);
      if (delay === 0) setPhase("shown");
      else reveal = window.setTimeout(() => setPhase("shown"), delay);
    };
    // The stored state's schema (and zod) is not part of the home page's first JavaScript: it loads at once, beside the
    // list delay, and only when something is stored to read (a first visit stores nothing, so it never loads). "waiting"
    // is marked once the reader is ready, so the schedule below runs on timers alone.
    const readStored = storedRaw(data.storageKey).some((raw) => raw !== null)
      ? import("./state").then((module) => module.parsePopupState)
      : Promise.resolve(nothingStored);
    // The server's popup asks for its code as the page hydrates.
    if (fromServer) loadCarousel().catch(unavailable);
    void readStored.then((reader) => {
      if (cancelled) return;
      parse = reader;
      if (!opened.current) markPhase("waiting");
      if (listDue) decide();
    });
    // Without the server's popup, the list is looked at 500 ms after the page starts
    // (docs/behaviour/announcements.md#schedule).
    const list = fromServer
      ? undefined
      : window.setTimeout(() => {
          listDue = true;
          decide();
        }, POPUP_LIST_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(list);
      window.clearTimeout(reveal);
    };
  }, [data, fromServer]);

  const onShown = useCallback(() => {
    opened.current = true;
    markPhase("shown");
  }, []);

  const onClosed = (choice: CloseChoice) => {
    rememberClose(data, choice);
    setPhase("closed");
    markPhase("closed");
  };

  return (
    <>
      {data.serverShows ? <NoScriptPopup data={data} /> : null}
      {phase === "shown" ? (
        <Suspense fallback={null}>
          <PopupCarousel
            data={data}
            onClosed={onClosed}
            onShown={onShown}
            appear={fromServer ? { at: popupDueMs(data.audience), nonce: root?.cspNonce } : undefined}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Without JavaScript: every item in a section at the top of the page, dismissed by a plain form. */
function NoScriptPopup({ data }: { data: PopupData }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <noscript>
      <section className="popup popup--static" aria-labelledby="popup-heading">
        <h2 id="popup-heading" className="popup__heading">
          {t("popup_heading")}
        </h2>
        {data.items.map((item) => (
          <article key={item.id} className="popup__item" aria-labelledby={`popup-item-${item.hash}`}>
            <h3 id={`popup-item-${item.hash}`} className="popup__title" dir="auto">
              {item.title}
            </h3>
            <div className="popup__content" dir="auto" dangerouslySetInnerHTML={{ __html: item.html }} />
            {item.promotion ? (
              <a className="button button--secondary button--block" href={GO_TO_ACTIVITY_PATH}>
                {t("popup_go_to_activity")}
              </a>
            ) : null}
          </article>
        ))}
        <form method="post" action={DISMISS_ACTION} className="popup__form">
          <input type="hidden" name="hashes" value={data.items.map((item) => item.hash).join(",")} />
          <input type="hidden" name="back" value={location.pathname + location.search} />
          <label className="popup__option">
            <input type="checkbox" name="choice" value="today" /> {t("popup_hide_today")}
          </label>
          <label className="popup__option">
            <input type="checkbox" name="choice" value="never" /> {t("popup_never")}
          </label>
          <button type="submit" className="button button--primary button--block">
            {t("popup_i_know")}
          </button>
        </form>
      </section>
    </noscript>
  );
}
