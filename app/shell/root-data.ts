import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/**
 * The root route's data (merchant brand, translations, member, site state, shell), for any component under it.
 * Kept out of root.tsx so that the components root.tsx renders do not import the route module back: only the
 * loader's type crosses, and the type vanishes from the build (docs/decisions/0028-layout-and-import-boundaries.md).
 * Undefined where the root loader did not answer (the error page after a failed root loader).
 */
export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}

/**
 * An internal link's target with the tracking parameters of the address the page was loaded with (server render and
 * browser alike; docs/behaviour/shell.md#tracking-parameters). The root works them out, so this is a concatenation.
 */
export function useTrackedPath(path: string): string {
  const query = useRootData()?.tracking.query;
  return query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path;
}
