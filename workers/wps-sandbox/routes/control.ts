// /__sandbox/*: the control endpoint. Sandbox-only; the real platform has
// nothing like it, so it lives outside /wps where the app never proxies.
import { z } from "zod";
import type { Route } from "../context";
import { resetData } from "../db";
import type { Env } from "../env";
import { clearFaults, loadFaults, saveFaults } from "../fault-store";
import { faultUpdateSchema, mergeFaults, type Faults } from "../faults";
import { fail, ok } from "../http";
import { findMerchant, MERCHANTS } from "../merchants";
import { readEncryptedJson } from "../secure-body";
import { readJson } from "../validation";

export interface ControlContext {
  request: Request;
  url: URL;
  env: Env;
}

export const CONTROL_PREFIX = "/__sandbox/";

const resetSchema = z
  .object({
    merchant: z.string().min(1).optional(),
    /** Also restore seed members and drop tokens and captcha challenges. */
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
  if (data === true) await resetData(ctx.env.DB, merchant);
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

export const controlRoutes: Route<ControlContext>[] = [
  { method: "POST", path: "/__sandbox/faults", handle: setFaults },
  { method: "GET", path: "/__sandbox/faults", handle: getFaults },
  { method: "POST", path: "/__sandbox/reset", handle: reset },
  { method: "POST", path: "/__sandbox/echo-encrypted", handle: echoEncrypted },
];
