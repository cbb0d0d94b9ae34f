// Promotions (docs/platform-contract.md, "Promotions and the rewards centre"): the promotion list (public without a
// token, personal with one), the rewards-centre list (needs the white-label flag REWCEN3), the member's referral link,
// and the control that overrides a merchant's white-label flags (POST /__sandbox/whitelabel).
import { z } from "zod";
import type { WpsContext, WpsRoute } from "../context";
import { fail, notLoggedIn, ok } from "../http";
import { findMerchant, WHITELABEL_FLAGS, type Merchant, type WhitelabelFlag } from "../merchants";
import type { MemberRow } from "../members";
import { authenticate, tokenFrom } from "../sessions";
import { readJson } from "../validation";
import { DOWNLOAD_SETUP } from "./download";
import type { ControlContext } from "./control";

// ---------------------------------------------------------------------------------------------------------------
// Demo data: one promotion of every type per merchant

type Text = { title: string; summary: string; content: string };
type Translated = { EN: Text } & Partial<Record<"VI" | "PT-BR", Text>>;

interface PromotionSeed {
  type: string;
  /** Only in a member's personal list. */
  memberOnly: boolean;
  rewardCenter: boolean;
  /** In the merchant's currency; null = no cap. */
  maxBonus: number | null;
  /** Ends this many days after 2026-01-01; null = no end. */
  days: number | null;
  text: Translated;
}

const p = (title: string, summary: string, ...paragraphs: string[]): Text => ({
  title,
  summary,
  content: paragraphs.map((x) => `<p>${x}</p>`).join(""),
});

const SEEDS: readonly PromotionSeed[] = [
  {
    type: "LOGIN",
    memberOnly: false,
    rewardCenter: true,
    maxBonus: 88,
    days: 365,
    text: {
      EN: p(
        "Daily sign-in reward",
        "Sign in every day and collect a bonus.",
        "Sign in on <b>7 days in a row</b> to collect the full reward.",
      ),
      VI: p(
        "Thưởng điểm danh mỗi ngày",
        "Đăng nhập mỗi ngày để nhận thưởng.",
        "Đăng nhập <b>7 ngày liên tiếp</b> để nhận toàn bộ phần thưởng.",
      ),
      "PT-BR": p(
        "Bônus de login diário",
        "Entre todos os dias e ganhe um bônus.",
        "Entre <b>7 dias seguidos</b> para receber o bônus completo.",
      ),
    },
  },
  {
    type: "REGISTER",
    memberOnly: false,
    rewardCenter: false,
    maxBonus: 20,
    days: null,
    text: {
      EN: p("Welcome bonus", "Create an account and get a welcome bonus.", "New members receive a welcome bonus after registering."),
      VI: p("Thưởng chào mừng", "Tạo tài khoản và nhận thưởng chào mừng.", "Thành viên mới nhận thưởng chào mừng sau khi đăng ký."),
      "PT-BR": p("Bônus de boas-vindas", "Crie uma conta e ganhe um bônus.", "Novos membros recebem um bônus após o cadastro."),
    },
  },
  {
    type: "SAVIOR",
    memberOnly: true,
    rewardCenter: true,
    maxBonus: 500,
    days: 180,
    text: {
      EN: p("Rescue fund", "Get back part of yesterday's losses.", "Members receive up to 5% of the previous day's net loss."),
      VI: p("Quỹ cứu trợ", "Nhận lại một phần tiền thua hôm qua.", "Thành viên nhận lại tối đa 5% số tiền thua ròng của ngày hôm trước."),
      "PT-BR": p("Fundo de resgate", "Recupere parte das perdas de ontem.", "Membros recebem até 5% da perda líquida do dia anterior."),
    },
  },
  {
    type: "DEPOSIT",
    memberOnly: false,
    rewardCenter: false,
    maxBonus: 1000,
    days: 90,
    text: {
      EN: p("Deposit bonus", "10% extra on every deposit.", "Every deposit earns a 10% bonus up to the maximum."),
      VI: p("Thưởng nạp tiền", "Thêm 10% cho mỗi lần nạp.", "Mỗi lần nạp tiền được thưởng 10% đến mức tối đa."),
      "PT-BR": p("Bônus de depósito", "10% a mais em cada depósito.", "Cada depósito rende um bônus de 10% até o máximo."),
    },
  },
  ...(
    [
      ["FIRST_DEPOSIT", "First", "đầu tiên", "primeiro", 100],
      ["SECOND_DEPOSIT", "Second", "thứ hai", "segundo", 50],
      ["THIRD_DEPOSIT", "Third", "thứ ba", "terceiro", 30],
      ["FOURTH_DEPOSIT", "Fourth", "thứ tư", "quarto", 20],
      ["FIFTH_DEPOSIT", "Fifth", "thứ năm", "quinto", 10],
    ] as const
  ).map(([type, en, vi, pt, percent]): PromotionSeed => ({
    type,
    memberOnly: false,
    rewardCenter: false,
    maxBonus: percent * 10,
    days: 120,
    text: {
      EN: p(
        `${en} deposit bonus`,
        `${percent}% on your ${en.toLowerCase()} deposit.`,
        `Your ${en.toLowerCase()} deposit earns ${percent}% extra.`,
      ),
      VI: p(`Thưởng nạp lần ${vi}`, `${percent}% cho lần nạp ${vi}.`, `Lần nạp ${vi} của bạn được thêm ${percent}%.`),
      "PT-BR": p(`Bônus do ${pt} depósito`, `${percent}% no ${pt} depósito.`, `Seu ${pt} depósito rende ${percent}% a mais.`),
    },
  })),
  {
    type: "DEPOSIT_COUNT",
    memberOnly: true,
    rewardCenter: true,
    maxBonus: 300,
    days: 60,
    text: {
      EN: p(
        "Deposit leaderboard",
        "Climb the board with every deposit.",
        "The members with the most deposits this month share the prize pool.",
      ),
      VI: p(
        "Bảng xếp hạng nạp tiền",
        "Leo hạng với mỗi lần nạp.",
        "Những thành viên nạp nhiều lần nhất trong tháng chia nhau giải thưởng.",
      ),
      "PT-BR": p("Ranking de depósitos", "Suba no ranking a cada depósito.", "Os membros com mais depósitos no mês dividem o prêmio."),
    },
  },
  {
    type: "DEPOSIT_BET_BONUS",
    memberOnly: true,
    rewardCenter: false,
    maxBonus: 200,
    days: 60,
    text: {
      EN: p(
        "Deposit and play voucher",
        "Deposit, play, and earn a voucher.",
        "Bet your deposit once to receive a voucher in the voucher centre.",
      ),
      VI: p(
        "Phiếu thưởng nạp và chơi",
        "Nạp, chơi và nhận phiếu thưởng.",
        "Cược đủ số tiền nạp một lần để nhận phiếu thưởng trong trung tâm phiếu.",
      ),
      "PT-BR": p(
        "Cupom depósito e aposta",
        "Deposite, jogue e ganhe um cupom.",
        "Aposte o valor do depósito uma vez para receber um cupom.",
      ),
    },
  },
  {
    type: "REFERRAL",
    memberOnly: false,
    rewardCenter: false,
    maxBonus: 50,
    days: null,
    text: {
      EN: p(
        "Invite friends",
        "Earn a bonus for every friend who joins.",
        "Share your referral link; you get a bonus when a friend registers and deposits.",
      ),
      VI: p(
        "Mời bạn bè",
        "Nhận thưởng cho mỗi người bạn tham gia.",
        "Chia sẻ liên kết giới thiệu; bạn nhận thưởng khi bạn bè đăng ký và nạp tiền.",
      ),
      "PT-BR": p(
        "Convide amigos",
        "Ganhe um bônus por cada amigo.",
        "Compartilhe seu link; você ganha um bônus quando o amigo se cadastra e deposita.",
      ),
    },
  },
  {
    type: "MISSION",
    memberOnly: true,
    rewardCenter: true,
    maxBonus: 30,
    days: 30,
    text: {
      EN: p("Novice missions", "Complete simple tasks for rewards.", "Verify your phone, make a first bet and more."),
      VI: p("Nhiệm vụ tân thủ", "Hoàn thành nhiệm vụ đơn giản để nhận thưởng.", "Xác minh số điện thoại, đặt cược lần đầu và hơn thế nữa."),
      "PT-BR": p("Missões de novato", "Complete tarefas simples e ganhe.", "Verifique seu telefone, faça a primeira aposta e mais."),
    },
  },
  {
    type: "UPGRADE_BONUS",
    memberOnly: true,
    rewardCenter: false,
    maxBonus: 2000,
    days: null,
    text: {
      EN: p("VIP upgrade bonus", "A bonus at every new VIP level.", "Reach the next VIP level to receive its upgrade bonus."),
      VI: p("Thưởng thăng cấp VIP", "Thưởng mỗi khi lên cấp VIP mới.", "Đạt cấp VIP tiếp theo để nhận thưởng thăng cấp."),
      "PT-BR": p("Bônus de subida VIP", "Um bônus a cada novo nível VIP.", "Alcance o próximo nível VIP para receber o bônus."),
    },
  },
  {
    type: "APP_DOWNLOAD",
    memberOnly: false,
    rewardCenter: false,
    maxBonus: 10,
    days: null,
    text: {
      EN: p("App download bonus", "Install the app and get a bonus.", "Log in with the app within <b>7 days</b> to receive the bonus."),
      VI: p("Thưởng tải ứng dụng", "Cài ứng dụng và nhận thưởng.", "Đăng nhập bằng ứng dụng trong <b>7 ngày</b> để nhận thưởng."),
      "PT-BR": p("Bônus do app", "Instale o app e ganhe um bônus.", "Entre pelo app em até <b>7 dias</b> para receber o bônus."),
    },
  },
];

/** Every promotion type of the platform. */
export const PROMOTION_TYPES = SEEDS.map((seed) => seed.type);

const START = Date.UTC(2026, 0, 1);
const DAY_MS = 86_400_000;

export interface PromotionItem {
  id: string;
  promotionType: string;
  title: string;
  summary: string;
  content: string;
  imageUrl: string | null;
  startTime: number;
  endTime: number | null;
  rewardCenter: boolean;
  maxBonus: number | null;
  currency: string;
}

/** The promotion id: the app-download promotion keeps the id its announcement links to (routes/download.ts). */
function promotionId(merchant: Merchant, type: string): string {
  if (type === "APP_DOWNLOAD") return DOWNLOAD_SETUP[merchant.code]?.promotionId ?? `${merchant.code}-app-download`;
  return `${merchant.code}-${type.toLowerCase().replace(/_/g, "-")}`;
}

/** Whether the merchant runs the APP_DOWNLOAD promotion for visitors / members (as the available-promotions call says). */
function appDownloadOn(merchant: Merchant, member: MemberRow | null): boolean {
  const setup = DOWNLOAD_SETUP[merchant.code];
  if (setup === undefined) return false;
  return member === null ? setup.appDownloadPublic : setup.appDownloadPersonal && member.type !== 4;
}

/** The list one caller sees: public (member null) or the member's own (member-only items too). */
export function promotionsFor(merchant: Merchant, language: string, member: MemberRow | null): PromotionItem[] {
  // A merchant scales bonuses to its currency.
  const scale = merchant.currency === "VND" ? 1000 : merchant.currency === "BRL" ? 5 : 1;
  return SEEDS.filter(
    (seed) => (member !== null || !seed.memberOnly) && (seed.type !== "APP_DOWNLOAD" || appDownloadOn(merchant, member)),
  ).map((seed) => {
    const text = seed.text[language as "VI" | "PT-BR"] ?? seed.text.EN;
    return {
      id: promotionId(merchant, seed.type),
      promotionType: seed.type,
      title: text.title,
      summary: text.summary,
      content: text.content,
      imageUrl: null,
      startTime: START,
      endTime: seed.days === null ? null : START + seed.days * DAY_MS,
      rewardCenter: seed.rewardCenter,
      maxBonus: seed.maxBonus === null ? null : (seed.maxBonus + (seed.type === "LOGIN" ? 0.5 : 0)) * scale,
      currency: merchant.currency,
    };
  });
}

function languageOf(ctx: WpsContext): string {
  return ctx.request.headers.get("Language")?.trim().toUpperCase() ?? ctx.merchant.defaultLanguage;
}

// ---------------------------------------------------------------------------------------------------------------
// White-label overrides (sandbox control), kept in D1 so every isolate sees them

async function ensureTable(db: D1Database): Promise<void> {
  await db
    .prepare("CREATE TABLE IF NOT EXISTS whitelabel_overrides (merchant TEXT PRIMARY KEY, data TEXT NOT NULL, updated_at INTEGER NOT NULL)")
    .run();
}

const overridesSchema = z.record(z.enum(WHITELABEL_FLAGS), z.boolean());

/** The merchant's white-label flags with the control's overrides applied. */
export async function whitelabelFlags(db: D1Database, merchant: Merchant): Promise<Record<WhitelabelFlag, boolean>> {
  await ensureTable(db);
  const row = await db.prepare("SELECT data FROM whitelabel_overrides WHERE merchant = ?").bind(merchant.code).first<{ data: string }>();
  let overrides: Partial<Record<WhitelabelFlag, boolean>> = {};
  if (row !== null) {
    const parsed = overridesSchema.safeParse(JSON.parse(row.data));
    if (parsed.success) overrides = parsed.data;
  }
  return { ...merchant.whitelabelVal, ...overrides };
}

/** Drops the overrides (the reset control calls it). */
export async function clearWhitelabelOverrides(db: D1Database, merchant?: string): Promise<void> {
  await ensureTable(db);
  if (merchant === undefined) await db.prepare("DELETE FROM whitelabel_overrides").run();
  else await db.prepare("DELETE FROM whitelabel_overrides WHERE merchant = ?").bind(merchant).run();
}

const whitelabelControlSchema = z.object({ merchant: z.string().min(1), flags: overridesSchema }).strict();

/** POST /__sandbox/whitelabel {merchant, flags: {REWCEN3: false}}: overrides flags until the next reset. */
async function setWhitelabel(ctx: ControlContext): Promise<Response> {
  const parsed = await readJson(ctx.request, whitelabelControlSchema);
  if (!parsed.ok) return parsed.response;
  const merchant = findMerchant(parsed.data.merchant);
  if (merchant === undefined) return fail("merchant.not.found", `Unknown merchant "${parsed.data.merchant}"`, 400);
  const current = await whitelabelFlags(ctx.env.DB, merchant);
  const changed = Object.fromEntries(WHITELABEL_FLAGS.filter((f) => current[f] !== merchant.whitelabelVal[f]).map((f) => [f, current[f]]));
  const next = { ...changed, ...parsed.data.flags };
  await ctx.env.DB.prepare(
    `INSERT INTO whitelabel_overrides (merchant, data, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (merchant) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
  )
    .bind(merchant.code, JSON.stringify(next), Date.now())
    .run();
  return ok(await whitelabelFlags(ctx.env.DB, merchant));
}

export const promotionControlRoutes = [{ method: "POST" as const, path: "/__sandbox/whitelabel", handle: setWhitelabel }];

// ---------------------------------------------------------------------------------------------------------------
// /wps calls

async function promotionList(ctx: WpsContext): Promise<Response> {
  // With a token: the member's personal list. A token that is not valid is "not logged in", as on every auth call.
  let member: MemberRow | null = null;
  if (tokenFrom(ctx.request) !== null) {
    const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
    if (session === null) return notLoggedIn();
    member = session.member;
  }
  return ok(promotionsFor(ctx.merchant, languageOf(ctx), member));
}

async function rewardCenter(ctx: WpsContext): Promise<Response> {
  const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
  if (session === null) return notLoggedIn();
  const flags = await whitelabelFlags(ctx.env.DB, ctx.merchant);
  if (!flags.REWCEN3) return fail("reward.center.disabled", "The rewards centre is not enabled for this merchant");
  return ok(promotionsFor(ctx.merchant, languageOf(ctx), session.member).filter((item) => item.rewardCenter));
}

/** The site the member is on (the edge's X-Forwarded-Host/Proto), for the referral link. */
function siteOrigin(request: Request): string {
  const host = request.headers.get("X-Forwarded-Host");
  const proto = request.headers.get("X-Forwarded-Proto");
  if (host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) && (proto === "http" || proto === "https")) return `${proto}://${host}`;
  return "http://demo.localhost:8787";
}

/** The member's referral code: stable per merchant and member. */
export function referralCodeOf(merchant: Merchant, memberId: number): string {
  return `${merchant.code.toUpperCase()}${(memberId * 7919 + 100_000).toString(36).toUpperCase()}`;
}

async function referral(ctx: WpsContext): Promise<Response> {
  const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
  if (session === null) return notLoggedIn();
  const referralCode = referralCodeOf(ctx.merchant, session.member.id);
  return ok({ referralCode, referralLink: `${siteOrigin(ctx.request)}/m/register?referralCode=${encodeURIComponent(referralCode)}` });
}

export const promotionRoutes: WpsRoute[] = [
  { method: "GET", path: "/wps/relay/MCSFE_getPromotionList", handle: promotionList },
  { method: "GET", path: "/wps/relay/MCSFE_getRewardCenterPromotions", handle: rewardCenter },
  { method: "GET", path: "/wps/member/referral", handle: referral },
];
