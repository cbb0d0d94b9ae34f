import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-expect-error: the Remix build is plain JavaScript without type declarations
import * as serverBuild from "../build/server";
import { EnvError, readServerEnv } from "../app/.server/env.server";
import { findMerchant, loadMerchantRoutes, parseHostHeader } from "../app/.server/merchants/resolve-merchant";
import { appStylesheets, edgeErrorPage as renderEdgeErrorPage, type EdgeErrorKind } from "../app/.server/pages/edge-error-page";
import { forbiddenOriginReply, proxyToPlatform } from "../app/.server/platform/proxy";
import { applyBaseSecurityHeaders, withHeaders } from "../app/.server/security/headers";
import { isAllowedOrigin } from "../app/.server/security/origin";
import { checkRequestLimits } from "../app/.server/security/request-limits";
import { asPageRequest, checkPageRequest, isUnreadablePath, unreadablePathReply } from "../app/.server/security/page-requests";
import { CSP_REPORT_PATH, logCspReport } from "../app/.server/security/csp-report";
import { languageFromAcceptLanguage } from "../app/.server/i18n/detect-language";
import type { LanguageCode } from "../app/i18n/languages";
import { adoptTokenFromQuery } from "../app/identity/adopt-token.server";
import { autoLogin } from "../app/identity/auto-login.server";
import { sessionExpired } from "../app/identity/guard.server";
import { rememberAttribution } from "../app/tracking/attribution.server";
import { createAppContext, type AppContext } from "../app/lib/context.server";
import { requestSetCookies } from "../app/.server/request-cookies";
import { sandboxControl } from "./sandbox-control";
import { VISITOR_PAGE_HEADER, visitorPageKey, visitorPages } from "../app/.server/performance/visitor-pages";
import { loadSiteState } from "../app/site-status/site-state.server";
import { PLATFORM_CALLS_HEADER } from "../app/.server/platform/data";
import { describeError, logEvent, REQUEST_ID_HEADER, RequestLog, type RouteKind } from "../app/.server/logging/request-log.server";

const build = serverBuild as unknown as ServerBuild;
const handleRemix = createRequestHandler(build);
// The app's stylesheets, for the pages the Worker answers itself.
const stylesheets = appStylesheets(build);

function edgeErrorPage(kind: EdgeErrorKind, status: number, language: LanguageCode, values?: Record<string, string>): Response {
  return renderEdgeErrorPage(kind, status, language, { stylesheets, values });
}

/** Language for pages answered before a merchant is known. */
function visitorLanguage(request: Request) {
  return languageFromAcceptLanguage(request.headers.get("Accept-Language")) ?? "EN";
}

/**
 * Adds what the request's context asks for to the answer, whatever produced it: the session cookie when the session
 * changed (the one commit point: a session is written here and nowhere else), the other cookies the request set, and,
 * in development, the platform call count.
 */
async function withOutgoingCookies(response: Response, context: AppContext): Promise<Response> {
  const counted = withPlatformCallCount(response, context);
  const cookies = await requestSetCookies(context);
  if (cookies.length === 0) return counted;
  return withHeaders(counted, (headers) => {
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  });
}

/** Development and tests only: how many platform round trips the answer took (docs/behaviour/platform-data.md#call-count). */
function withPlatformCallCount(response: Response, context: AppContext): Response {
  if (!context.cloudflare.env.PLATFORM_CALLS_HEADER) return response;
  const count = String(context.platform.roundTrips);
  return withHeaders(response, (headers) => headers.set(PLATFORM_CALLS_HEADER, count));
}

/** The request line says a visitor page was served or kept; development answers say it too (VISITOR_PAGE_HEADER). */
function withVisitorPageNote(response: Response, use: "served" | "kept", context: AppContext): Response {
  context.requestLog.noteVisitorPage(use);
  if (!context.cloudflare.env.PLATFORM_CALLS_HEADER) return response;
  return withHeaders(response, (headers) => headers.set(VISITOR_PAGE_HEADER, use));
}

/** A GET of a file-like path (the manifest, icons, splash images, a static file that is not there) is an asset. */
function remixKind(request: Request, pathname: string): RouteKind {
  if (request.method !== "GET" && request.method !== "HEAD") return "action";
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return /\.[A-Za-z0-9]+$/.test(last) && !last.endsWith(".data") ? "asset" : "page";
}

/** The visitor-page key of a request whose page may be shared, while the site is open to this visitor without a notice. */
async function openSiteVisitorPageKey(request: Request, url: URL, context: AppContext): Promise<string | null> {
  const key = visitorPageKey(request, context, url);
  if (!key) return null;
  // The site status is per visitor address: read first (the page's own read reuses it), and only an open site shares.
  const { state, notice } = await loadSiteState(context, request);
  return state.kind === "open" && notice === null ? key : null;
}

async function handle(request: Request, rawEnv: Env, ctx: ExecutionContext, log: RequestLog): Promise<Response> {
  // Until something else answers, the answer is one of the edge's own error pages.
  log.setKind("edge-error");
  // Parsed once per isolate; a missing or malformed variable ends here, on every request (docs/decisions/0026).
  const env = readServerEnv(rawEnv);
  const limit = checkRequestLimits(request);
  if (limit) return edgeErrorPage("bad-request", limit.status, visitorLanguage(request));

  const hostHeader = request.headers.get("Host") ?? new URL(request.url).host;
  const host = parseHostHeader(hostHeader);
  if (!host) return edgeErrorPage("bad-request", 400, visitorLanguage(request));

  const url = new URL(request.url);
  // Separators and control characters in the path: a plain 404 before Remix, which would log a stack trace for them.
  if (isUnreadablePath(url.pathname)) return unreadablePathReply();
  // Development only: the sandbox platform's fault controls, reachable because the dev config binds it.
  if (url.pathname.startsWith("/__sandbox/") && env.WPS_SANDBOX && env.SANDBOX_CONTROL) {
    log.setKind("sandbox");
    return sandboxControl(request, env, env.WPS_SANDBOX);
  }

  const routes = await loadMerchantRoutes(env.MERCHANT_ROUTES, Date.now(), { demo: env.DEMO_MERCHANTS });
  const merchant = findMerchant(routes, host);
  if (!merchant) return edgeErrorPage("domain-not-configured", 404, visitorLanguage(request), { host });
  log.setMerchant(merchant.merchantCode);

  // Browsers send violation reports without a page's origin rules in mind: logged, never acted on.
  if (url.pathname === CSP_REPORT_PATH) {
    log.setKind("report");
    return logCspReport(request, merchant.merchantCode, log.id);
  }

  const isPlatformCall = url.pathname.startsWith("/wps/");
  if (!isAllowedOrigin(request, hostHeader)) {
    return isPlatformCall ? forbiddenOriginReply() : edgeErrorPage("forbidden", 403, visitorLanguage(request));
  }

  const context = await createAppContext(request, { env, ctx }, merchant, log, { onSessionEnded: sessionExpired });
  if (isPlatformCall) {
    log.setKind("proxy");
    const reply = await proxyToPlatform(request, context.platform, context.session, { timeoutMs: env.PLATFORM_TIMEOUT_MS, log });
    return await withOutgoingCookies(reply, context);
  }

  const problem = await checkPageRequest(request);
  if (problem) {
    const page = edgeErrorPage(problem.kind, problem.status, context.language);
    if (problem.status === 405) page.headers.set("Allow", "GET, HEAD, POST");
    return await withOutgoingCookies(page, context);
  }
  // A bare POST (no body, no Content-Type) reaches the actions as an empty form (docs/behaviour/errors.md#form-posts).
  request = asPageRequest(request);

  log.setKind(remixKind(request, url.pathname));
  // Ad campaign parameters of any landing address, kept for registration (docs/behaviour/tracking.md#attribution).
  await rememberAttribution(request, context);
  try {
    // Identity at the edge, before the page renders: a token in the address, then auto-login (app/.server/identity).
    const identity = (await adoptTokenFromQuery(request, context)) ?? (await autoLogin(request, context));
    if (identity) return await withOutgoingCookies(identity, context);
    // A first visit's landing page, as the previous identical visitor got it (docs/behaviour/platform-data.md#visitor-pages).
    const pageKey = await openSiteVisitorPageKey(request, url, context);
    const kept = pageKey ? visitorPages.serve(pageKey) : null;
    if (kept) return await withOutgoingCookies(withVisitorPageNote(kept, "served", context), context);
    const page = await handleRemix(request, context);
    if (!pageKey) return await withOutgoingCookies(page, context);
    const { response, kept: keptNow } = await visitorPages.keepIfShared(pageKey, page, context);
    return await withOutgoingCookies(keptNow ? withVisitorPageNote(response, "kept", context) : response, context);
  } catch (thrown) {
    // The platform client throws the redirect that ends a session the platform no longer knows.
    if (thrown instanceof Response) return await withOutgoingCookies(thrown, context);
    throw thrown;
  }
}

export { IdentityGuard } from "./identity-guard";

export default {
  async fetch(request, env, ctx): Promise<Response> {
    // One JSON line per request, with an id the platform and the client see too (docs/behaviour/operations.md#request-log).
    const log = new RequestLog(request);
    let response: Response;
    try {
      response = await handle(request, env, ctx, log);
    } catch (error) {
      // An environment error names the variables, never their values.
      const detail = error instanceof EnvError ? error.message : describeError(error);
      logEvent("error", "unhandled-error", { requestId: log.id, merchant: log.merchantCode, error: detail });
      log.setKind("edge-error");
      try {
        response = edgeErrorPage("server-error", 500, visitorLanguage(request));
      } catch (pageError) {
        // The page itself failed to render: a plain answer still says what happened, without any detail.
        logEvent("error", "error-page-failed", { requestId: log.id, error: describeError(pageError) });
        response = new Response("Server error", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      }
    }
    log.finish(response.status);
    return withHeaders(response, (headers) => {
      applyBaseSecurityHeaders(headers);
      headers.set(REQUEST_ID_HEADER, log.id);
    });
  },
} satisfies ExportedHandler<Env>;
