import { LoadWhenIdle } from "~/shell/pwa/LoadWhenIdle";

const loadLayer = () => import("./PushLayer");

/**
 * Mounted by the root where the merchant has a push key: the push layer (prompt, token, bind), loaded once the page is
 * idle. Firebase's messaging SDK loads later still, only once notifications are allowed (docs/decisions/0056-web-push.md).
 */
export function PushSlot() {
  return <LoadWhenIdle load={loadLayer} />;
}
