// Tracking events (docs/behaviour/tracking.md#events): names, who sends which, and the value fields. Shared by the
// edge and the browser's tracking layer: pure functions only.
import type { AdTrackingInfo } from "./ad-tracking";
import type { TrackingEventName } from "../lib/tracking-names";

/** Sent by the edge itself, from the form posts and launches it answers (never accepted from a browser). */
export const EDGE_EVENTS = ["registerSubmit", "register", "login", "gameLaunch"] as const satisfies readonly TrackingEventName[];

/**
 * Money events: they come server to server from the platform (or the edge), never from a browser — POST /m/track
 * refuses them (docs/behaviour/tracking.md#reported-events).
 */
export const MONEY_EVENTS = [
  "depositSubmit",
  "firstDeposit",
  "deposit",
  "redeposit",
  "firstDepositArrival",
  "withdraw",
] as const satisfies readonly TrackingEventName[];

/** The events the page's tracking layer produces (and fires on the pixels itself). */
export const PAGE_EVENTS = ["firstOpen", "viewContent", "downloadApp", "a2hsInstalled"] as const satisfies readonly TrackingEventName[];

/** What a page may report through POST /m/track: only what happens in the browser (its own events). */
export const REPORTED_EVENTS = PAGE_EVENTS;
export type ReportedEventName = (typeof REPORTED_EVENTS)[number];

const DEPOSIT_EVENTS: ReadonlySet<string> = new Set(["depositSubmit", "firstDeposit", "deposit", "redeposit", "firstDepositArrival"]);

/** The tracked currency: TLB is reported as PHP, any other currency as its first three letters, upper case. */
export function trackedCurrency(code: string): string {
  const upper = code.trim().toUpperCase();
  return upper === "TLB" ? "PHP" : upper.slice(0, 3);
}

/** The event's value fields (docs/behaviour/tracking.md#event-values). */
export type EventValue = {
  revenue?: number;
  amount?: number;
  currency?: string;
  customerName?: string;
  customerId?: string;
  content_type?: string;
  content_id?: string;
  /** The pixels this merchant's pages fire the same event on (same eventID), for the platform to deduplicate. */
  channels: string[];
  /** The stored ad-tracking info (docs/behaviour/tracking.md#ad-tracking-info), to the platform only, never to a pixel. */
  adTracking?: AdTrackingInfo;
};

export type EventValueInput = {
  amount?: number;
  revenue?: number;
  currency?: string;
  customerName?: string;
  customerId?: string;
  /** A page's path, for viewContent. */
  contentId?: string;
};

/** The value fields of an event: money with its tracked currency; a deposit is a product with content id 99. */
export function eventValue(name: TrackingEventName, input: EventValueInput, channels: readonly string[] = []): EventValue {
  const value: EventValue = { channels: [...channels] };
  if (input.amount !== undefined) value.amount = input.amount;
  if (input.revenue !== undefined) value.revenue = input.revenue;
  else if (input.amount !== undefined && DEPOSIT_EVENTS.has(name)) value.revenue = input.amount;
  if (input.currency) value.currency = trackedCurrency(input.currency);
  if (input.customerName) value.customerName = input.customerName;
  if (input.customerId) value.customerId = input.customerId;
  if (DEPOSIT_EVENTS.has(name)) {
    value.content_type = "product";
    value.content_id = "99";
  } else if (input.contentId) {
    value.content_id = input.contentId;
  }
  return value;
}

/** A new event id: the browser and the server send the same one, so the ad platforms count the event once. */
export function newEventId(): string {
  return crypto.randomUUID();
}
