import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { DISPLAY_MODES } from "~/identity/device";
import { REPORTED_EVENTS } from "~/tracking/events";
import { TRACKING_EVENT_NAMES } from "~/lib/tracking-names";
import { sendTrackingEvent } from "~/tracking/events.server";
import { trackLimiter } from "~/tracking/track-limit.server";
import { isSameOriginPost } from "~/.server/security/origin";

// POST /m/track (a urlencoded form, as sendBeacon posts it): an event that happened in the browser, reported by the
// page's tracking layer (docs/behaviour/tracking.md#reported-events). Only page events, only from our own pages, for
// the session that sends them: who the member is comes from the session, never from the body; money events come
// from the platform, server to server. The edge adds what only it knows (domain, the stored affiliate code, the click
// cookies, the device) and sends it to the platform after answering 204.

/** The largest event a page sends is well under this (a path of 200 characters and a 64-character id). */
export const MAX_EVENT_BYTES = 2_048;

/** A page's event; anything else in the body (member or money fields) is ignored. */
const reportSchema = z.object({
  eventName: z.enum(REPORTED_EVENTS),
  eventID: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  displayMode: z.enum(DISPLAY_MODES).optional(),
  contentId: z.string().trim().min(1).max(200).optional(),
});

const NO_STORE = { "Cache-Control": "no-store" };

function refuse(status: number, error: string, headers: Record<string, string> = {}) {
  return Response.json({ error }, { status, headers: { ...NO_STORE, ...headers } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The Worker's origin check lets a post without Origin through (non-browser clients); this one is only ever a page's.
  if (!isSameOriginPost(request, request.headers.get("Host") ?? new URL(request.url).host)) return refuse(403, "same-origin-required");
  const client = `${context.merchant.merchantCode}|${context.clientIp ?? "unknown"}`;
  if (!trackLimiter.take(client)) {
    return refuse(429, "too-many-events", { "Retry-After": String(trackLimiter.retryAfterSeconds(client)) });
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_EVENT_BYTES) return refuse(413, "event-too-large");
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > MAX_EVENT_BYTES) return refuse(413, "event-too-large");

  const fields = Object.fromEntries([...new URLSearchParams(text)].filter(([, v]) => v !== ""));
  const report = reportSchema.safeParse(fields);
  if (!report.success) {
    // A known event the browser may not report (money, the edge's own): refused as such, not as a malformed one.
    const known = (TRACKING_EVENT_NAMES as readonly string[]).includes(fields["eventName"] ?? "");
    return known && !(REPORTED_EVENTS as readonly string[]).includes(fields["eventName"]!)
      ? refuse(403, "event-not-reported-by-browser")
      : refuse(400, "invalid-event");
  }
  const { eventName, eventID, displayMode, contentId } = report.data;
  // The member of the session that sends it, or none.
  const member = context.session.token ? context.session.info : null;
  const value = { contentId, customerId: member?.id, customerName: member?.userName };
  // The page fires its own events on its pixels itself.
  await sendTrackingEvent(request, context, { eventName, eventID, displayMode, value, forPixels: false });
  return new Response(null, { status: 204, headers: NO_STORE });
}
