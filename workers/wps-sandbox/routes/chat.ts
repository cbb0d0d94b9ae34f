// Chat: /wps/relay/CBS_launchChat and /wps/relay/CBS_unreadCount (members), and the unread counts the control endpoint
// sets (POST /__sandbox/unread). See docs/platform-contract.md, "Chat".
import { z } from "zod";
import type { WpsContext, WpsRoute } from "../context";
import { fail, notLoggedIn, ok } from "../http";
import { authenticate } from "../sessions";
import { invalidRequest } from "../validation";

export const CHAT_PAGE_PATH = "/wps/sandbox-pages/chat";

/** A member's unread count when the control endpoint has not set one: demo01 has messages waiting, others none. */
export function seedUnreadCount(username: string): number {
  return username.toLowerCase() === "demo01" ? 3 : 0;
}

export async function loadUnreadCount(db: D1Database, merchant: string, username: string): Promise<number> {
  const row = await db
    .prepare("SELECT count FROM chat_unread WHERE merchant = ? AND username = ?")
    .bind(merchant, username.toLowerCase())
    .first<{ count: number }>();
  return row === null ? seedUnreadCount(username) : row.count;
}

export async function saveUnreadCount(db: D1Database, merchant: string, username: string, count: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO chat_unread (merchant, username, count) VALUES (?, ?, ?)
       ON CONFLICT (merchant, username) DO UPDATE SET count = excluded.count`,
    )
    .bind(merchant, username.toLowerCase(), count)
    .run();
}

export async function clearUnreadCounts(db: D1Database, merchant?: string): Promise<void> {
  if (merchant === undefined) await db.prepare("DELETE FROM chat_unread").run();
  else await db.prepare("DELETE FROM chat_unread WHERE merchant = ?").bind(merchant).run();
}

const launchQuerySchema = z.object({
  b2c: z.literal("1"),
  title: z.string().max(200),
  backUrl: z
    .string()
    .max(2048)
    .url()
    .refine((v) => /^https?:\/\//i.test(v), "http(s) only"),
  headerColor: z.string().max(32),
  language: z.string().min(2).max(8),
});

async function launchChat(ctx: WpsContext): Promise<Response> {
  const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
  if (session === null) return notLoggedIn();
  if (!ctx.merchant.whitelabelVal.CBS3) return fail("chat.disabled", "Chat is not enabled for this merchant");
  if (session.member.type === 4) return fail("no_permissions", "No permissions");
  const parsed = launchQuerySchema.safeParse(Object.fromEntries(ctx.url.searchParams));
  if (!parsed.success)
    return invalidRequest(`Invalid chat launch parameters: ${parsed.error.issues.map((i) => i.path.join(".")).join(", ")}`);
  const q = parsed.data;
  // The chat page on the site's own host (through the app's /wps proxy), like the game pages.
  const page = new URL(CHAT_PAGE_PATH, new URL(q.backUrl).origin);
  page.searchParams.set("merchant", ctx.merchant.code);
  page.searchParams.set("type", "CBS");
  page.searchParams.set("member", session.member.username);
  page.searchParams.set("language", q.language);
  page.searchParams.set("title", q.title);
  page.searchParams.set("headerColor", q.headerColor);
  page.searchParams.set("backUrl", q.backUrl);
  return ok(page.toString());
}

async function unreadCount(ctx: WpsContext): Promise<Response> {
  const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
  if (session === null) return notLoggedIn();
  return ok({ unReadCount: await loadUnreadCount(ctx.env.DB, ctx.merchant.code, session.member.username) });
}

export const chatRoutes: WpsRoute[] = [
  { method: "GET", path: "/wps/relay/CBS_launchChat", handle: launchChat },
  { method: "GET", path: "/wps/relay/CBS_unreadCount", handle: unreadCount },
];
