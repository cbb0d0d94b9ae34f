import { useEffect, useState } from "react";
import { useRootData } from "~/shell/root-data";
import { LoadLater } from "~/shell/later/LoadLater";
import { BOUND_MEMBER_KEY } from "./storage-keys";
import { readStorage } from "~/shell/web-storage";

const loadLayer = () => import("./PushLayer");

/** A token still bound to the member of an ended session (docs/behaviour/firebase.md#push-bind). */
function boundTokenStored(): boolean {
  return readStorage("localStorage", BOUND_MEMBER_KEY) !== null;
}

/**
 * Mounted by the root where the merchant has a push key: the push layer (prompt, token, bind), loaded once the player
 * first touches the page or 10 s in. Firebase's messaging SDK loads later still, only once notifications are allowed (docs/decisions/0056-web-push.md).
 * A visitor's page needs the layer only to unsubscribe a token still bound to the last member; otherwise its decision
 * is "none" without loading it (docs/behaviour/shell.md#script-budget). Once loaded it stays for the page's life.
 */
export function PushSlot() {
  const member = Boolean(useRootData()?.member);
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (member || boundTokenStored()) setNeeded(true);
    else if (!needed) document.documentElement.dataset.push = "none";
  }, [member, needed]);
  return needed ? <LoadLater load={loadLayer} /> : null;
}
