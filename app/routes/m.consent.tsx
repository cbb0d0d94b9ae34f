import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { consentChoiceSchema, consentCookie } from "~/tracking/consent.server";

// POST /m/consent (choice=granted|denied): the player's answer to the pixel consent banner, kept in a first-party
// cookie for 180 days (docs/behaviour/tracking.md#consent). The banner is the tracking layer's, so this answers the
// page's script: 204, or 400 for anything else.
export async function action({ request, context }: ActionFunctionArgs) {
  const choice = consentChoiceSchema.safeParse((await request.formData()).get("choice"));
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (!choice.success) return new Response(null, { status: 400, headers });
  context.outgoingCookies.push(await consentCookie(request, context).serialize(choice.data));
  return new Response(null, { status: 204, headers });
}
