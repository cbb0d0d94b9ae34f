// Server-to-server tracking (docs/behaviour/tracking.md#server-to-server): the edge builds the platform's tracking event
// and sends it after the answer (ctx.waitUntil), so an event never slows a page or a form post. Contract:
// docs/platform-contract.md, "Tracking events".
import { parse as parseCookieHeader } from "cookie";
import { z } from "zod";
import type { AppContext } from "../lib/context.server";
import { registerMethod, type DisplayMode, type RegisterMethod } from "../identity/device";
import { readAdParams, readRegistrationInfo } from "./registration-info.server";
import { queueForPixels } from "./pixel-queue.server";
import { adTrackingFrom } from "./attribution.server";
import { eventValue, newEventId, type EventValue, type EventValueInput } from "./events";
import type { TrackingEventName } from "../lib/tracking-names";

export const TRACKING_EVENT_PATH = "/wps/tracking/event";

/** The platform's tracking event, as sent. */
export type TrackingEvent = {
  domain: string;
  affiliateCode: string;
  eventName: TrackingEventName;
  eventValue: EventValue;
  fbc: string;
  fbp: string;
  eventID: string;
  pwaType: RegisterMethod;
};

const FB_COOKIE = /^fb\.\d\.\d{1,16}\.[\w.-]{1,400}$/;

/**
 * Facebook's click id cookie value: the browser's `_fbc` when Facebook's pixel set one, else built from the stored
 * fbclid in Facebook's documented format (fb.1.<ms>.<fbclid>); empty without either.
 */
export function fbcOf(cookieFbc: string | undefined, fbclid: string | undefined, now: number): string {
  if (cookieFbc && FB_COOKIE.test(cookieFbc)) return cookieFbc;
  return fbclid ? `fb.1.${now}.${fbclid}` : "";
}

export type EventInput = {
  eventName: TrackingEventName;
  /** The browser's id for an event it reports; a new one for the edge's own. */
  eventID?: string;
  value?: EventValueInput;
  /** How the page was launched (the forms' hidden displayMode, or the browser's report). */
  displayMode?: DisplayMode;
  /** Queue it for the next page's pixels (default); not for the events the page's own layer fires itself. */
  forPixels?: boolean;
};

/** The event for this request: domain, attribution and click cookies from the request, pwaType from the device. */
export async function buildTrackingEvent(request: Request, context: AppContext, input: EventInput): Promise<TrackingEvent> {
  const url = new URL(request.url);
  const secret = context.cloudflare.env.SESSION_SECRET;
  const [info, ads] = await Promise.all([readRegistrationInfo(request, secret), readAdParams(request, secret)]);
  const cookies = parseCookieHeader(request.headers.get("Cookie") ?? "");
  const channels = context.merchant.tracking.pixels.map((pixel) => pixel.kind);
  const value = eventValue(input.eventName, input.value ?? {}, channels);
  const adTracking = adTrackingFrom(url.searchParams, ads);
  if (adTracking) value.adTracking = adTracking;
  return {
    domain: request.headers.get("Host") ?? url.host,
    affiliateCode: url.searchParams.get("affiliateCode")?.trim().slice(0, 256) || info?.affiliateCode || "",
    eventName: input.eventName,
    eventValue: value,
    fbc: fbcOf(cookies["_fbc"], url.searchParams.get("fbclid") ?? ads["fbclid"] ?? ads["ad_fbclid"], Date.now()),
    fbp: cookies["_fbp"] && FB_COOKIE.test(cookies["_fbp"]) ? cookies["_fbp"] : "",
    eventID: input.eventID ?? newEventId(),
    pwaType: registerMethod({ userAgent: request.headers.get("User-Agent"), displayMode: input.displayMode }),
  };
}

/**
 * Builds the event and sends it to the platform after the answer: a failure is logged (event name and error code,
 * nothing of the player) and never reaches the player. Returns the event, whose id the pixels reuse.
 */
export async function sendTrackingEvent(request: Request, context: AppContext, input: EventInput): Promise<TrackingEvent> {
  const event = await buildTrackingEvent(request, context, input);
  const sending = context.platform
    .call(TRACKING_EVENT_PATH, z.unknown(), { method: "POST", body: event, auth: false, background: true, sessionEnd: "report" })
    .then((result) => {
      if (!result.ok) console.warn("[tracking] the platform refused an event", event.eventName, result.errorCode ?? result.failure.kind);
    })
    .catch((error: unknown) =>
      console.warn("[tracking] an event was not sent", event.eventName, error instanceof Error ? error.message : ""),
    );
  context.cloudflare.ctx.waitUntil(sending);
  // The page's pixels get the same event on the next page (what a pixel may know: no member fields).
  const { amount, revenue, currency, content_type, content_id } = event.eventValue;
  const value = Object.fromEntries(
    Object.entries({ amount, revenue, currency, content_type, content_id }).filter(([, v]) => v !== undefined),
  );
  if (input.forPixels !== false) await queueForPixels(request, context, { eventName: event.eventName, eventID: event.eventID, value });
  return event;
}
