// A promotion's detail and its claim (docs/platform-contract.md, "GET /wps/relay/MCSFE_getPromotionDetail" and
// "POST /wps/relay/MCSFE_claimPromotion"): what each type is about for one member (sign-in calendar, tasks, rescue,
// vouchers, ranking, VIP tiers), and claims kept in D1 so a reward is claimed once.
import { z } from "zod";
import type { WpsContext } from "../context";
import { fail, notLoggedIn, ok } from "../http";
import type { Merchant } from "../merchants";
import type { MemberRow } from "../members";
import { authenticate } from "../sessions";
import { readJson } from "../validation";
import { promotionsFor, type PromotionItem } from "./promotions";

const DAY_MS = 86_400_000;
/** Sign-in cycles of seven days, counted from the promotions' start (2026-01-01). */
const CYCLE_START = Date.UTC(2026, 0, 1);
const CYCLE_DAYS = 7;
const SIGN_IN_REWARDS = [1, 2, 3, 5, 8, 13, 20];

type Lang = "EN" | "VI" | "PT-BR";
const say = (language: string, texts: Record<Lang, string>): string => texts[language as Lang] ?? texts.EN;

function scaleOf(merchant: Merchant): number {
  return merchant.currency === "VND" ? 1000 : merchant.currency === "BRL" ? 5 : 1;
}

const isoDay = (epoch: number): string => new Date(epoch).toISOString().slice(0, 10);
const dayStart = (epoch: number): number => Math.floor(epoch / DAY_MS) * DAY_MS;

// ---------------------------------------------------------------------------------------------------------------
// Claims (D1)

async function ensureClaims(db: D1Database): Promise<void> {
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS promotion_claims (merchant TEXT NOT NULL, member_id INTEGER NOT NULL, promotion_id TEXT NOT NULL,
       target TEXT NOT NULL, amount REAL NOT NULL, claimed_at INTEGER NOT NULL, PRIMARY KEY (merchant, member_id, promotion_id, target))`,
    )
    .run();
}

async function claimsOf(db: D1Database, merchant: string, memberId: number, promotionId: string): Promise<Set<string>> {
  await ensureClaims(db);
  const rows = await db
    .prepare("SELECT target FROM promotion_claims WHERE merchant = ? AND member_id = ? AND promotion_id = ?")
    .bind(merchant, memberId, promotionId)
    .all<{ target: string }>();
  return new Set(rows.results.map((row) => row.target));
}

/** Records a claim; false when it was claimed already (the primary key makes it once, even for two at the same time). */
async function recordClaim(db: D1Database, merchant: string, memberId: number, promotionId: string, target: string, amount: number) {
  await ensureClaims(db);
  const result = await db
    .prepare(
      `INSERT INTO promotion_claims (merchant, member_id, promotion_id, target, amount, claimed_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    )
    .bind(merchant, memberId, promotionId, target, amount, Date.now())
    .run();
  return result.meta.changes === 1;
}

/** Drops the claims (the data reset calls it). */
export async function clearPromotionClaims(db: D1Database, merchant?: string): Promise<void> {
  await ensureClaims(db);
  if (merchant === undefined) await db.prepare("DELETE FROM promotion_claims").run();
  else await db.prepare("DELETE FROM promotion_claims WHERE merchant = ?").bind(merchant).run();
}

// ---------------------------------------------------------------------------------------------------------------
// What each type is about, for one member

type Claims = Set<string>;

function signIn(member: MemberRow, claims: Claims, scale: number, now: number) {
  const today = dayStart(now);
  const cycleStart = CYCLE_START + Math.floor((today - CYCLE_START) / (CYCLE_DAYS * DAY_MS)) * CYCLE_DAYS * DAY_MS;
  const signedDates: string[] = [];
  for (let day = cycleStart; day <= today; day += DAY_MS) {
    const offset = (day - cycleStart) / DAY_MS;
    // Earlier days of the cycle: a member-stable pattern of signed and missed days; today only once claimed.
    const seeded = day < today && (member.id + offset) % 3 !== 0;
    if (seeded || claims.has(isoDay(day))) signedDates.push(isoDay(day));
  }
  return {
    cycleStart: isoDay(cycleStart),
    days: CYCLE_DAYS,
    today: isoDay(today),
    signedDates,
    rewards: SIGN_IN_REWARDS.map((r) => r * scale),
  };
}

const MISSION_TASKS = [
  {
    id: "verify-phone",
    name: { EN: "Verify your phone", VI: "Xác minh số điện thoại", "PT-BR": "Verifique seu telefone" },
    target: 1,
    done: 1,
    reward: 5,
  },
  {
    id: "first-bet",
    name: { EN: "Place your first bet", VI: "Đặt cược lần đầu", "PT-BR": "Faça sua primeira aposta" },
    target: 1,
    done: 0,
    reward: 10,
  },
  { id: "play-10", name: { EN: "Play 10 rounds", VI: "Chơi 10 ván", "PT-BR": "Jogue 10 rodadas" }, target: 10, done: 3, reward: 15 },
] as const;
const REGISTER_TASKS = [
  { id: "register", name: { EN: "Create your account", VI: "Tạo tài khoản", "PT-BR": "Crie sua conta" }, target: 1, done: 1, reward: 20 },
] as const;

function tasks(type: string, claims: Claims, scale: number, language: string) {
  const list = type === "REGISTER" ? REGISTER_TASKS : MISSION_TASKS;
  return list.map((task) => ({
    id: task.id,
    name: say(language, task.name),
    progress: task.done,
    target: task.target,
    reward: task.reward * scale,
    claimed: claims.has(task.id),
  }));
}

function rescue(member: MemberRow, claims: Claims, scale: number, maxBonus: number | null, now: number) {
  const lossDate = isoDay(dayStart(now) - DAY_MS);
  // The platform's own figure: the member's net loss of the previous day (member-stable in the sandbox).
  const lossAmount = (((member.id * 37) % 40) + 10) * 100 * scale;
  const rate = 5;
  const raw = (lossAmount * rate) / 100;
  const amount = maxBonus === null ? raw : Math.min(raw, maxBonus);
  return { lossDate, lossAmount, rate, amount, claimed: claims.has(lossDate) };
}

function vouchers(member: MemberRow, claims: Claims, scale: number, now: number) {
  const today = dayStart(now);
  return [
    { id: `V${member.id}-1`, amount: 20 * scale, expiresAt: today + 14 * DAY_MS, seededState: "USABLE" },
    { id: `V${member.id}-2`, amount: 50 * scale, expiresAt: today + 3 * DAY_MS, seededState: "REDEEMED" },
    { id: `V${member.id}-3`, amount: 10 * scale, expiresAt: today - 2 * DAY_MS, seededState: "EXPIRED" },
  ].map(({ seededState, ...voucher }) => ({
    ...voucher,
    state: claims.has(voucher.id) ? "REDEEMED" : seededState,
  }));
}

const BOARD = ["luckystar88", "goldfish", "tigerking", "moonrise", "acehigh", "jadepanda", "rocket7", "silverfox", "dragon99", "bluewave"];

function ranking(member: MemberRow) {
  const entries = BOARD.map((userName, i) => ({ rank: i + 1, userName, score: 120 - i * 9 }));
  const ownRank = 11 + (member.id % 20);
  return { entries, own: { rank: ownRank, userName: member.username, score: Math.max(1, 30 - (member.id % 20)) } };
}

const TIERS = [
  { rankLevel: 1, name: "Bronze", upgradeBonus: 0, rebatePercent: 0.2, dailyWithdrawals: 3 },
  { rankLevel: 2, name: "Silver", upgradeBonus: 20, rebatePercent: 0.4, dailyWithdrawals: 5 },
  { rankLevel: 3, name: "VIP Gold", upgradeBonus: 100, rebatePercent: 0.6, dailyWithdrawals: 10 },
  { rankLevel: 4, name: "Platinum", upgradeBonus: 500, rebatePercent: 0.8, dailyWithdrawals: 20 },
  { rankLevel: 5, name: "Diamond", upgradeBonus: 2000, rebatePercent: 1, dailyWithdrawals: 50 },
];

async function detailOf(ctx: WpsContext, member: MemberRow, item: PromotionItem) {
  const scale = scaleOf(ctx.merchant);
  const claims = await claimsOf(ctx.env.DB, ctx.merchant.code, member.id, item.id);
  const language = ctx.request.headers.get("Language")?.trim().toUpperCase() ?? ctx.merchant.defaultLanguage;
  const now = Date.now();
  const base = { id: item.id, promotionType: item.promotionType, currency: ctx.merchant.currency };
  switch (item.promotionType) {
    case "LOGIN":
      return { ...base, signIn: signIn(member, claims, scale, now) };
    case "REGISTER":
    case "MISSION":
      return { ...base, tasks: tasks(item.promotionType, claims, scale, language) };
    case "SAVIOR":
      return { ...base, rescue: rescue(member, claims, scale, item.maxBonus, now) };
    case "DEPOSIT_BET_BONUS":
      return { ...base, vouchers: vouchers(member, claims, scale, now) };
    case "DEPOSIT_COUNT":
      return { ...base, ranking: ranking(member) };
    case "UPGRADE_BONUS":
      return { ...base, tiers: TIERS.map((tier) => ({ ...tier, upgradeBonus: tier.upgradeBonus * scale })) };
    default:
      // The deposit promotions, referral and app download: nothing more than the list says.
      return base;
  }
}

type Found = { ok: true; member: MemberRow; item: PromotionItem } | { ok: false; response: Response };

async function memberPromotion(ctx: WpsContext, id: string): Promise<Found> {
  const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
  if (session === null) return { ok: false, response: notLoggedIn() };
  const item = promotionsFor(ctx.merchant, "EN", session.member).find((promotion) => promotion.id === id);
  if (item === undefined) return { ok: false, response: fail("promotion.not.found", `No promotion "${id}" for this member`) };
  return { ok: true, member: session.member, item };
}

/** GET /wps/relay/MCSFE_getPromotionDetail?id=<id> (auth). */
async function promotionDetail(ctx: WpsContext): Promise<Response> {
  const found = await memberPromotion(ctx, ctx.url.searchParams.get("id") ?? "");
  if (!found.ok) return found.response;
  return ok(await detailOf(ctx, found.member, found.item));
}

const claimSchema = z.object({ id: z.string().min(1).max(64), target: z.string().min(1).max(64).nullish() });

const claimed = () => fail("promotion.claim.done", "This reward has been claimed already");
const notAllowed = () => fail("promotion.claim.not.allowed", "This reward cannot be claimed");

/** POST /wps/relay/MCSFE_claimPromotion {id, target?} (auth): once per reward; anything else is not allowed. */
async function claimPromotion(ctx: WpsContext): Promise<Response> {
  const parsed = await readJson(ctx.request, claimSchema);
  if (!parsed.ok) return parsed.response;
  const found = await memberPromotion(ctx, parsed.data.id);
  if (!found.ok) return found.response;
  const detail = await detailOf(ctx, found.member, found.item);
  const target = parsed.data.target ?? null;
  let claim: { target: string; amount: number } | "done" | null = null;
  if ("signIn" in detail) {
    const { today, cycleStart, rewards, signedDates } = detail.signIn;
    const index = (Date.parse(today) - Date.parse(cycleStart)) / DAY_MS;
    claim = signedDates.includes(today) ? "done" : { target: today, amount: rewards[index] ?? 0 };
  } else if ("tasks" in detail) {
    const task = detail.tasks.find((t) => t.id === target);
    if (task?.claimed) claim = "done";
    else if (task && task.progress >= task.target) claim = { target: task.id, amount: task.reward };
  } else if ("rescue" in detail) {
    const { rescue: r } = detail;
    claim = r.claimed ? "done" : r.amount > 0 ? { target: r.lossDate, amount: r.amount } : null;
  } else if ("vouchers" in detail) {
    const voucher = detail.vouchers.find((v) => v.id === target);
    if (voucher && claimedBefore(voucher.state)) claim = "done";
    else if (voucher?.state === "USABLE") claim = { target: voucher.id, amount: voucher.amount };
  }
  if (claim === "done") return claimed();
  if (claim === null) return notAllowed();
  const recorded = await recordClaim(ctx.env.DB, ctx.merchant.code, found.member.id, found.item.id, claim.target, claim.amount);
  if (!recorded) return claimed();
  return ok({ amount: claim.amount, currency: ctx.merchant.currency });
}

const claimedBefore = (state: string) => state === "REDEEMED";

export const promotionDetailRoutes = [
  { method: "GET" as const, path: "/wps/relay/MCSFE_getPromotionDetail", handle: promotionDetail },
  { method: "POST" as const, path: "/wps/relay/MCSFE_claimPromotion", handle: claimPromotion },
];
