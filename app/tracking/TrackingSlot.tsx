import { LoadLater } from "~/shell/later/LoadLater";

const loadLayer = () => import("./TrackingLayer");

/**
 * Mounted on every page by the root: the tracking layer, loaded once the player first touches the page or 10 s in
 * (docs/decisions/0051-tracking-events.md, docs/decisions/0079-later-layers-after-first-interaction.md).
 */
export function TrackingSlot() {
  return <LoadLater load={loadLayer} />;
}
