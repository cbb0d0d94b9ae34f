/// <reference types="vite/client" />
// The app download surfaces at the edge (docs/behaviour/download.md#shell-calls): download links,
// the app-download bonus (available promotions, app-download announcements), the native app's upgrade check.
// Every call is optional to the page: a failure hides the surface, never the page.
import { parse as parseCookieHeader, serialize as serializeCookie } from "cookie";
import { z } from "zod";
import type { AppContext } from "../../lib/context.server";
import type { PlatformClient } from "../../.server/platform/client";
import { getSiteSettings } from "../../.server/platform/site";
import { CacheBrief, CacheNone } from "../../.server/platform/data";
import { iconPath } from "../install/assets";
import {
  HIDE_BAR_KEY,
  appDisplayName,
  barHiddenReason,
  downloadEntries,
  goToPromotionVisible,
  nativePlatform,
  needsSafari,
  opensInSameTab,
  promotionPath,
  upgradeOffer,
  type DownloadEntry,
  type DownloadLinks,
  type UpgradeOffer,
} from "./rules";

import { isNativeApp } from "../../identity/device";
import { getMemberInfo } from "../../.server/platform/member";
import { appDownloadEnabled } from "../../promotions/go-to";

/** Optional surfaces do not hold a page for the platform's full 30 s. */
const SHELL_CALL_TIMEOUT_MS = 5_000;

// ---- calls (docs/platform-contract.md, "App download") ----

const url = z.string().trim().min(1).max(2048);

export const downloadLinksSchema = z
  .array(z.object({ resourceType: z.string().max(32), url: url.nullish() }).passthrough())
  .max(20)
  .nullish()
  .transform((list) => list ?? []);

/** GET /wps/system/downloadLinks → [{resourceType: 'Android'|'IOS'|'MOBILECONFIG'|'AppDownloadIcon', url}] */
export function getDownloadLinks(platform: PlatformClient) {
  return platform.call("/wps/system/downloadLinks", downloadLinksSchema, {
    auth: false,
    timeoutMs: SHELL_CALL_TIMEOUT_MS,
    cache: CacheBrief(),
  });
}

export const availablePromotionsSchema = z
  .record(z.object({ enabled: z.boolean().default(false), count: z.number().nullish() }).passthrough())
  .nullish()
  .transform((value) => value ?? {});

/** GET /wps/relay/MCSFE_getMerchantAvailablePromotions: public (no authorization) for visitors, personal with the member's token. */
export function getAvailablePromotions(platform: PlatformClient, asMember: boolean) {
  return platform.call("/wps/relay/MCSFE_getMerchantAvailablePromotions", availablePromotionsSchema, {
    auth: asMember,
    timeoutMs: SHELL_CALL_TIMEOUT_MS,
    // The member's own answer is never shared (docs/behaviour/platform-data.md#member-data).
    cache: asMember ? CacheNone() : CacheBrief(),
  });
}

export const announcementsSchema = z
  .array(
    z
      .object({
        id: z.union([z.string(), z.number()]).transform(String),
        title: z.string().max(500).nullish(),
        content: z.string().max(20_000).nullish(),
        promotionType: z.string().max(64).nullish(),
        promotionId: z.union([z.string().max(64), z.number()]).nullish(),
      })
      .passthrough(),
  )
  .max(50)
  .nullish()
  .transform((list) => list ?? []);

/** GET /wps/relay/MCSFE_getListAnnouncements?types=PR&platform=M&category=app_download (no authorization). */
export function getAppDownloadAnnouncements(platform: PlatformClient) {
  return platform.call("/wps/relay/MCSFE_getListAnnouncements", announcementsSchema, {
    query: { types: "PR", platform: "M", category: "app_download" },
    auth: false,
    timeoutMs: SHELL_CALL_TIMEOUT_MS,
    cache: CacheBrief(),
  });
}

export const appVersionSchema = z.object({
  latestVersion: z
    .string()
    .regex(/^\d+(\.\d+){0,3}$/)
    .nullish(),
  downloadUrl: url.nullish(),
});

/** GET /wps/system/appVersion?platform=Android|IOS → {latestVersion, downloadUrl} (the native app's upgrade check). */
export function getAppVersion(platform: PlatformClient, os: "Android" | "IOS") {
  return platform.call("/wps/system/appVersion", appVersionSchema, {
    query: { platform: os },
    auth: false,
    timeoutMs: SHELL_CALL_TIMEOUT_MS,
    cache: CacheBrief(),
  });
}

// ---- values ----

/** A link the browser may follow: root-relative, http(s), or (for iOS) itms-services; anything else is dropped. */
export function safeLink(value: string | null | undefined, allowItms = false): string | null {
  if (!value) return null;
  const link = value.trim();
  if (link.startsWith("/") && !link.startsWith("//") && !link.includes("\\")) return link;
  if (/^https?:\/\/[^\s/]/i.test(link)) return link;
  if (allowItms && /^itms-services:\/\/\?/i.test(link)) return link;
  return null;
}

export type DownloadLinkSet = DownloadLinks & { icon: string | null };

export function linksFrom(list: z.output<typeof downloadLinksSchema>): DownloadLinkSet {
  const find = (type: string) => list.find((l) => l.resourceType.toUpperCase() === type.toUpperCase() && l.url)?.url ?? null;
  return {
    android: safeLink(find("Android")),
    ios: safeLink(find("IOS"), true),
    profile: safeLink(find("MOBILECONFIG")),
    icon: safeLink(find("AppDownloadIcon")),
  };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Announcement HTML as plain paragraphs: the platform's HTML is never rendered as HTML. */
export function htmlToParagraphs(html: string, maxChars = 600): string[] {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])\s*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
  const paragraphs = text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const out: string[] = [];
  let used = 0;
  for (const p of paragraphs) {
    if (used >= maxChars) break;
    const room = maxChars - used;
    out.push(p.length > room ? `${p.slice(0, room).trimEnd()}…` : p);
    used += p.length;
  }
  return out;
}

/**
 * The session flag hideDownloadBar as a session cookie (set by the close form, or by the browser's script). A plain
 * `1`, not a Remix cookie: the page's script writes it too (docs/decisions/0031-cookies.md).
 */
export function barHiddenByCookie(request: Request): boolean {
  try {
    return parseCookieHeader(request.headers.get("Cookie") ?? "")[HIDE_BAR_KEY] === "1";
  } catch {
    return false;
  }
}

export function hideBarCookie(): string {
  // No Max-Age: it ends with the browser session. Not HttpOnly: the page's script sets the same flag itself.
  return serializeCookie(HIDE_BAR_KEY, "1", { path: "/", sameSite: "lax" });
}

/** The gift and the bonus header: the APP_DOWNLOAD promotion, by the promotions' rule (app/promotions/go-to.ts). */
function giftEnabled(promotions: z.output<typeof availablePromotionsSchema> | null): boolean {
  return appDownloadEnabled(promotions);
}

// ---- what the root loader sends (kept small: it is in every page's HTML) ----

export type DownloadShellData = {
  /** The links for the popup (null in the native app or when they could not be loaded). */
  links: DownloadLinks | null;
  /** The bar as the server renders it; null when the server already knows it is hidden. */
  bar: { name: string; icon: string; gift: boolean } | null;
  /** Inside the native app only. */
  upgrade: UpgradeOffer | null;
  /** Outside the native app: the image-download popup may run (the browser checks path and modes). */
  imagePopup: boolean;
};

export const NO_DOWNLOAD_SHELL: DownloadShellData = { links: null, bar: null, upgrade: null, imagePopup: false };

async function loadUpgrade(context: AppContext, userAgent: string): Promise<UpgradeOffer | null> {
  const os = nativePlatform(userAgent);
  const [version, links, settings] = await Promise.all([
    getAppVersion(context.platform, os),
    getDownloadLinks(context.platform),
    getSiteSettings(context.platform),
  ]);
  if (!version.ok) return null;
  const own = links.ok ? linksFrom(links.value) : null;
  const downloadUrl = (os === "IOS" ? own?.ios : own?.android) ?? safeLink(version.value.downloadUrl, os === "IOS");
  return upgradeOffer({
    userAgent,
    latestVersion: version.value.latestVersion,
    downloadUrl,
    mandatory: settings.ok && settings.value.flags.mandatoryAppUpdates,
  });
}

export async function loadDownloadShell(context: AppContext, request: Request): Promise<DownloadShellData> {
  try {
    const userAgent = request.headers.get("User-Agent") ?? "";
    if (isNativeApp(userAgent)) return { ...NO_DOWNLOAD_SHELL, upgrade: await loadUpgrade(context, userAgent) };
    // Closed for the session: the links still serve the popup on request and the install sheet's profile button.
    const closed = barHiddenByCookie(request);
    const [linkList, promotions] = await Promise.all([
      getDownloadLinks(context.platform),
      closed ? null : getAvailablePromotions(context.platform, context.session.token !== null),
    ]);
    if (!linkList.ok) return { ...NO_DOWNLOAD_SHELL, imagePopup: true };
    const { icon, ...links } = linksFrom(linkList.value);
    const homescreen = new URL(request.url).searchParams.get("homescreen") === "1";
    const shows = barHiddenReason(links, { userAgent, homescreen, hiddenThisSession: closed }) === null;
    const { brand } = context.merchant;
    return {
      links,
      bar: shows
        ? {
            name: appDisplayName(brand.shortName, brand.name),
            icon: icon ?? iconPath(192),
            gift: giftEnabled(promotions?.ok ? promotions.value : null),
          }
        : null,
      upgrade: null,
      imagePopup: true,
    };
  } catch (error) {
    console.error("[download] shell data failed", error);
    return NO_DOWNLOAD_SHELL;
  }
}

// ---- the download page (/m/appDownload) and the popup's bonus header ----

export type DownloadBonus = { title: string; paragraphs: string[]; goTo: string | null };

export type DownloadPageEntry = { entry: DownloadEntry; href: string | null; sameTab: boolean; needsSafari: boolean };

export type DownloadPageData = {
  appName: string;
  icon: string;
  entries: DownloadPageEntry[];
  profile: string | null;
  bonus: DownloadBonus | null;
};

export async function loadDownloadPage(context: AppContext, request: Request): Promise<DownloadPageData> {
  const userAgent = request.headers.get("User-Agent") ?? "";
  const member = context.session.info;
  const [linkList, promotions, announcements, info] = await Promise.all([
    getDownloadLinks(context.platform),
    getAvailablePromotions(context.platform, context.session.token !== null),
    getAppDownloadAnnouncements(context.platform),
    context.session.token ? getMemberInfo(context.platform) : null,
  ]);
  const links = linkList.ok ? linksFrom(linkList.value) : { android: null, ios: null, profile: null, icon: null };
  const ctx = { userAgent };
  const hrefs: Record<DownloadEntry, string | null> = {
    android: links.android,
    ios: links.ios,
    profile: links.profile,
    a2hs: null,
  };
  const entries = downloadEntries(links, ctx)
    .filter((entry) => entry !== "a2hs")
    .map((entry) => {
      const href = hrefs[entry];
      return { entry, href, sameTab: entry === "profile" || (href !== null && opensInSameTab(href)), needsSafari: needsSafari(entry, ctx) };
    });

  const announcement = announcements.ok ? announcements.value.find((a) => a.title || a.content) : undefined;
  const bonus: DownloadBonus | null =
    announcement && giftEnabled(promotions.ok ? promotions.value : null)
      ? {
          title: htmlToParagraphs(announcement.title ?? "", 120).join(" "),
          paragraphs: htmlToParagraphs(announcement.content ?? ""),
          // The promotions' go-to rules; the download handler is this device's download entries, computed above.
          goTo: goToPromotionVisible({
            memberType: info?.ok ? info.value.type : (member?.type ?? null),
            clubLabelType: info?.ok ? (info.value.clubLabel?.type ?? null) : null,
            promotionId: announcement.promotionId == null ? null : String(announcement.promotionId),
            promotionType: announcement.promotionType ?? "APP_DOWNLOAD",
            hasDownloadHandler: entries.length > 0,
          })
            ? promotionPath(String(announcement.promotionId))
            : null,
        }
      : null;

  const { brand } = context.merchant;
  return {
    appName: appDisplayName(brand.shortName, brand.name),
    icon: links.icon ?? iconPath(192),
    entries,
    profile: links.profile,
    bonus,
  };
}
