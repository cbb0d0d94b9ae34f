// The popup list call (docs/platform-contract.md, "Announcement popup"), on its own: the contract check
// (scripts/platform/calls.ts) runs it in Node, where the edge's HTML sanitiser does not load.
import { z } from "zod";
import type { PlatformClient } from "../.server/platform/client";
import { CacheBrief, CacheNone } from "../.server/platform/data";

/** An optional surface: it never holds the page for the platform's full timeout. */
const POPUP_CALL_TIMEOUT_MS = 5_000;

export const popupListSchema = z
  .array(
    z
      .object({
        id: z.union([z.string().max(64), z.number()]).transform(String),
        title: z.string().max(500).nullish(),
        content: z.string().max(20_000).nullish(),
        promotionType: z.string().max(64).nullish(),
        promotionId: z.union([z.string().max(64), z.number()]).nullish(),
        execution: z.string().max(8).nullish(),
        forceRead: z.boolean().nullish(),
      })
      .passthrough(),
  )
  .max(100)
  .nullish()
  .transform((list) => list ?? []);

export type Audience = "A" | "A,F" | "B";

/** GET /wps/relay/MCSFE_getListAnnouncements?types=PU&platform=M&execution=A|A,F|B: visitors shared, members never. */
export function getPopupAnnouncements(platform: PlatformClient, execution: Audience) {
  const member = execution !== "B";
  return platform.call("/wps/relay/MCSFE_getListAnnouncements", popupListSchema, {
    query: { types: "PU", platform: "M", execution },
    auth: member,
    timeoutMs: POPUP_CALL_TIMEOUT_MS,
    cache: member ? CacheNone() : CacheBrief(),
  });
}
