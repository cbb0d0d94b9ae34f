import { useEffect } from "react";
import { useRootData } from "~/shell/root-data";
import { dropExpiredAttribution, mirrorAttribution } from "./browser-mirror";

/**
 * The tracking layer (docs/behaviour/tracking.md), loaded once the page is idle: never in the first visit's critical path.
 */
export default function TrackingLayer() {
  const tracking = useRootData()?.tracking;
  const attribution = tracking?.attribution ?? null;

  useEffect(() => {
    const now = Date.now();
    dropExpiredAttribution(window.localStorage, now);
    if (attribution) mirrorAttribution(window.localStorage, attribution, now);
  }, [attribution]);

  return null;
}
