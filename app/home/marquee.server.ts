// The marquee (docs/behaviour/home.md#marquee): GET /wps/relay/MCSFE_getListAnnouncements?types=MQ&platform=M.
// Visitors: no token, shared (CacheBrief). Members: with the token, never shared (CacheNone), their own items first.
import { z } from "zod";
import type { AppContext } from "~/lib/context.server";
import { CacheBrief, CacheNone } from "~/.server/platform/data";
import { getSiteSettings } from "~/.server/platform/site";
import { marqueeSpeed, plainText } from "./marquee";

export const marqueeItemSchema = z.object({
  id: z.union([z.string().max(128), z.number()]),
  title: z.string().max(500).nullish(),
  content: z.string().max(5000).nullish(),
  personal: z.boolean().nullish(),
});
export const marqueeListSchema = z.array(z.unknown()).max(100);

export type MarqueeData = { items: { id: string; text: string }[]; speed: number };

/** At most this many items run in the marquee. */
export const MARQUEE_MAX_ITEMS = 10;

/** Plain texts in the platform's order, personal ones first; empty or malformed items are left out. */
export function toMarqueeItems(list: readonly unknown[]): MarqueeData["items"] {
  const items = list.flatMap((item) => {
    const parsed = marqueeItemSchema.safeParse(item);
    if (!parsed.success) return [];
    const text = plainText(parsed.data.content || parsed.data.title || "");
    return text ? [{ id: String(parsed.data.id), text, personal: parsed.data.personal === true }] : [];
  });
  return [...items.filter((i) => i.personal), ...items.filter((i) => !i.personal)]
    .slice(0, MARQUEE_MAX_ITEMS)
    .map(({ id, text }) => ({ id, text }));
}

export async function loadMarquee(context: AppContext): Promise<MarqueeData | null> {
  const member = context.session.token !== null;
  const [reply, settings] = await Promise.all([
    context.platform.call("/wps/relay/MCSFE_getListAnnouncements", marqueeListSchema, {
      query: { types: "MQ", platform: "M" },
      auth: member,
      cache: member ? CacheNone() : CacheBrief(),
    }),
    getSiteSettings(context.platform),
  ]);
  if (!reply.ok) return null;
  const items = toMarqueeItems(reply.value);
  if (items.length === 0) return null;
  return { items, speed: marqueeSpeed(settings.ok ? settings.value.marqueeSpeed : null) };
}
