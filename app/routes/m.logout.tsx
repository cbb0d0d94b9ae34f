import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { callLogout } from "~/identity/session-calls.server";
import { clearPendingTwoFactorCookie } from "~/identity/two-factor/pending-two-factor.server";
import { rememberDeps, setAutoLoginCookie } from "~/identity/remembered-login.server";
import { refererQuery, withTrackingParams } from "~/navigation/tracking-params";

/**
 * Log out: the platform forgets the token, the session and two-factor cookies go, and the remembered login stays
 * (the username is still filled in) with auto-login off, so the member is not logged straight back in.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { session, platform } = context;
  if (session.token) {
    const result = await callLogout(platform);
    if (!result.ok && result.failure.kind !== "not-logged-in") console.warn("[logout] the platform did not confirm", result.errorCode);
  }
  session.signOut();
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await session.commit());
  headers.append("Set-Cookie", await clearPendingTwoFactorCookie(request));
  // The username stays filled in; auto-login is off and its server-side record revoked.
  const remembered = await setAutoLoginCookie(request, rememberDeps(context), "0", { revoke: true });
  if (remembered) headers.append("Set-Cookie", remembered);
  // The campaign parameters of the page the member logged out on go along (docs/behaviour/shell.md#tracking-parameters).
  return redirect(withTrackingParams("/m/login", refererQuery(request)), { headers });
}

export function loader() {
  return redirect("/m/home");
}
