// Tracking: POST /wps/tracking/event (the platform's server-to-server tracking endpoint), recorded so tests can see
// what reached the platform, and the control endpoint's list of them (GET /__sandbox/events). See
// docs/platform-contract.md, "Tracking events".
import { z } from "zod";
import type { WpsContext, WpsRoute } from "../context";
import { ok } from "../http";
import { parseWith, readJson } from "../validation";
import { TRACKING_EVENT_NAMES } from "../../../app/lib/tracking-names";
import { AD_TRACKING_NAMES } from "../../../app/tracking/ad-tracking";

const money = z.number().finite().min(0);

/** The tracking event as the platform takes it: every field present, the value fields optional. */
export const trackingEventSchema = z
  .object({
    domain: z.string().min(1).max(255),
    affiliateCode: z.string().max(256),
    eventName: z.enum(TRACKING_EVENT_NAMES),
    eventValue: z
      .object({
        revenue: money.optional(),
        amount: money.optional(),
        currency: z
          .string()
          .regex(/^[A-Z]{3}$/)
          .optional(),
        customerName: z.string().max(64).optional(),
        customerId: z.string().max(64).optional(),
        content_type: z.string().max(32).optional(),
        content_id: z.string().max(200).optional(),
        channels: z.array(z.string().max(32)).max(8),
        adTracking: z.record(z.enum(AD_TRACKING_NAMES), z.string().min(1).max(256)).optional(),
      })
      .strict(),
    fbc: z.string().max(600),
    fbp: z.string().max(600),
    eventID: z.string().min(8).max(64),
    pwaType: z.enum(["APP", "H5", "PWA", "WEBCLIP"]),
  })
  .strict();

/** What the sandbox records: the platform's events ("s2s") and the stand-in pixels' calls ("pixel:<kind>"). */
export async function recordTrackingCall(
  db: D1Database,
  merchant: string,
  channel: string,
  eventName: string,
  eventID: string,
  body: unknown,
): Promise<void> {
  await db
    .prepare("INSERT INTO tracking_calls (merchant, channel, event_name, event_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(merchant, channel, eventName, eventID, JSON.stringify(body), Date.now())
    .run();
}

async function trackEvent(ctx: WpsContext): Promise<Response> {
  const parsed = await readJson(ctx.request, z.unknown());
  if (!parsed.ok) return parsed.response;
  // The live platform takes the event as JSON, or as a JSON string of it.
  const event = parseWith(trackingEventSchema, typeof parsed.data === "string" ? safeJson(parsed.data) : parsed.data);
  if (!event.ok) return event.response;
  await recordTrackingCall(ctx.env.DB, ctx.merchant.code, "s2s", event.data.eventName, event.data.eventID, event.data);
  return ok({ eventID: event.data.eventID });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const trackingRoutes: WpsRoute[] = [{ method: "POST", path: "/wps/tracking/event", handle: trackEvent }];

export type TrackingCall = { channel: string; eventName: string; eventID: string; body: unknown; at: number };

/** A merchant's recorded calls, oldest first. */
export async function listTrackingCalls(db: D1Database, merchant: string): Promise<TrackingCall[]> {
  const { results } = await db
    .prepare("SELECT channel, event_name, event_id, body, created_at FROM tracking_calls WHERE merchant = ? ORDER BY id")
    .bind(merchant)
    .all<{ channel: string; event_name: string; event_id: string; body: string; created_at: number }>();
  return results.map((row) => ({
    channel: row.channel,
    eventName: row.event_name,
    eventID: row.event_id,
    body: JSON.parse(row.body) as unknown,
    at: row.created_at,
  }));
}

export async function clearTrackingCalls(db: D1Database, merchant?: string): Promise<void> {
  if (merchant === undefined) await db.prepare("DELETE FROM tracking_calls").run();
  else await db.prepare("DELETE FROM tracking_calls WHERE merchant = ?").bind(merchant).run();
}
