// Where a home banner leads (docs/behaviour/home.md#banner-links). Pure: the banners loader applies it, and the unit
// table in tests/unit/home/banner-links.test.ts covers every linkage type for visitors and members.
import { gameHref, launchPath } from "./game-links";

export type BannerLinkInput = {
  linkageType: string;
  linkage: string | null;
  vendor: string | null;
  gameType: string | null;
};

/** internal: a page of this site (same tab); external: another site (new tab, rel="noopener noreferrer"). */
export type BannerLink = { kind: "internal"; href: string } | { kind: "external"; href: string } | { kind: "none" };

const PROMOTION_ID = /^[A-Za-z0-9_.-]{1,64}$/;

function hasControlCharacter(value: string): boolean {
  for (const ch of value) if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) return true;
  return false;
}

/** A path inside the product: begins with /m (then /, ?, # or the end), names no scheme, is not protocol-relative. */
function isProductPath(value: string): boolean {
  return /^\/m(?:[/?#]|$)/.test(value) && !/http/i.test(value) && !value.includes("\\") && !/\s/.test(value) && !hasControlCharacter(value);
}

function externalUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * P: the promotion's page, /m/activity?id=<linkage>. URL: a path beginning with /m and without "http" opens here;
 * any other http(s) address opens in a new tab; anything else (javascript:, data:, relative) is no link. G: the game
 * through /m/launchGame, via /m/login for a visitor. A banner whose linkage is unusable is shown without a link.
 */
export function bannerLink(banner: BannerLinkInput, member: boolean): BannerLink {
  const linkage = (banner.linkage ?? "").trim();
  switch (banner.linkageType.trim().toUpperCase()) {
    case "P":
      return PROMOTION_ID.test(linkage) ? { kind: "internal", href: `/m/activity?id=${encodeURIComponent(linkage)}` } : { kind: "none" };
    case "URL": {
      if (isProductPath(linkage)) return { kind: "internal", href: linkage };
      const external = externalUrl(linkage);
      return external ? { kind: "external", href: external } : { kind: "none" };
    }
    case "G": {
      const launch = launchPath(banner.vendor, banner.gameType, linkage);
      return launch ? { kind: "internal", href: gameHref(launch, member) } : { kind: "none" };
    }
    default:
      return { kind: "none" };
  }
}
