import { LoadWhenIdle } from "~/shell/pwa/LoadWhenIdle";

const loadLink = () => import("./DomainSuggestionLink");

/** In the domain-unavailable notice: a link to a working address of the merchant, once one answers (loaded on demand). */
export function DomainSuggestion() {
  return <LoadWhenIdle load={loadLink} />;
}
