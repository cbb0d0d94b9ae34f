import type { Merchant } from "../.server/merchants/merchant-config";
import type { ServerEnv } from "../.server/env.server";
import { clientIpOf, PlatformClient } from "../.server/platform/client";
import { PlatformReads } from "../.server/platform/data";
import { AppSession } from "../.server/session";
import { detectLanguage } from "../.server/i18n/detect-language";
import { languageCookieNeedsRewrite, readLanguageCookie, serializeLanguageCookie } from "../.server/i18n/language-cookie";
import { createNonce } from "../.server/security/headers";
import type { LanguageCode } from "../i18n/languages";
import type { RequestLog } from "../.server/logging/request-log.server";

/** The Worker's environment as parsed by readServerEnv (app/.server/env.server.ts), and its execution context. */
export type CloudflareContext = { env: ServerEnv; ctx: Pick<ExecutionContext, "waitUntil"> };

export type AppContext = {
  cloudflare: CloudflareContext;
  merchant: Merchant;
  platform: PlatformClient;
  session: AppSession;
  language: LanguageCode;
  cspNonce: string;
  clientIp: string | null;
  /** A form post (an action, then with JavaScript off the page's loaders): the platform calls share the action deadline. */
  formPost: boolean;
  /** Set-Cookie lines the Worker adds to whatever response this request ends with (clearing unreadable cookies). */
  outgoingCookies: string[];
  /** The request's log line and id (docs/behaviour/operations.md#request-log). */
  requestLog: RequestLog;
};

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}

/**
 * What the context's owner decides: `onSessionEnded` is the answer thrown when the platform says the member's token is
 * no longer valid (the Worker passes identity's: clear the session, go to the login page).
 */
export type AppContextHooks = { onSessionEnded: (context: AppContext, request: Request) => Promise<Response> };

/** Built once per request by the Worker (Hydrogen's habit), which development runs too (docs/decisions/0025). */
export async function createAppContext(
  request: Request,
  cloudflare: CloudflareContext,
  merchant: Merchant,
  requestLog: RequestLog,
  hooks: AppContextHooks,
): Promise<AppContext> {
  const { env } = cloudflare;
  const session = await AppSession.read(request, env.SESSION_SECRET, merchant.merchantCode);
  const url = new URL(request.url);
  const cookieHeader = request.headers.get("Cookie");
  const languageCookie = readLanguageCookie(cookieHeader);
  const language = detectLanguage({
    query: url.searchParams.get("language"),
    cookie: languageCookie.code,
    member: session.memberLanguage,
    acceptLanguage: request.headers.get("Accept-Language"),
    merchantDefault: merchant.defaultLanguage,
  });

  // A language cookie that is not one of the twenty codes (or in an older format) is rewritten with the language in use.
  // (An unreadable session cookie is cleared by the Worker's session commit.)
  const outgoingCookies: string[] = [];
  if (languageCookieNeedsRewrite(cookieHeader, languageCookie)) outgoingCookies.push(serializeLanguageCookie(language));

  const clientIp = clientIpOf(request);
  const isPageLoad = request.method === "GET" || request.method === "HEAD";
  // Per request: identical reads once, shared data from the cache (docs/behaviour/platform-data.md).
  const reads = new PlatformReads({
    sandboxControl: env.SANDBOX_CONTROL,
    waitUntil: (promise) => cloudflare.ctx.waitUntil(promise),
    caches: typeof caches === "undefined" ? null : caches,
  });
  requestLog.countPlatformCallsWith(() => ({ roundTrips: reads.roundTrips, cacheHits: reads.cacheHits, memoHits: reads.memoHits }));
  const context: AppContext = {
    cloudflare,
    merchant,
    session,
    language,
    cspNonce: createNonce(),
    clientIp,
    formPost: !isPageLoad,
    outgoingCookies,
    requestLog,
    platform: PlatformClient.create({
      merchant,
      env,
      request,
      language,
      token: session.token,
      callTimeoutMs: env.PLATFORM_TIMEOUT_MS,
      // One deadline for a whole page load: it renders with what it has and a notice; one for a whole form post: the
      // form comes back with a notice and what was typed (docs/behaviour/errors.md#timeouts, #action-deadline).
      deadline: Date.now() + (isPageLoad ? env.PAGE_DEADLINE_MS : env.ACTION_DEADLINE_MS),
      onSessionEnded: () => hooks.onSessionEnded(context, request),
      reads,
      log: requestLog,
    }),
  };
  return context;
}
