import type { AppContext } from "../lib/context";
/** A platform client for this request that carries another token (a fresh login, or a token from the address). */
export function platformWithToken(context: Pick<AppContext, "platform">, token: string) {
  return context.platform.withToken(token);
}

/** SESSION_SECRET, checked by createAppContext before any loader runs. */
export function sessionSecret(context: Pick<AppContext, "cloudflare">): string {
  return context.cloudflare.env.SESSION_SECRET ?? "";
}

export function defaultMemberPassword(context: Pick<AppContext, "cloudflare">): string | undefined {
  const value = context.cloudflare.env.DEFAULT_MEMBER_PASSWORD;
  return value ? value : undefined;
}
