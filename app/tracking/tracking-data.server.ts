import type { AppContext } from "../lib/context";
import { attributionOf } from "./attribution.server";

/** What the idle-loaded tracking layer needs from the edge (app/tracking/TrackingLayer.tsx), read by the root loader. */
export async function loadTrackingData(request: Request, context: AppContext) {
  return { attribution: await attributionOf(request, context) };
}

export type TrackingData = Awaited<ReturnType<typeof loadTrackingData>>;
