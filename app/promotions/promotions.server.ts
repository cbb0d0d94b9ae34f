// Promotions at the edge (docs/behaviour/promotions.md): the promotion list (public for visitors, personal for
// members), the rewards centre (only when REWCEN3 is on), the member's referral link, and the view the pages render.
// Every call is optional to the page: a failure becomes a translated notice in the page, never a crash.
import { z } from "zod";
import type { AppContext } from "../lib/context.server";
import type { PlatformClient } from "../.server/platform/client";
import { CacheBrief, CacheNone } from "../.server/platform/data";
import { getMemberInfo } from "../.server/platform/member";
import { getSiteSettings } from "../.server/platform/site";
import { getDownloadLinks, htmlToParagraphs, linksFrom } from "../shell/download/download.server";
import { downloadEntries } from "../shell/download/rules";
import { htmlLang, type LanguageCode } from "../i18n/languages";
import { requireMember } from "../identity/guard.server";
import { goToPromotion, promotionPath, targetHref, typesForRoute, vipBenefitsShown, type GoToMember } from "./go-to";
import { formatMoney } from "./money";

// ---- calls (docs/platform-contract.md, "Promotions and the rewards centre") ----

const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? "");

const epochMs = z
  .number()
  .int()
  .min(0)
  .max(8_640_000_000_000_000)
  .nullish()
  .transform((v) => v ?? null);

/** An ISO 4217 code ("USD"), or null for anything else. */
export const currencyCode = z
  .string()
  .regex(/^[A-Za-z]{3}$/)
  .nullish()
  .catch(null)
  .transform((v) => v ?? null);

export const promotionItemSchema = z.object({
  id: z.union([z.string().min(1).max(64), z.number().int()]).transform(String),
  promotionType: z.string().min(1).max(64),
  title: z.string().min(1).max(300),
  summary: text(1000),
  content: text(20_000),
  imageUrl: z
    .string()
    .max(2048)
    .regex(/^(https:\/\/|\/(?!\/))/)
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
  startTime: epochMs,
  endTime: epochMs,
  rewardCenter: z.boolean().default(false),
  maxBonus: z
    .number()
    .finite()
    .nullish()
    .transform((v) => v ?? null),
  currency: currencyCode,
});
export type PromotionItem = z.output<typeof promotionItemSchema>;

/** A list: items that do not have the shape are left out (one bad item does not hide the others); not a list → failure. */
export const promotionListSchema = z
  .array(z.unknown())
  .max(200)
  .nullish()
  .transform((list) =>
    (list ?? []).flatMap((item) => {
      const parsed = promotionItemSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  );

/** GET /wps/relay/MCSFE_getPromotionList?platform=M: public without a token (shared), the member's own with it. */
export function getPromotionList(platform: PlatformClient, asMember: boolean) {
  return platform.call("/wps/relay/MCSFE_getPromotionList", promotionListSchema, {
    query: { platform: "M" },
    auth: asMember,
    // The member's own list is never shared (docs/behaviour/platform-data.md#member-data).
    cache: asMember ? CacheNone() : CacheBrief(),
  });
}

/** GET /wps/relay/MCSFE_getRewardCenterPromotions (member): asked only while the white-label flag REWCEN3 is on. */
export function getRewardCenterPromotions(platform: PlatformClient) {
  return platform.call("/wps/relay/MCSFE_getRewardCenterPromotions", promotionListSchema, { cache: CacheNone() });
}

export const referralSchema = z.object({
  referralCode: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  referralLink: z.string().trim().max(2048).url(),
});

/** GET /wps/member/referral (member) → {referralCode, referralLink}. */
export function getReferral(platform: PlatformClient) {
  return platform.call("/wps/member/referral", referralSchema, { cache: CacheNone() });
}

// ---- what the pages render ----

export type PromotionView = {
  id: string;
  type: string;
  title: string;
  summary: string;
  paragraphs: string[];
  imageUrl: string | null;
  /** Start and end as dates in the player's language (UTC days); end null = open-ended. */
  period: { start: string | null; end: string | null; startIso: string | null; endIso: string | null };
  /** In the merchant's currency format, or null. */
  maxBonus: string | null;
  rewardCenter: boolean;
  /** The go-to-promotion button's address, or null when the rules hide it. */
  goTo: string | null;
  /** The detail's address. */
  href: string;
};

/** The member as the go-to rules see it (type, club label), from the member info; null for visitors. */
export async function goToMemberOf(context: AppContext): Promise<GoToMember | null> {
  if (!context.session.token) return null;
  const info = await getMemberInfo(context.platform);
  if (info.ok) return { type: info.value.type, clubLabelType: info.value.clubLabel?.type ?? null };
  return { type: context.session.info?.type ?? -1, clubLabelType: null };
}

/** Whether the app download can be handled on this device: a download entry from the links the shell knows. */
export async function hasDownloadHandler(context: AppContext, request: Request): Promise<boolean> {
  const links = await getDownloadLinks(context.platform);
  if (!links.ok) return false;
  const { icon: _icon, ...own } = linksFrom(links.value);
  return downloadEntries(own, { userAgent: request.headers.get("User-Agent") }).some((entry) => entry !== "a2hs");
}

/** One formatter per language for the life of the isolate: making one costs more than the rest of a page's dates. */
const dateFormats = new Map<LanguageCode, Intl.DateTimeFormat>();

export function dateText(epoch: number | null, language: LanguageCode): { text: string | null; iso: string | null } {
  if (epoch === null) return { text: null, iso: null };
  const date = new Date(epoch);
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(htmlLang(language), { dateStyle: "medium", timeZone: "UTC" });
    dateFormats.set(language, format);
  }
  return { text: format.format(date), iso: date.toISOString().slice(0, 10) };
}

export type ViewContext = {
  member: GoToMember | null;
  downloadHandler: boolean;
  language: LanguageCode;
  currency: string | null;
  /** The page the views are shown on: a go-to button never leads to it (docs/behaviour/promotions.md#go-to-promotion). */
  currentPath?: string | null;
};

export function toView(item: PromotionItem, ctx: ViewContext): PromotionView {
  const decision = goToPromotion({
    promotionType: item.promotionType,
    member: ctx.member,
    hasDownloadHandler: ctx.downloadHandler,
    currentPath: ctx.currentPath ?? null,
  });
  const start = dateText(item.startTime, ctx.language);
  const end = dateText(item.endTime, ctx.language);
  return {
    id: item.id,
    type: item.promotionType,
    title: htmlToParagraphs(item.title, 300).join(" "),
    summary: htmlToParagraphs(item.summary, 300).join(" "),
    paragraphs: htmlToParagraphs(item.content, 4000),
    imageUrl: item.imageUrl,
    period: { start: start.text, end: end.text, startIso: start.iso, endIso: end.iso },
    maxBonus: item.maxBonus === null ? null : formatMoney(item.maxBonus, item.currency ?? ctx.currency),
    rewardCenter: item.rewardCenter,
    goTo: decision.visible ? targetHref(decision.target, ctx.language) : null,
    href: promotionPath(item.id),
  };
}

/** The viewer's context for the rules and formats: member, download handler, language, the merchant's currency. */
export async function viewContext(context: AppContext, request: Request): Promise<ViewContext> {
  const [member, downloadHandler, settings] = await Promise.all([
    goToMemberOf(context),
    hasDownloadHandler(context, request),
    getSiteSettings(context.platform),
  ]);
  return { member, downloadHandler, language: context.language, currency: settings.ok ? (settings.value.currency ?? null) : null };
}

/** The promotions this viewer sees (personal for members, public for visitors), or null when the platform failed. */
export async function loadPromotions(
  context: AppContext,
  request: Request,
  currentPath: string | null = null,
): Promise<{ list: PromotionView[] | null; ctx: ViewContext }> {
  const [list, viewCtx] = await Promise.all([
    getPromotionList(context.platform, context.session.token !== null),
    viewContext(context, request),
  ]);
  const ctx = { ...viewCtx, currentPath };
  return { list: list.ok ? list.value.map((item) => toView(item, ctx)) : null, ctx };
}

/** Whether the merchant's white-label flag REWCEN3 (rewards centre) is on; null when the settings could not be read. */
export async function rewardCenterEnabled(context: AppContext): Promise<boolean | null> {
  const settings = await getSiteSettings(context.platform);
  return settings.ok ? settings.value.flags.rewardCenter : null;
}

export type RewardCenterData =
  | { state: "list"; promotions: PromotionView[] }
  /** The rewards centre is off (REWCEN3): its promotions are not asked for (docs/behaviour/promotions.md#rewards-centre). */
  | { state: "flag-off" }
  | { state: "failed" };

export async function loadRewardCenter(context: AppContext, request: Request): Promise<RewardCenterData> {
  const enabled = await rewardCenterEnabled(context);
  if (enabled === null) return { state: "failed" };
  if (!enabled) return { state: "flag-off" };
  const [list, ctx] = await Promise.all([getRewardCenterPromotions(context.platform), viewContext(context, request)]);
  return list.ok ? { state: "list", promotions: list.value.map((item) => toView(item, ctx)) } : { state: "failed" };
}

/**
 * A protected promotion route (docs/behaviour/promotions.md#promotion-routes): visitors go to the login page and come
 * back; a member sees the promotions of the types the route stands for, from the member's own list.
 */
export async function loadRoutePromotions(context: AppContext, request: Request, path: string) {
  requireMember(context, request);
  const types = typesForRoute(path);
  const { list, ctx } = await loadPromotions(context, request, path);
  return {
    promotions: list === null ? null : list.filter((promotion) => (types as string[]).includes(promotion.type)),
    vipBenefits: vipBenefitsShown(ctx.member),
    ctx,
  };
}
