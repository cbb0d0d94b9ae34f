import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Merchant } from "../app/.server/merchants/merchant-config";
import { findMerchant, loadMerchantRoutes, parseHostHeader } from "../app/.server/merchants/resolve-merchant";
import { PlatformClient } from "../app/.server/platform/client";
import { AppSession, languageCookie } from "../app/.server/session";
import { detectLanguage } from "../app/.server/i18n/detect-language";
import { createNonce } from "../app/.server/security/headers";
import type { LanguageCode } from "../app/i18n/languages";

export type CloudflareContext = { env: Env; ctx: Pick<ExecutionContext, "waitUntil"> };

export type AppContext = {
  cloudflare: CloudflareContext;
  merchant: Merchant;
  platform: PlatformClient;
  session: AppSession;
  language: LanguageCode;
  cspNonce: string;
  clientIp: string | null;
};

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}

export class MissingSecretError extends Error {}

/** Built once per request, in the Worker and in Vite dev alike (Hydrogen's habit). */
export async function createAppContext(request: Request, cloudflare: CloudflareContext, merchant: Merchant): Promise<AppContext> {
  const secret = cloudflare.env.SESSION_SECRET;
  if (!secret || secret.length < 32) throw new MissingSecretError("SESSION_SECRET is missing or shorter than 32 characters");
  const session = await AppSession.read(request, secret, merchant.merchantCode);
  const url = new URL(request.url);
  const language = detectLanguage({
    query: url.searchParams.get("language"),
    cookie: (await languageCookie.parse(request.headers.get("Cookie"))) as string | null,
    member: session.memberLanguage,
    acceptLanguage: request.headers.get("Accept-Language"),
    merchantDefault: merchant.defaultLanguage,
  });
  const clientIp = request.headers.get("CF-Connecting-IP");
  const publicOrigin = `${url.protocol}//${request.headers.get("Host") ?? url.host}`;
  const platform = new PlatformClient({
    merchant,
    env: cloudflare.env as unknown as Record<string, unknown>,
    language,
    token: session.token,
    clientIp,
    publicOrigin,
  });
  return { cloudflare, merchant, platform, session, language, cspNonce: createNonce(), clientIp };
}

/** Vite dev's entry (cloudflareDevProxyVitePlugin): the Worker resolves the merchant itself. */
export async function getLoadContext({
  request,
  context,
}: {
  request: Request;
  context: { cloudflare: CloudflareContext };
}): Promise<AppLoadContext> {
  const host = parseHostHeader(request.headers.get("Host"));
  const merchant = host ? findMerchant(await loadMerchantRoutes(context.cloudflare.env.MERCHANT_ROUTES), host) : null;
  if (!merchant) throw new Response(`This domain (${host ?? "?"}) is not configured`, { status: 404 });
  return createAppContext(request, context.cloudflare, merchant);
}
