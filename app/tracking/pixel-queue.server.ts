// The edge's events for the page's pixels (docs/behaviour/tracking.md#pixels): an event the edge sends (register,
// login, game launch) waits in a signed session cookie until the next page of ours reads it, so the browser's pixels
// fire it with the same eventID. Only for merchants with pixels; only what a pixel may know (no member fields).
import { z } from "zod";
import type { AppContext } from "../lib/context.server";
import { expireCookie, hasCookie, readCookie, signedCookie } from "../.server/cookies";
import { TRACKING_EVENT_NAMES } from "../lib/tracking-names";
import type { PixelEvent } from "./pixels";

const COOKIE = "mc_pixq";
const MAX_WAITING = 10;

const pixelEventSchema = z.object({
  eventName: z.enum(TRACKING_EVENT_NAMES),
  eventID: z.string().min(8).max(64),
  value: z
    .object({
      amount: z.number().optional(),
      revenue: z.number().optional(),
      currency: z.string().max(3).optional(),
      content_type: z.string().max(32).optional(),
      content_id: z.string().max(200).optional(),
    })
    .strict(),
});
const queueSchema = z.array(pixelEventSchema).max(MAX_WAITING).catch([]);

/** Events queued by this request (before its answer sets the cookie). */
const queuedHere = new WeakMap<AppContext, PixelEvent[]>();

function queueCookie(request: Request, context: AppContext) {
  return signedCookie(request, { name: COOKIE, secret: context.cloudflare.env.SESSION_SECRET });
}

async function readQueue(request: Request, context: AppContext): Promise<PixelEvent[]> {
  return queueSchema.parse((await readCookie(queueCookie(request, context), request)) ?? []);
}

/** Replaces this request's Set-Cookie line for the queue. */
function setQueueLine(context: AppContext, line: string): void {
  const at = context.outgoingCookies.findIndex((cookie) => cookie.replace(/^__Host-/, "").startsWith(`${COOKIE}=`));
  if (at >= 0) context.outgoingCookies.splice(at, 1, line);
  else context.outgoingCookies.push(line);
}

/** Queues an event the edge sent, for the pixels of the next page. */
export async function queueForPixels(request: Request, context: AppContext, event: PixelEvent): Promise<void> {
  if (context.merchant.tracking.pixels.length === 0) return;
  const here = queuedHere.get(context) ?? [];
  here.push(event);
  queuedHere.set(context, here);
  const all = [...(await readQueue(request, context)), ...here].slice(-MAX_WAITING);
  setQueueLine(context, await queueCookie(request, context).serialize(all));
}

/** The waiting events, taken: the cookie is cleared with this answer. */
export async function takePixelQueue(request: Request, context: AppContext): Promise<PixelEvent[]> {
  if (context.merchant.tracking.pixels.length === 0) return [];
  const here = queuedHere.get(context) ?? [];
  queuedHere.delete(context);
  const stored = await readQueue(request, context);
  if (stored.length > 0 || here.length > 0 || (await hasCookie(request, COOKIE)))
    setQueueLine(context, await expireCookie(request, COOKIE));
  return [...stored, ...here].slice(-MAX_WAITING);
}
