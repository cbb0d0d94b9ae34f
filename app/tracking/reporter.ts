// The browser's events (docs/behaviour/tracking.md#browser-events): each sent once per action, with a new event id, to
// the edge (POST /m/track, which sends it on to the platform) and to the page's pixels with the same id. "Once" is kept
// in web storage, so a re-render or a back navigation does not send it again.
import type { DisplayMode } from "~/identity/device";
import { newEventId, type EventValueInput, type ReportedEventName } from "./events";
import { parseStringList } from "./stored-values";

/** Session storage: the once-keys of this tab's events (views, clicks). */
export const SENT_KEY = "trackSent";
/** Local storage: the once-keys of this device's events (first open, installed). */
export const SENT_FOREVER_KEY = "trackSentDevice";
const MAX_KEYS = 200;

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

export type ReportedEvent = { eventName: ReportedEventName; eventID: string; value: EventValueInput };

export type ReporterDeps = {
  session: KeyValueStorage | null;
  local: KeyValueStorage | null;
  /** Posts the event to the edge. */
  post: (body: URLSearchParams) => void;
  displayMode: () => DisplayMode;
  /** Called with each event sent (the pixels fire it with the same id). */
  onSent?: (event: ReportedEvent) => void;
};

function readKeys(storage: KeyValueStorage | null, name: string): string[] {
  try {
    const raw = storage?.getItem(name);
    return raw ? parseStringList(raw) : [];
  } catch {
    return [];
  }
}

function writeKeys(storage: KeyValueStorage | null, name: string, keys: string[]): void {
  try {
    storage?.setItem(name, JSON.stringify(keys.slice(-MAX_KEYS)));
  } catch {
    // Storage refused: the event was sent; it may be sent again on a later page of this tab.
  }
}

export function createReporter(deps: ReporterDeps) {
  /** In-memory too, for browsers whose storage refuses writes. */
  const sentHere = new Set<string>();

  /**
   * Sends the event unless `onceKey` was used before (this tab for "tab", this device for "device"); returns whether
   * it was sent.
   */
  function report(eventName: ReportedEventName, onceKey: string, scope: "tab" | "device", value: EventValueInput = {}): boolean {
    const storage = scope === "tab" ? deps.session : deps.local;
    const name = scope === "tab" ? SENT_KEY : SENT_FOREVER_KEY;
    const keys = readKeys(storage, name);
    if (sentHere.has(onceKey) || keys.includes(onceKey)) return false;
    sentHere.add(onceKey);
    writeKeys(storage, name, [...keys, onceKey]);

    const event: ReportedEvent = { eventName, eventID: newEventId(), value };
    const body = new URLSearchParams({ eventName, eventID: event.eventID, displayMode: deps.displayMode() });
    for (const [field, fieldValue] of Object.entries(value)) if (fieldValue !== undefined) body.set(field, String(fieldValue));
    deps.post(body);
    deps.onSent?.(event);
    return true;
  }

  return { report };
}

export type Reporter = ReturnType<typeof createReporter>;
