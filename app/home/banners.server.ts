// The home banners (docs/behaviour/home.md#banners): groups m_home then m_event from GET /wps/system/banners, public
// and shared (CacheBrief). A failed or malformed answer omits the carousel; a malformed banner is left out alone.
import { z } from "zod";
import type { AppContext } from "~/lib/context.server";
import { CacheBrief } from "~/.server/platform/data";
import { getSiteSettings } from "~/.server/platform/site";
import { bannerLink } from "./banner-links";
import { imageCdnOrigins, resolveImageUrl } from "./image-hosts";

/** The carousel's groups, in this order. */
export const HOME_BANNER_GROUPS = ["m_home", "m_event"] as const;

const optionalText = (max: number) =>
  z
    .union([z.string().max(max), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v)));

export const bannerSchema = z.object({
  groupName: z.string().max(32),
  url: z.string().min(1).max(2048),
  linkageType: z.string().max(8),
  linkage: optionalText(2048),
  roomId: optionalText(64),
  nodeId: optionalText(64),
  gameType: optionalText(32),
  vendor: optionalText(32),
  /** The picture's text for screen readers, in the caller's language (the sandbox sends it; optional). */
  title: optionalText(200),
});
export type Banner = z.output<typeof bannerSchema>;

/** The list itself must be a list; each banner is checked on its own. */
export const bannerListSchema = z.array(z.unknown()).max(100);

export type HomeBanner = {
  key: string;
  image: string;
  title: string | null;
  link: { href: string; external: boolean } | null;
};

/** The carousel's slides from the platform's list: the home groups in order, usable pictures only. */
export function toHomeBanners(list: readonly unknown[], member: boolean, imageCDNs: readonly string[]): HomeBanner[] {
  const cdns = imageCdnOrigins(imageCDNs);
  const banners = list.flatMap((item) => {
    const parsed = bannerSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return HOME_BANNER_GROUPS.flatMap((group) => banners.filter((b) => b.groupName === group)).flatMap((banner, index): HomeBanner[] => {
    const image = resolveImageUrl(banner.url, cdns);
    if (!image) return [];
    const link = bannerLink(banner, member);
    return [
      {
        key: `${index}-${banner.url}`,
        image,
        title: banner.title?.trim() || null,
        link: link.kind === "none" ? null : { href: link.href, external: link.kind === "external" },
      },
    ];
  });
}

/** The banners section, or null when the platform failed (the page renders without it). */
export async function loadBanners(context: AppContext): Promise<HomeBanner[] | null> {
  const [reply, settings] = await Promise.all([
    context.platform.call("/wps/system/banners", bannerListSchema, {
      query: { groups: HOME_BANNER_GROUPS.join(",") },
      auth: false,
      cache: CacheBrief(),
    }),
    getSiteSettings(context.platform),
  ]);
  if (!reply.ok) return null;
  const banners = toHomeBanners(reply.value, context.session.token !== null, settings.ok ? settings.value.imageCDNs : []);
  return banners.length > 0 ? banners : null;
}
