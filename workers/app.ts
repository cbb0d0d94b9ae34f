import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-expect-error: the Remix build is plain JavaScript without type declarations
import * as serverBuild from "../build/server";
import { findMerchant, loadMerchantRoutes, parseHostHeader } from "../app/.server/merchants/resolve-merchant";
import { edgeErrorPage } from "../app/.server/pages/edge-error-page";
import { forbiddenOriginReply, proxyToPlatform } from "../app/.server/platform/proxy";
import { applyBaseSecurityHeaders, withHeaders } from "../app/.server/security/headers";
import { isAllowedOrigin } from "../app/.server/security/origin";
import { checkRequestLimits } from "../app/.server/security/request-limits";
import { languageFromAcceptLanguage } from "../app/.server/i18n/detect-language";
import { adoptTokenFromQuery } from "../app/.server/identity/adopt-token";
import { autoLogin } from "../app/.server/identity/auto-login";
import { createAppContext, MissingSecretError } from "./load-context";

const handleRemix = createRequestHandler(serverBuild as unknown as ServerBuild);

/** Language for pages answered before a merchant is known. */
function visitorLanguage(request: Request) {
  return languageFromAcceptLanguage(request.headers.get("Accept-Language")) ?? "EN";
}

async function handle(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const limit = checkRequestLimits(request);
  if (limit) return edgeErrorPage("bad-request", limit.status, visitorLanguage(request));

  const hostHeader = request.headers.get("Host") ?? new URL(request.url).host;
  const host = parseHostHeader(hostHeader);
  if (!host) return edgeErrorPage("bad-request", 400, visitorLanguage(request));

  const url = new URL(request.url);
  // Development only: the sandbox platform's fault controls, reachable because the dev config binds it.
  if (url.pathname.startsWith("/__sandbox/") && env.WPS_SANDBOX && env.SANDBOX_CONTROL === "on") {
    return env.WPS_SANDBOX.fetch(request);
  }

  const merchant = findMerchant(await loadMerchantRoutes(env.MERCHANT_ROUTES), host);
  if (!merchant) return edgeErrorPage("domain-not-configured", 404, visitorLanguage(request), { host });

  const isPlatformCall = url.pathname.startsWith("/wps/");
  if (!isAllowedOrigin(request, hostHeader)) {
    return isPlatformCall ? forbiddenOriginReply() : edgeErrorPage("forbidden", 403, visitorLanguage(request));
  }

  const context = await createAppContext(request, { env, ctx }, merchant);
  if (isPlatformCall) return proxyToPlatform(request, context.platform, context.session);
  // Identity at the edge, before the page renders: a token in the address, then auto-login (app/.server/identity).
  const identity = (await adoptTokenFromQuery(request, context)) ?? (await autoLogin(request, context));
  if (identity) return identity;
  return handleRemix(request, context);
}

export default {
  async fetch(request, env, ctx): Promise<Response> {
    let response: Response;
    try {
      response = await handle(request, env, ctx);
    } catch (error) {
      console.error("[worker] unhandled error", error instanceof MissingSecretError ? error.message : error);
      response = await edgeErrorPage("server-error", 500, visitorLanguage(request)).catch(
        () => new Response("Server error", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } }),
      );
    }
    return withHeaders(response, applyBaseSecurityHeaders);
  },
} satisfies ExportedHandler<Env>;
