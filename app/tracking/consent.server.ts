// The pixel consent of a merchant that asks for it (docs/behaviour/tracking.md#consent): the player's choice in a
// first-party cookie, read by the edge so the tracking layer knows before it loads anything.
import { z } from "zod";
import type { AppContext } from "../lib/context.server";
import { readCookie, signedCookie } from "../.server/cookies";

const COOKIE = "mc_consent";
/** A choice is asked again after 180 days. */
const CONSENT_MAX_AGE_S = 60 * 60 * 24 * 180;

export const consentChoiceSchema = z.enum(["granted", "denied"]);
export type ConsentChoice = z.infer<typeof consentChoiceSchema>;
/** What the tracking layer does: load the pixels, ask first, or leave them out. */
export type ConsentState = "not-needed" | "ask" | ConsentChoice;

export function consentCookie(request: Request, context: AppContext) {
  return signedCookie(request, { name: COOKIE, secret: context.cloudflare.env.SESSION_SECRET, maxAge: CONSENT_MAX_AGE_S });
}

export async function consentState(request: Request, context: AppContext): Promise<ConsentState> {
  if (!context.merchant.tracking.consentRequired) return "not-needed";
  const stored = consentChoiceSchema.safeParse(await readCookie(consentCookie(request, context), request));
  return stored.success ? stored.data : "ask";
}
