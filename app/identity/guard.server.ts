// Protected routes (docs/behaviour/session.md#protected-pages): visitors go to /m/login with the page they wanted as
// redirectUrl.
import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../lib/context.server";
import { safeRedirectPath } from "../navigation/safe-redirect";
import type { SessionInfo } from "../.server/session";
import { changePasswordLocation } from "./forced-change.server";
import { allowedDuringForcedChange } from "./forced-change";

export const LOGIN_PATH = "/m/login";

/** The login page's query flag that shows "please login": the platform ended the member's session. */
export const SESSION_ENDED_PARAM = "expired";

/** /m/login?redirectUrl=<the current same-origin path> (and the "session ended" flag). */
export function loginRedirectFor(request: Request, options: { sessionEnded?: boolean } = {}): string {
  const url = new URL(request.url);
  // Single-fetch data requests ask for /path.data: the member wants the page, not its data.
  const pathname = url.pathname.replace(/\.data$/, "");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  const current = safeRedirectPath(pathname + (query ? `?${query}` : ""), "");
  const params = new URLSearchParams();
  if (current) params.set("redirectUrl", current);
  if (options.sessionEnded) params.set(SESSION_ENDED_PARAM, "1");
  const loginQuery = params.toString();
  return loginQuery ? `${LOGIN_PATH}?${loginQuery}` : LOGIN_PATH;
}

export type Member = { token: string; info: SessionInfo };

/**
 * The member, or a thrown redirect: visitors to the login page; a member who must change the password first to the
 * change-password page (docs/behaviour/identity.md#forced-change), unless `allowForcedChange` (that page itself).
 */
export function requireMember(
  context: Pick<AppContext, "session" | "merchant">,
  request: Request,
  options: { allowForcedChange?: boolean } = {},
): Member {
  const { token, info } = context.session;
  if (!token || !info) throw redirect(loginRedirectFor(request), { headers: { "Cache-Control": "no-store" } });
  const forced = options.allowForcedChange ? null : forcedChangeRedirect(context, request);
  if (forced) throw forced;
  return { token, info };
}

/** The redirect to the change-password page while a forced change is pending, else null. */
export function forcedChangeRedirect(context: Pick<AppContext, "session" | "merchant">, request: Request): Response | null {
  const reason = context.session.mustChangePassword;
  if (!reason || !context.session.token) return null;
  if (allowedDuringForcedChange(new URL(request.url).pathname, context.merchant.changePasswordPath)) return null;
  return redirect(changePasswordLocation(context.merchant.changePasswordPath, reason), { headers: { "Cache-Control": "no-store" } });
}

/**
 * The platform said the token is no longer valid: clear the session (the Worker writes the cleared cookie) and go to the
 * login page, which says so.
 */
export async function sessionExpired(context: Pick<AppContext, "session">, request: Request): Promise<Response> {
  context.session.signOut();
  return redirect(loginRedirectFor(request, { sessionEnded: true }), { headers: { "Cache-Control": "no-store" } });
}
