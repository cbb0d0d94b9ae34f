// Protected routes (spec §6): visitors go to /m/login with the page they wanted as redirectUrl.
import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../../../workers/load-context";
import { safeRedirectPath } from "../../navigation/safe-redirect";
import type { SessionInfo } from "../session";

export const LOGIN_PATH = "/m/login";

/** /m/login?redirectUrl=<the current same-origin path>. */
export function loginRedirectFor(request: Request): string {
  const url = new URL(request.url);
  // Single-fetch data requests ask for /path.data: the member wants the page, not its data.
  const pathname = url.pathname.replace(/\.data$/, "");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  const current = safeRedirectPath(pathname + (query ? `?${query}` : ""), "");
  return current ? `${LOGIN_PATH}?${new URLSearchParams({ redirectUrl: current })}` : LOGIN_PATH;
}

export type Member = { token: string; info: SessionInfo };

/** The member, or a thrown redirect to the login page. */
export function requireMember(context: Pick<AppContext, "session">, request: Request): Member {
  const { token, info } = context.session;
  if (!token || !info) throw redirect(loginRedirectFor(request), { headers: { "Cache-Control": "no-store" } });
  return { token, info };
}

/** The platform said the token is no longer valid: clear the session and go to the login page. */
export async function sessionExpired(context: Pick<AppContext, "session">, request: Request): Promise<Response> {
  context.session.signOut();
  return redirect(loginRedirectFor(request), { headers: { "Set-Cookie": await context.session.commit() } });
}
