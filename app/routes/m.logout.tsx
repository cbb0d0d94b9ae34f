import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { callLogout } from "~/identity/session-calls.server";
import { clearPendingTwoFactorCookie } from "~/identity/two-factor/pending-two-factor.server";
import { rememberDeps, setAutoLoginCookie } from "~/identity/remembered-login.server";
import { refererQuery, withTrackingParams } from "~/navigation/tracking-params";
import { unsubscribePushToken } from "~/push/push.server";
import { registrationTokenSchema } from "~/push/registration-token";

/**
 * Log out: the platform forgets the token, the session and two-factor cookies go, and the remembered login stays
 * (the username is still filled in) with auto-login off, so the member is not logged straight back in.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { session, platform } = context;
  // The device's push token, which the push layer adds to the post when it has one: it stops receiving this member's
  // notifications (docs/behaviour/firebase.md#push-bind).
  // (A post without a form body, as some clients send it, has none.)
  const form = await request.formData().catch(() => null);
  const pushToken = registrationTokenSchema.safeParse(form?.get("pushToken"));
  if (pushToken.success) {
    const unsubscribed = await unsubscribePushToken(platform, pushToken.data);
    if (!unsubscribed.ok) console.warn("[logout] the platform did not unsubscribe the device", unsubscribed.errorCode);
  }
  if (session.token) {
    const result = await callLogout(platform);
    if (!result.ok && result.failure.kind !== "not-logged-in") console.warn("[logout] the platform did not confirm", result.errorCode);
  }
  session.signOut();
  context.outgoingCookies.push(await clearPendingTwoFactorCookie(request));
  // The username stays filled in; auto-login is off and its server-side record revoked.
  const remembered = await setAutoLoginCookie(request, rememberDeps(context), "0", { revoke: true });
  if (remembered) context.outgoingCookies.push(remembered);
  const headers = new Headers({ "Cache-Control": "no-store" });
  // The campaign parameters of the page the member logged out on go along (docs/behaviour/shell.md#tracking-parameters).
  return redirect(withTrackingParams("/m/login", refererQuery(request)), { headers });
}

export function loader() {
  return redirect("/m/home");
}
