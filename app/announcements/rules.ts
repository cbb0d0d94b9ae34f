// When the announcement popup shows (docs/behaviour/announcements.md): shared by the edge (server-rendered form,
// dismissal cookie) and the browser (web storage). Plain TypeScript, no DOM, no zod (the home page's first JavaScript
// stays small; the stored state's schema is in state.ts, loaded when the decision is made).

/** docs/behaviour/announcements.md#schedule */
export const POPUP_LIST_DELAY_MS = 500;
export const POPUP_VISITOR_DELAY_MS = 1000;
export const POPUP_MEMBER_DELAY_MS = 0;
/** docs/behaviour/announcements.md#carousel */
export const POPUP_AUTOPLAY_MS = 5000;
export const POPUP_SLIDE_MS = 250;
/** The close animation (app/styles/announcements.css `popup-out`); none under reduced motion. */
export const POPUP_CLOSE_MS = 200;

/** The dismissal form's action (docs/behaviour/announcements.md#no-javascript). */
export const DISMISS_ACTION = "/m/announcements/dismiss";

/** How long after the list the popup appears: 1 s for a visitor, at once for a member (docs/behaviour/announcements.md#schedule). */
export function audienceDelayMs(audience: "A" | "B"): number {
  return audience === "B" ? POPUP_VISITOR_DELAY_MS : POPUP_MEMBER_DELAY_MS;
}

/**
 * When the popup is due after the page's HTML is read (the list's 500 ms, then the audience's delay), for the popup the
 * edge renders with the page (docs/behaviour/announcements.md#schedule).
 */
export function popupDueMs(audience: "A" | "B"): number {
  return POPUP_LIST_DELAY_MS + audienceDelayMs(audience);
}

/** Where the go-to-activity footer button leads (docs/behaviour/announcements.md#carousel). */
export const GO_TO_ACTIVITY_PATH = "/m/rewardCenter";

/** The web-storage key of a player's popup state: per member, one for visitors. docs/behaviour/announcements.md#state */
export function popupStorageKey(memberId: string | null): string {
  return memberId === null ? "SHELL_PU_B" : `SHELL_PU_A_${memberId}`;
}

/** What closing stored (validated on read: app/announcements/state.ts). docs/behaviour/announcements.md#state */
export type PopupState = {
  /** Content hashes of the items the player closed. */
  hashes: string[];
  /** false once closed. */
  show: boolean;
  /** "Hide today": hidden until this moment (the next local midnight), in ms since the epoch. */
  hideUntil: number | null;
  /** "Do not show again": hidden until the content changes. */
  hidePopup: boolean;
};

/**
 * Whether the popup shows for `hashes` (the current items' content hashes), given what closing stored: the lasting
 * state (hide today, do not show again) and this visit's (a plain close). docs/behaviour/announcements.md#when
 */
export function shouldShowPopup(input: {
  hashes: readonly string[];
  lasting: PopupState | null;
  visit: PopupState | null;
  now: number;
}): boolean {
  const { hashes, now } = input;
  if (hashes.length === 0) return false;
  return [input.lasting, input.visit].every((state) => {
    // Never closed.
    if (state === null || state.show) return true;
    // The content changed: something the player has not closed.
    if (hashes.some((hash) => !state.hashes.includes(hash))) return true;
    if (state.hidePopup) return false;
    // Hide today, expired.
    return state.hideUntil !== null && now >= state.hideUntil;
  });
}

export type CloseChoice = "close" | "today" | "never";

/** The state a close stores. `nextMidnight`: the next local midnight after now. */
export function closedState(hashes: readonly string[], choice: CloseChoice, nextMidnight: number): PopupState {
  return {
    hashes: [...hashes],
    show: false,
    hideUntil: choice === "today" ? nextMidnight : null,
    hidePopup: choice === "never",
  };
}

/** The next midnight of the device's own clock and time zone (the player's local midnight). */
export function nextLocalMidnight(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 0, 0);
  return next.getTime();
}

/**
 * The next midnight in an IANA time zone (the edge's guess of a no-JavaScript player's zone), or UTC when the zone is
 * unknown. docs/decisions/0036-announcement-popup.md
 */
export function nextMidnightIn(timeZone: string | null, now: number): number {
  let zone = "UTC";
  if (timeZone) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone }).format(0);
      zone = timeZone;
    } catch {
      zone = "UTC";
    }
  }
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(now));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  // Milliseconds already gone today in that zone, then the rest of the day.
  const elapsed = ((get("hour") * 60 + get("minute")) * 60 + get("second")) * 1000 + (now % 1000);
  return now - elapsed + 24 * 60 * 60 * 1000;
}

/** An announcement as the page gets it: sanitised HTML, content hash. */
export type PopupItem = {
  id: string;
  title: string;
  /** Sanitised at the edge (app/.server/html/sanitize.server.ts). */
  html: string;
  hash: string;
  forceRead: boolean;
  /** A promotion item: the footer offers go-to-activity. */
  promotion: boolean;
};

export type PopupData = {
  /** "A" members (A, plus F on a first-time login), "B" visitors. */
  audience: "A" | "B";
  storageKey: string;
  items: PopupItem[];
  /** What the dismissal cookies say, for a browser whose web storage has nothing yet. */
  cookieState: { lasting: PopupState | null; visit: PopupState | null };
  /** The edge's own decision, for the server-rendered (no-JavaScript) form. */
  serverShows: boolean;
};
