import { LoadWhenIdle } from "~/shell/pwa/LoadWhenIdle";

// The mini-game's place on a member's page (docs/behaviour/support.md#minigame-box): the box component and its script
// load only once the page is idle, and only where the root rendered this slot (a member, MINIGAME3 on).
const loadBox = () => import("./MiniGameBox");

export function MiniGameSlot() {
  return <LoadWhenIdle load={loadBox} />;
}
