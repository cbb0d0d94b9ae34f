// The protected promotion pages (docs/behaviour/promotions.md#promotion-pages): each promotion's detail from the
// platform turned into what its page shows (sign-in calendar, tasks, rescue, vouchers, ranking, VIP tiers), and the
// claim action the pages post to (docs/platform-contract.md, "GET /wps/relay/MCSFE_getPromotionDetail" and
// "POST /wps/relay/MCSFE_claimPromotion").
import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import type { AppContext } from "../lib/context.server";
import type { PlatformClient } from "../.server/platform/client";
import { CacheNone } from "../.server/platform/data";
import { getMemberInfo } from "../.server/platform/member";
import { requireMember } from "../identity/guard.server";
import { keyMessage, newId, noticeFor } from "../identity/messages.server";
import type { Message } from "../identity/types";
import type { TranslationKey } from "../i18n/i18n-instance";
import { currencyCode } from "./promotions.server";
import { htmlLang } from "../i18n/languages";
import { buildSignInCalendar, maskName, type CalendarDayState } from "./detail-rules";
import { PROMOTION_ROUTES } from "./go-to";
import { formatMoney } from "./money";
import { dateText, loadRoutePromotions, type PromotionView, type ViewContext } from "./promotions.server";

// ---- calls ----

const amount = z.number().finite().min(0).max(1e12);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const id = z.string().trim().min(1).max(64);
const name = z.string().trim().min(1).max(100);

export const promotionDetailSchema = z.object({
  id: z.union([id, z.number().int()]).transform(String),
  promotionType: z.string().min(1).max(64),
  currency: currencyCode,
  signIn: z
    .object({
      cycleStart: isoDay,
      days: z.number().int().min(1).max(31),
      today: isoDay,
      signedDates: z.array(isoDay).max(31),
      rewards: z.array(amount).max(31),
    })
    .nullish(),
  tasks: z
    .array(
      z.object({
        id,
        name,
        progress: z.number().int().min(0),
        target: z.number().int().min(1),
        reward: amount,
        claimed: z.boolean(),
      }),
    )
    .max(50)
    .nullish(),
  rescue: z
    .object({ lossDate: isoDay, lossAmount: amount, rate: z.number().finite().min(0).max(100), amount, claimed: z.boolean() })
    .nullish(),
  vouchers: z
    .array(
      z.object({
        id,
        amount,
        expiresAt: z.number().int().min(0).max(8_640_000_000_000_000),
        state: z.enum(["USABLE", "REDEEMED", "EXPIRED"]),
      }),
    )
    .max(100)
    .nullish(),
  ranking: z
    .object({
      entries: z.array(z.object({ rank: z.number().int().min(1), userName: name, score: z.number().finite() })).max(100),
      own: z.object({ rank: z.number().int().min(1), userName: name, score: z.number().finite() }).nullish(),
    })
    .nullish(),
  tiers: z
    .array(
      z.object({
        rankLevel: z.number().int().min(0).max(100),
        name,
        upgradeBonus: amount,
        rebatePercent: z.number().finite().min(0).max(100),
        dailyWithdrawals: z.number().int().min(0).max(10_000),
      }),
    )
    .max(30)
    .nullish(),
});
export type PromotionDetail = z.output<typeof promotionDetailSchema>;

/** GET /wps/relay/MCSFE_getPromotionDetail?id=<id> (member): what the promotion is about for this member. */
export function getPromotionDetail(platform: PlatformClient, promotionId: string) {
  return platform.call("/wps/relay/MCSFE_getPromotionDetail", promotionDetailSchema, { query: { id: promotionId }, cache: CacheNone() });
}

export const claimReplySchema = z.object({ amount: amount.nullish(), currency: z.string().nullish() }).nullish();

/** POST /wps/relay/MCSFE_claimPromotion {id, target?} (member): claims a reward once. */
export function claimPromotion(platform: PlatformClient, claim: { id: string; target: string | null }) {
  return platform.call("/wps/relay/MCSFE_claimPromotion", claimReplySchema, {
    method: "POST",
    body: claim.target === null ? { id: claim.id } : { id: claim.id, target: claim.target },
  });
}

// ---- what the pages render ----

export type TaskState = "open" | "claimable" | "claimed";
export type VoucherState = "usable" | "redeemed" | "expired";

export type DetailPanel =
  | {
      kind: "signIn";
      days: { date: string; label: string; day: number; reward: string | null; state: CalendarDayState }[];
      todaySigned: boolean;
      /** Today is in the cycle and not signed: the claim is offered. */
      canSignIn: boolean;
      todayReward: string | null;
    }
  | { kind: "tasks"; tasks: { id: string; name: string; progress: number; target: number; reward: string; state: TaskState }[] }
  | { kind: "rescue"; lossDate: string | null; lossAmount: string; rate: number; amount: string; state: "claimable" | "claimed" | "none" }
  | { kind: "vouchers"; vouchers: { id: string; amount: string; expires: string | null; expiresIso: string | null; state: VoucherState }[] }
  | { kind: "ranking"; entries: { rank: number; name: string; score: number }[]; own: { rank: number; name: string; score: number } | null }
  | {
      kind: "tiers";
      tiers: { rankLevel: number; name: string; upgradeBonus: string; rebatePercent: number; dailyWithdrawals: number; current: boolean }[];
    }
  | { kind: "none" }
  | { kind: "failed" };

const shortDays = new Map<string, Intl.DateTimeFormat>();

function shortDay(isoDate: string, locale: string): string {
  let format = shortDays.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
    shortDays.set(locale, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

export type MemberTier = { rankLevel: number | null; name: string | null };

/** The detail as the page shows it; amounts in the promotion's currency, the merchant's when it gives none. */
export function toPanel(detail: PromotionDetail, ctx: ViewContext & { locale: string; now: number }, tier: MemberTier | null): DetailPanel {
  const currency = detail.currency ?? ctx.currency;
  const money = (value: number) => formatMoney(value, currency) ?? String(value);
  if (detail.signIn) {
    const calendar = buildSignInCalendar(detail.signIn);
    return {
      kind: "signIn",
      days: calendar.days.map((d) => ({ ...d, label: shortDay(d.date, ctx.locale), reward: d.reward === null ? null : money(d.reward) })),
      todaySigned: calendar.todaySigned,
      canSignIn: calendar.inCycle && !calendar.todaySigned,
      todayReward: calendar.todayReward === null ? null : money(calendar.todayReward),
    };
  }
  if (detail.tasks) {
    return {
      kind: "tasks",
      tasks: detail.tasks.map((task) => ({
        id: task.id,
        name: task.name,
        progress: Math.min(task.progress, task.target),
        target: task.target,
        reward: money(task.reward),
        state: task.claimed ? "claimed" : task.progress >= task.target ? "claimable" : "open",
      })),
    };
  }
  if (detail.rescue) {
    const r = detail.rescue;
    return {
      kind: "rescue",
      lossDate: dateText(Date.parse(`${r.lossDate}T00:00:00Z`), ctx.language).text,
      lossAmount: money(r.lossAmount),
      rate: r.rate,
      amount: money(r.amount),
      state: r.claimed ? "claimed" : r.amount > 0 ? "claimable" : "none",
    };
  }
  if (detail.vouchers) {
    return {
      kind: "vouchers",
      vouchers: detail.vouchers.map((v) => {
        const expires = dateText(v.expiresAt, ctx.language);
        // A voucher past its expiry is expired whatever state the platform still gives it.
        const state: VoucherState =
          v.state === "REDEEMED" ? "redeemed" : v.state === "EXPIRED" || v.expiresAt <= ctx.now ? "expired" : "usable";
        return { id: v.id, amount: money(v.amount), expires: expires.text, expiresIso: expires.iso, state };
      }),
    };
  }
  if (detail.ranking) {
    const { entries, own } = detail.ranking;
    return {
      kind: "ranking",
      entries: entries.map((e) => ({ rank: e.rank, name: maskName(e.userName), score: e.score })),
      own: own ? { rank: own.rank, name: own.userName, score: own.score } : null,
    };
  }
  if (detail.tiers) {
    return {
      kind: "tiers",
      tiers: detail.tiers.map((t) => ({
        rankLevel: t.rankLevel,
        name: t.name,
        upgradeBonus: money(t.upgradeBonus),
        rebatePercent: t.rebatePercent,
        dailyWithdrawals: t.dailyWithdrawals,
        current: tier?.rankLevel === t.rankLevel,
      })),
    };
  }
  return { kind: "none" };
}

export type PromotionPageItem = { promotion: PromotionView; panel: DetailPanel };

/** The member's club label (member info): the tier the benefits page marks as theirs. */
async function memberTier(context: AppContext): Promise<MemberTier | null> {
  const info = await getMemberInfo(context.platform);
  if (!info.ok || !info.value.clubLabel) return null;
  return { rankLevel: info.value.clubLabel.rankLevel ?? null, name: info.value.clubLabel.labelName ?? null };
}

/**
 * A protected promotion page: the member's promotions of the page's types (the go-to button never pointing at the page
 * itself), each with its detail. A failed detail is a notice in that promotion's section, never a failed page.
 */
export async function loadPromotionPage(context: AppContext, request: Request, path: string) {
  requireMember(context, request);
  const [route, tier] = await Promise.all([
    loadRoutePromotions(context, request, path),
    path === PROMOTION_ROUTES.benefits ? memberTier(context) : Promise.resolve(null),
  ]);
  const viewCtx = { ...route.ctx, locale: htmlLang(context.language), now: Date.now() };
  const items: PromotionPageItem[] | null =
    route.promotions === null
      ? null
      : await Promise.all(
          route.promotions.map(async (promotion) => {
            const detail = await getPromotionDetail(context.platform, promotion.id);
            return { promotion, panel: detail.ok ? toPanel(detail.value, viewCtx, tier) : ({ kind: "failed" } as const) };
          }),
        );
  return { items, vipBenefits: route.vipBenefits, tier };
}

// ---- the claim ----

export type ClaimResult = { id: string; ok: boolean; promotionId: string; target: string | null; message: Message };

const claimFormSchema = z.object({
  promotionId: id,
  target: id.optional().catch(undefined),
});

/** The platform's refusals the player reads in their language (docs/behaviour/promotions.md#claims). */
const CLAIM_ERRORS: Readonly<Record<string, TranslationKey>> = {
  "promotion.claim.done": "promo_claim_already",
  "promotion.claim.not.allowed": "promo_claim_not_allowed",
  "promotion.not.found": "promo_claim_not_allowed",
};

/**
 * POST to a promotion page: claims one reward of one of the page's promotions. The Worker refused a cross-origin post
 * before this runs. Answers the result for the page to show (a plain form post renders the page with it, a fetcher
 * reads it); the page's loader then shows the new state.
 */
export async function claimAction(context: AppContext, request: Request, path: string) {
  requireMember(context, request);
  const form = await request.formData();
  const parsed = claimFormSchema.safeParse({
    promotionId: form.get("promotionId") ?? undefined,
    target: form.get("target") ?? undefined,
  });
  const answer = (result: Omit<ClaimResult, "id">, status: number) => data<ClaimResult>({ id: newId(), ...result }, { status });
  if (!parsed.success) {
    return answer({ ok: false, promotionId: "", target: null, message: keyMessage("promo_claim_not_allowed") }, 400);
  }
  const { promotionId } = parsed.data;
  const target = parsed.data.target ?? null;
  // Only the page's own promotions are claimed from it (a claim for another page's promotion is refused here).
  const route = await loadRoutePromotions(context, request, path);
  if (!route.promotions?.some((promotion) => promotion.id === promotionId)) {
    return answer({ ok: false, promotionId, target, message: keyMessage("promo_claim_not_allowed") }, 400);
  }
  const result = await claimPromotion(context.platform, { id: promotionId, target });
  if (result.ok) {
    const claimed = result.value?.amount;
    const message =
      typeof claimed === "number"
        ? {
            key: "promo_claim_done_amount" as const,
            values: { amount: formatMoney(claimed, result.value?.currency ?? route.ctx.currency) ?? String(claimed) },
          }
        : keyMessage("promo_claim_done");
    return answer({ ok: true, promotionId, target, message }, 200);
  }
  const known = result.errorCode ? CLAIM_ERRORS[result.errorCode] : undefined;
  const message = known ? keyMessage(known) : (noticeFor(result) ?? keyMessage("unknown_error"));
  return answer({ ok: false, promotionId, target, message }, known ? 409 : 502);
}
