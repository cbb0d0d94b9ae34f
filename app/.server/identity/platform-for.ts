import type { AppContext } from "../../../workers/load-context";
import { PlatformClient } from "../platform/client";

/** A platform client for this request that carries another token (a fresh login, or a token from the address). */
export function platformWithToken(context: Pick<AppContext, "merchant" | "cloudflare" | "language" | "clientIp">, token: string) {
  return new PlatformClient({
    merchant: context.merchant,
    env: context.cloudflare.env as unknown as Record<string, unknown>,
    language: context.language,
    token,
    clientIp: context.clientIp,
  });
}

/** SESSION_SECRET, checked by createAppContext before any loader runs. */
export function sessionSecret(context: Pick<AppContext, "cloudflare">): string {
  return context.cloudflare.env.SESSION_SECRET ?? "";
}

export function defaultMemberPassword(context: Pick<AppContext, "cloudflare">): string | undefined {
  const value = context.cloudflare.env.DEFAULT_MEMBER_PASSWORD;
  return value ? value : undefined;
}
