import type { AppContext } from "../lib/context.server";
import type { MemberInfo } from "../.server/platform/member";
import type { PlatformResult } from "../.server/platform/outcomes";
import { storageCompatData } from "./storage-compat.server";
import { adTrackingOf, attributionOf } from "./attribution.server";
import { consentState } from "./consent.server";
import { takePixelQueue } from "./pixel-queue.server";
import { trackingQuery } from "../navigation/tracking-params";

/** What the idle-loaded tracking layer needs from the edge (app/tracking/TrackingLayer.tsx), read by the root loader. */
export async function loadTrackingData(
  request: Request,
  context: AppContext,
  memberInfo: Promise<PlatformResult<MemberInfo> | null> = Promise.resolve(null),
) {
  const [attribution, consent, pending, storageCompat, adTracking] = await Promise.all([
    attributionOf(request, context),
    consentState(request, context),
    takePixelQueue(request, context),
    storageCompatData(context, memberInfo),
    adTrackingOf(request, context),
  ]);
  const { pixels } = context.merchant.tracking;
  return {
    /** The page address's tracking parameters, for its links (docs/behaviour/shell.md#tracking-parameters). */
    query: trackingQuery(new URL(request.url).searchParams),
    attribution,
    // Only what the browser needs to load them: kind, id, the script's address and Adjust's event tokens.
    pixels: pixels.map(({ kind, id, script, events }) => ({ kind, id, ...(script ? { script } : {}), ...(events ? { events } : {}) })),
    consent,
    /** Events the edge sent since the last page, for the pixels (same eventID). */
    pending,
    /** The storage-compatibility keys, when the merchant's switch is on, with the stored ad-tracking info. */
    storageCompat: storageCompat && adTracking ? { ...storageCompat, adTracking } : storageCompat,
  };
}

export type TrackingData = Awaited<ReturnType<typeof loadTrackingData>>;
