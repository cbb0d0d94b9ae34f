import { z } from "zod";
import type { ServerEnv } from "../app/.server/env.server";
import { loadMerchantRoutes } from "../app/.server/merchants/resolve-merchant";
import { identityGuardFor } from "../app/.server/security/identity-guard";
import { startNewDevelopmentGeneration } from "../app/.server/platform/data";
import { forgetRsaKeys } from "../app/.server/platform/client";

const resetBodySchema = z.object({ merchant: z.string().max(32).optional(), data: z.boolean().optional() }).passthrough();

function safeJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return null;
  }
}

/**
 * Development only: the sandbox platform's fault controls. A data reset also forgets the edge's own identity state
 * (throttling counters, remembered-login records) and its cached RSA keys for the demo merchants, so tests start from
 * nothing (a cold key cache, as in a new isolate). Any change
 * starts a new platform data cache generation, so the next page shows it at once
 * (docs/behaviour/platform-data.md#development).
 */
export async function sandboxControl(request: Request, env: ServerEnv, sandbox: Fetcher): Promise<Response> {
  const url = new URL(request.url);
  const body = request.method === "POST" ? await request.text() : undefined;
  const reply = await sandbox.fetch(new Request(request.url, { method: request.method, headers: request.headers, body }));
  if (request.method !== "GET" && reply.ok) startNewDevelopmentGeneration();
  const reset = url.pathname === "/__sandbox/reset" && reply.ok ? resetBodySchema.safeParse(safeJson(body)) : null;
  if (reset?.success && reset.data.data) {
    const routes = await loadMerchantRoutes(env.MERCHANT_ROUTES, Date.now(), { demo: env.DEMO_MERCHANTS });
    const codes = reset.data.merchant ? [reset.data.merchant] : [...new Set(routes.map((r) => r.merchantCode))];
    await Promise.all(codes.map((code) => identityGuardFor(env, code)?.clearAll()));
    for (const code of codes) forgetRsaKeys(code);
  }
  return reply;
}
