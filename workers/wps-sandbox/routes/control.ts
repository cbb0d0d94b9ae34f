// /__sandbox/*: the control endpoint. Sandbox-only; the real platform has
// nothing like it, so it lives outside /wps where the app never proxies.
import { z } from "zod";
import type { Route } from "../context";
import { resetData } from "../db";
import type { Env } from "../env";
import { clearFaults, loadFaults, saveFaults } from "../fault-store";
import { clearUnreadCounts, saveUnreadCount } from "./chat";
import { faultUpdateSchema, mergeFaults, type Faults } from "../faults";
import { fail, ok } from "../http";
import { findMerchant, MERCHANTS } from "../merchants";
import { findMemberByUsername, twoFactorMethods } from "../members";
import { readEncryptedJson } from "../secure-body";
import { revokeMemberTokens } from "../sessions";
import { d1SmsStore } from "../sms-store";
import { base32Decode, totp, TOTP_STEP_SECONDS } from "../totp";
import { invalidRequest, readJson } from "../validation";
import { announcementControlRoutes, resetAnnouncements } from "./announcements";
import { clearWhitelabelOverrides, promotionControlRoutes } from "./promotions";
import { clearPromotionClaims } from "./promotion-detail";
import { clearTrackingCalls, listTrackingCalls } from "./tracking";
import { clearPush, listPush } from "./push";

export interface ControlContext {
  request: Request;
  url: URL;
  env: Env;
}

export const CONTROL_PREFIX = "/__sandbox/";

const resetSchema = z
  .object({
    merchant: z.string().min(1).optional(),
    /** Also restore seed members and drop tokens, captcha challenges and results, and SMS codes. */
    data: z.boolean().optional(),
  })
  .strict();

function unknownMerchant(code: string): Response {
  return fail("merchant.not.found", `Unknown merchant "${code}"`, 400);
}

async function setFaults(ctx: ControlContext): Promise<Response> {
  const parsed = await readJson(ctx.request, faultUpdateSchema);
  if (!parsed.ok) return parsed.response;
  const { merchant, ...update } = parsed.data;
  if (findMerchant(merchant) === undefined) return unknownMerchant(merchant);
  const next = mergeFaults(await loadFaults(ctx.env.DB, merchant), update);
  await saveFaults(ctx.env.DB, merchant, next);
  return ok(next);
}

async function getFaults(ctx: ControlContext): Promise<Response> {
  const merchant = ctx.url.searchParams.get("merchant");
  if (merchant !== null && merchant !== "") {
    if (findMerchant(merchant) === undefined) return unknownMerchant(merchant);
    return ok(await loadFaults(ctx.env.DB, merchant));
  }
  const all: Record<string, Faults> = {};
  for (const code of Object.keys(MERCHANTS)) all[code] = await loadFaults(ctx.env.DB, code);
  return ok(all);
}

async function reset(ctx: ControlContext): Promise<Response> {
  const parsed = await readJson(ctx.request, resetSchema, {});
  if (!parsed.ok) return parsed.response;
  const { merchant, data } = parsed.data;
  if (merchant !== undefined && findMerchant(merchant) === undefined) return unknownMerchant(merchant);
  await clearFaults(ctx.env.DB, merchant);
  await resetAnnouncements(ctx.env.DB, merchant);
  await clearWhitelabelOverrides(ctx.env.DB, merchant);
  await clearUnreadCounts(ctx.env.DB, merchant);
  await clearTrackingCalls(ctx.env.DB, merchant);
  await clearPush(ctx.env.DB, merchant);
  if (data === true) {
    await resetData(ctx.env, merchant);
    await clearPromotionClaims(ctx.env.DB, merchant);
  }
  return ok();
}

/** Decrypts an encrypted request exactly as login does and echoes the JSON. */
async function echoEncrypted(ctx: ControlContext): Promise<Response> {
  const code = ctx.request.headers.get("Merchant")?.trim() ?? "";
  const merchant = findMerchant(code);
  if (merchant === undefined) return fail("merchant.not.found", "Missing or unknown Merchant header", 400);
  const parsed = await readEncryptedJson(ctx.request, ctx.env.DB, merchant.code, z.unknown());
  if (!parsed.ok) return parsed.response;
  return ok(parsed.data);
}

/** The merchant named by `?merchant=`, or a 400 reply. */
function merchantParam(ctx: ControlContext): { code: string } | { response: Response } {
  const code = ctx.url.searchParams.get("merchant") ?? "";
  if (code === "") return { response: invalidRequest('Query "merchant" is required') };
  if (findMerchant(code) === undefined) return { response: unknownMerchant(code) };
  return { code };
}

/** In a query string "+" reads as a space: "?mobileNum=+8490..." arrives as " 8490...". */
function mobileParam(value: string | null): string | undefined {
  const trimmed = value?.trim() ?? "";
  if (trimmed === "") return undefined;
  return trimmed.startsWith("+") ? trimmed : `+${trimmed}`;
}

/** The SMS codes "sent" (newest first), since the sandbox sends none. */
async function smsCodes(ctx: ControlContext): Promise<Response> {
  const merchant = merchantParam(ctx);
  if ("response" in merchant) return merchant.response;
  const codes = await d1SmsStore(ctx.env.DB).list(merchant.code, mobileParam(ctx.url.searchParams.get("mobileNum")));
  return ok(codes.map(({ mobileNum, code, expiresAt }) => ({ mobileNum, code, expirationTime: expiresAt })));
}

/** The authenticator code a member's TOTP secret gives now (for tests of the `ga` method). */
async function totpCode(ctx: ControlContext): Promise<Response> {
  const merchant = merchantParam(ctx);
  if ("response" in merchant) return merchant.response;
  const member = await findMemberByUsername(ctx.env.DB, merchant.code, ctx.url.searchParams.get("username") ?? "");
  const key = member?.ga_secret ? base32Decode(member.ga_secret) : null;
  if (key === null) return fail("not.exists.user", "No such member with an authenticator secret");
  const now = Date.now();
  const stepMs = TOTP_STEP_SECONDS * 1000;
  return ok({ code: await totp(key, now), validUntil: (Math.floor(now / stepMs) + 1) * stepMs });
}

/** A member as stored, without password hashes (for tests of registration). */
async function memberDetails(ctx: ControlContext): Promise<Response> {
  const merchant = merchantParam(ctx);
  if ("response" in merchant) return merchant.response;
  const member = await findMemberByUsername(ctx.env.DB, merchant.code, ctx.url.searchParams.get("username") ?? "");
  if (member === null) return fail("not.exists.user", "No such member");
  return ok({
    id: member.id,
    userName: member.username,
    type: member.type,
    language: member.language,
    firstTimeLogin: member.first_login === 1,
    passwordExpired: member.password_expired === 1,
    mobileNum: member.mobile,
    email: member.email,
    payeeName: member.payee_name,
    twoFactor: twoFactorMethods(member),
    registerInfo: member.register_info === null ? null : (JSON.parse(member.register_info) as unknown),
  });
}

const revokeSchema = z.object({ merchant: z.string().min(1), username: z.string().min(1).max(64) }).strict();

/** Ends every session of a member on the platform: the product must then treat its cookie as logged out. */
async function revoke(ctx: ControlContext): Promise<Response> {
  const parsed = await readJson(ctx.request, revokeSchema);
  if (!parsed.ok) return parsed.response;
  if (findMerchant(parsed.data.merchant) === undefined) return unknownMerchant(parsed.data.merchant);
  const member = await findMemberByUsername(ctx.env.DB, parsed.data.merchant, parsed.data.username);
  if (member === null) return fail("not.exists.user", "No such member");
  return ok({ revoked: await revokeMemberTokens(ctx.env.DB, parsed.data.merchant, member.id) });
}

const unreadSchema = z
  .object({ merchant: z.string().min(1), username: z.string().min(1).max(64), count: z.number().int().min(0).max(100_000) })
  .strict();

/** Sets a member's chat unread count (CBS_unreadCount) until the next reset of the merchant. */
async function setUnread(ctx: ControlContext): Promise<Response> {
  const parsed = await readJson(ctx.request, unreadSchema);
  if (!parsed.ok) return parsed.response;
  const { merchant, username, count } = parsed.data;
  if (findMerchant(merchant) === undefined) return unknownMerchant(merchant);
  if ((await findMemberByUsername(ctx.env.DB, merchant, username)) === null) return fail("not.exists.user", "No such member");
  await saveUnreadCount(ctx.env.DB, merchant, username, count);
  return ok({ unReadCount: count });
}

/** The tracking events the platform received and the stand-in pixels' calls, oldest first (docs/platform-contract.md). */
async function trackingCalls(ctx: ControlContext): Promise<Response> {
  const merchant = merchantParam(ctx);
  if ("response" in merchant) return merchant.response;
  return ok(await listTrackingCalls(ctx.env.DB, merchant.code));
}

/** The push bindings and calls the platform received (docs/platform-contract.md, "Push"); `?username=` for one member. */
async function pushState(ctx: ControlContext): Promise<Response> {
  const merchant = merchantParam(ctx);
  if ("response" in merchant) return merchant.response;
  const username = ctx.url.searchParams.get("username");
  return ok(await listPush(ctx.env.DB, merchant.code, username === null || username === "" ? null : username));
}

export const controlRoutes: Route<ControlContext>[] = [
  { method: "GET", path: "/__sandbox/events", handle: trackingCalls },
  { method: "GET", path: "/__sandbox/push", handle: pushState },
  { method: "POST", path: "/__sandbox/unread", handle: setUnread },
  { method: "POST", path: "/__sandbox/revoke", handle: revoke },
  { method: "GET", path: "/__sandbox/sms", handle: smsCodes },
  { method: "GET", path: "/__sandbox/totp", handle: totpCode },
  { method: "GET", path: "/__sandbox/member", handle: memberDetails },
  { method: "POST", path: "/__sandbox/faults", handle: setFaults },
  { method: "GET", path: "/__sandbox/faults", handle: getFaults },
  { method: "POST", path: "/__sandbox/reset", handle: reset },
  { method: "POST", path: "/__sandbox/echo-encrypted", handle: echoEncrypted },
  ...announcementControlRoutes,
  ...promotionControlRoutes,
];
