import type { AppContext } from "../lib/context";
/** A platform client for this request that carries another token (a fresh login, or a token from the address). */
export function platformWithToken(context: Pick<AppContext, "platform">, token: string) {
  return context.platform.withToken(token);
}

/** SESSION_SECRET, which the Worker's environment parsing guarantees (app/.server/env.server.ts). */
export function sessionSecret(context: Pick<AppContext, "cloudflare">): string {
  return context.cloudflare.env.SESSION_SECRET;
}

/** The platform's default member password, where the Worker has it. */
export function defaultMemberPassword(context: Pick<AppContext, "cloudflare">): string | undefined {
  return context.cloudflare.env.DEFAULT_MEMBER_PASSWORD;
}
