// Game lanes (docs/behaviour/home.md#lanes): GET /wps/relay/GCSGAME_newGameVendor?platform=html5, public and shared
// (CacheSteady). A failed or malformed answer omits the lanes; a malformed vendor is left out alone.
import { z } from "zod";
import type { AppContext } from "~/lib/context.server";
import { CacheSteady } from "~/.server/platform/data";
import { buildLanes, type Lane, type Vendor } from "./lanes";

export const vendorSchema = z.object({
  accountTypeName: z.string().min(1).max(32),
  displayName: z.string().min(1).max(100),
  vendorType: z.string().max(32).default(""),
  gameClassify: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  gameClassifyName: z
    .string()
    .max(100)
    .nullish()
    .transform((v) => v ?? null),
  gameCount: z.number().int().min(0).max(100_000).catch(0).default(0),
  trial: z.boolean().catch(false).default(false),
  image: z
    .string()
    .max(2048)
    .nullish()
    .transform((v) => v ?? null),
});
export const vendorListSchema = z.array(z.unknown()).max(500);

export function toVendors(list: readonly unknown[]): Vendor[] {
  return list.flatMap((item) => {
    const parsed = vendorSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function getGameVendors(context: AppContext) {
  return context.platform.call("/wps/relay/GCSGAME_newGameVendor", vendorListSchema, {
    query: { platform: "html5" },
    auth: false,
    cache: CacheSteady(),
  });
}

/** The lanes, or null when the platform failed or has none (the page renders without them). */
export async function loadGameLanes(context: AppContext): Promise<Lane[] | null> {
  const reply = await getGameVendors(context);
  if (!reply.ok) return null;
  const lanes = buildLanes(toVendors(reply.value), context.session.token !== null);
  return lanes.length > 0 ? lanes : null;
}
