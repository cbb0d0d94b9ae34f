import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { DISPLAY_MODES } from "~/identity/device";
import { PAGE_EVENTS, REPORTED_EVENTS } from "~/tracking/events";
import { sendTrackingEvent } from "~/tracking/events.server";

// POST /m/track (a urlencoded form, as sendBeacon posts it): an event a page reports (docs/behaviour/tracking.md#reported-events). The edge adds what only it knows
// (domain, the stored affiliate code, the click cookies, the device) and sends it to the platform after answering 204.
// Same-origin only: the Worker's origin check refuses a post from another site before it gets here.

const money = z.coerce.number().finite().min(0).max(1e12).optional();
const text = (max: number) => z.string().trim().min(1).max(max).optional();

/** A form post (urlencoded, as navigator.sendBeacon sends it), one field per value. */
const reportSchema = z.object({
  eventName: z.enum(REPORTED_EVENTS),
  eventID: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  displayMode: z.enum(DISPLAY_MODES).optional(),
  amount: money,
  revenue: money,
  currency: z
    .string()
    .regex(/^[A-Za-z]{3,8}$/)
    .optional(),
  customerName: text(64),
  customerId: text(64),
  contentId: text(200),
});

const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request, context }: ActionFunctionArgs) {
  const fields = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string" && v !== ""));
  const report = reportSchema.safeParse(fields);
  if (!report.success) return Response.json({ error: "invalid event" }, { status: 400, headers: NO_STORE });
  const { eventName, eventID, displayMode, ...value } = report.data;
  // The page fires its own events on its pixels; the member centre's money events wait for the next page of ours.
  const forPixels = !(PAGE_EVENTS as readonly string[]).includes(eventName);
  await sendTrackingEvent(request, context, { eventName, eventID, displayMode, value, forPixels });
  return new Response(null, { status: 204, headers: NO_STORE });
}
