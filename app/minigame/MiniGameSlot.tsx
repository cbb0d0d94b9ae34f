import { LoadLater } from "~/shell/later/LoadLater";

// The mini-game's place on a member's page (docs/behaviour/support.md#minigame-box): the box component and its script
// load only once the player first touches the page or 10 s in, and only where the root rendered this slot (a member, MINIGAME3 on).
const loadBox = () => import("./MiniGameBox");

export function MiniGameSlot() {
  return <LoadLater load={loadBox} />;
}
