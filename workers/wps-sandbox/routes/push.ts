// Web push: POST /wps/relay/CSP_fcmBind and /wps/relay/CSP_fcmSubscribe (members), POST /wps/relay/CSP_fcmUnsubscribe
// (by registration token, no member needed), kept in D1, and the control endpoint's view of them (GET /__sandbox/push).
// See docs/platform-contract.md, "Push".
import { z } from "zod";
import type { WpsContext, WpsRoute } from "../context";
import { fail, notLoggedIn, ok } from "../http";
import { authenticate } from "../sessions";
import { readJson } from "../validation";

/** An FCM registration token as the platform accepts it (FCM's alphabet; real ones are about 160 characters). */
const registrationToken = z
  .string()
  .min(16)
  .max(4096)
  .regex(/^[A-Za-z0-9_:.-]+$/, "not an FCM registration token");

const bindSchema = z.object({ registrationToken }).strict();
/** The product subscribes every device to the one topic the platform broadcasts on. */
const subscribeSchema = z.object({ registrationToken, topic: z.enum(["ALL"]) }).strict();
const unsubscribeSchema = z.object({ registrationToken, unsubscribeAll: z.literal(true) }).strict();

type PushCallName = "bind" | "subscribe" | "unsubscribe";

async function recordCall(
  db: D1Database,
  merchant: string,
  call: PushCallName,
  token: string,
  username: string | null,
  topic: string | null,
): Promise<void> {
  await db
    .prepare("INSERT INTO push_calls (merchant, call, registration_token, username, topic, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(merchant, call, token, username, topic, Date.now())
    .run();
}

type BindingRow = { registration_token: string; username: string; topics: string; bound_at: number };

async function findBinding(db: D1Database, merchant: string, token: string): Promise<BindingRow | null> {
  return db
    .prepare("SELECT registration_token, username, topics, bound_at FROM push_bindings WHERE merchant = ? AND registration_token = ?")
    .bind(merchant, token)
    .first<BindingRow>();
}

/** Binds the device's token to the member who sends it: a token bound to another member moves, its topics dropped. */
async function bind(ctx: WpsContext): Promise<Response> {
  const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
  if (session === null) return notLoggedIn();
  const parsed = await readJson(ctx.request, bindSchema);
  if (!parsed.ok) return parsed.response;
  const { registrationToken: token } = parsed.data;
  const username = session.member.username;
  const previous = await findBinding(ctx.env.DB, ctx.merchant.code, token);
  const topics = previous !== null && previous.username.toLowerCase() === username.toLowerCase() ? previous.topics : "[]";
  await ctx.env.DB.prepare(
    `INSERT INTO push_bindings (merchant, registration_token, username, topics, bound_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (merchant, registration_token) DO UPDATE SET username = excluded.username, topics = excluded.topics,
       bound_at = excluded.bound_at`,
  )
    .bind(ctx.merchant.code, token, username, topics, Date.now())
    .run();
  await recordCall(ctx.env.DB, ctx.merchant.code, "bind", token, username, null);
  return ok();
}

/** Subscribes a token the member has bound to a topic; a token not bound to this member is refused. */
async function subscribe(ctx: WpsContext): Promise<Response> {
  const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
  if (session === null) return notLoggedIn();
  const parsed = await readJson(ctx.request, subscribeSchema);
  if (!parsed.ok) return parsed.response;
  const { registrationToken: token, topic } = parsed.data;
  const binding = await findBinding(ctx.env.DB, ctx.merchant.code, token);
  if (binding === null || binding.username.toLowerCase() !== session.member.username.toLowerCase()) {
    return fail("fcm.token.not.bound", "Bind the registration token before subscribing it");
  }
  const topics = new Set(JSON.parse(binding.topics) as string[]);
  topics.add(topic);
  await ctx.env.DB.prepare("UPDATE push_bindings SET topics = ? WHERE merchant = ? AND registration_token = ?")
    .bind(JSON.stringify([...topics]), ctx.merchant.code, token)
    .run();
  await recordCall(ctx.env.DB, ctx.merchant.code, "subscribe", token, session.member.username, topic);
  return ok();
}

/** Forgets the token: its binding and every topic. An unknown token is not an error (the device may never have bound). */
async function unsubscribe(ctx: WpsContext): Promise<Response> {
  const parsed = await readJson(ctx.request, unsubscribeSchema);
  if (!parsed.ok) return parsed.response;
  const { registrationToken: token } = parsed.data;
  const binding = await findBinding(ctx.env.DB, ctx.merchant.code, token);
  await ctx.env.DB.prepare("DELETE FROM push_bindings WHERE merchant = ? AND registration_token = ?").bind(ctx.merchant.code, token).run();
  await recordCall(ctx.env.DB, ctx.merchant.code, "unsubscribe", token, binding?.username ?? null, null);
  return ok();
}

export const pushRoutes: WpsRoute[] = [
  { method: "POST", path: "/wps/relay/CSP_fcmBind", handle: bind },
  { method: "POST", path: "/wps/relay/CSP_fcmSubscribe", handle: subscribe },
  { method: "POST", path: "/wps/relay/CSP_fcmUnsubscribe", handle: unsubscribe },
];

export type PushBinding = { registrationToken: string; userName: string; topics: string[]; boundAt: number };
export type PushCall = { call: PushCallName; registrationToken: string; userName: string | null; topic: string | null; at: number };

/** A merchant's current bindings and every call received, oldest first; `username` narrows both to one member. */
export async function listPush(
  db: D1Database,
  merchant: string,
  username: string | null,
): Promise<{ bindings: PushBinding[]; calls: PushCall[] }> {
  const who = username === null ? "" : " AND username = ? COLLATE NOCASE";
  const args = username === null ? [merchant] : [merchant, username];
  const bindings = await db
    .prepare(`SELECT registration_token, username, topics, bound_at FROM push_bindings WHERE merchant = ?${who} ORDER BY bound_at`)
    .bind(...args)
    .all<BindingRow>();
  const calls = await db
    .prepare(`SELECT call, registration_token, username, topic, created_at FROM push_calls WHERE merchant = ?${who} ORDER BY id`)
    .bind(...args)
    .all<{ call: PushCallName; registration_token: string; username: string | null; topic: string | null; created_at: number }>();
  return {
    bindings: bindings.results.map((row) => ({
      registrationToken: row.registration_token,
      userName: row.username,
      topics: JSON.parse(row.topics) as string[],
      boundAt: row.bound_at,
    })),
    calls: calls.results.map((row) => ({
      call: row.call,
      registrationToken: row.registration_token,
      userName: row.username,
      topic: row.topic,
      at: row.created_at,
    })),
  };
}

export async function clearPush(db: D1Database, merchant?: string): Promise<void> {
  for (const table of ["push_bindings", "push_calls"]) {
    if (merchant === undefined) await db.prepare(`DELETE FROM ${table}`).run();
    else await db.prepare(`DELETE FROM ${table} WHERE merchant = ?`).bind(merchant).run();
  }
}
