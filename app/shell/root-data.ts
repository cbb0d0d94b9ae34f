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
