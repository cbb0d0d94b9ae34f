import { LoadWhenIdle } from "~/shell/pwa/LoadWhenIdle";

const loadLayer = () => import("./TrackingLayer");

/** Mounted on every page by the root: the tracking layer, loaded once the page is idle (docs/decisions/0051). */
export function TrackingSlot() {
  return <LoadWhenIdle load={loadLayer} />;
}
