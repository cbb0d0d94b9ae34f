import { LoadLater } from "~/shell/later/LoadLater";

const loadLink = () => import("./DomainSuggestionLink");

/**
 * In the domain-unavailable notice: a link to a working address of the merchant, once one answers (loaded on demand,
 * as soon as the page is idle: the player needs it while the notice is open).
 */
export function DomainSuggestion() {
  return <LoadLater load={loadLink} when="idle" />;
}
