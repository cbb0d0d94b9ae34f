// Auto-login at the edge (docs/behaviour/identity.md#auto-login): a visitor with a remembered login is logged in before
// the page renders. Called from workers/app.ts for GET document requests, before Remix.
import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../lib/context.server";
import { withTrackingParams } from "../navigation/tracking-params";
import { deviceHeader } from "./device";
import { getSiteSettings } from "../.server/platform/site";
import { callLogin } from "./session-calls.server";
import { completeLogin } from "./post-login.server";
import {
  forgetLoginCookie,
  readRememberedCredentials,
  readRememberedLogin,
  rememberDeps,
  setAutoLoginCookie,
  type StoredRememberedLogin,
} from "./remembered-login.server";
import { serverDeviceId } from "./device-id.server";
import { isDocumentRequest } from "./document-request.server";

export type AutoLoginInput = {
  /** The session has a token, or the address carries token/tokens (docs/behaviour/session.md#token-counts-as-present). */
  hasToken: boolean;
  /** redirectUrl or backUrl in the query. */
  hasRedirectInQuery: boolean;
  /** White-label AUTOLOGIN3. */
  autoLoginFlag: boolean;
  /** The login captcha flag: a captcha cannot be solved at the edge (docs/decisions/0011). */
  loginCaptchaRequired: boolean;
  remembered: StoredRememberedLogin | null;
  merchantCode: string;
};

export type AutoLoginDecision =
  | { run: true; username: string }
  | {
      run: false;
      reason:
        | "has-token"
        | "redirect-in-query"
        | "flag-off"
        | "captcha"
        | "nothing-remembered"
        | "auto-login-off"
        | "other-merchant"
        | "not-username-type";
    };

/** The conditions, all of which must hold, in order; the first that fails is the reason. */
export function autoLoginDecision(input: AutoLoginInput): AutoLoginDecision {
  if (input.hasToken) return { run: false, reason: "has-token" };
  if (input.hasRedirectInQuery) return { run: false, reason: "redirect-in-query" };
  if (!input.autoLoginFlag) return { run: false, reason: "flag-off" };
  if (input.loginCaptchaRequired) return { run: false, reason: "captcha" };
  const stored = input.remembered;
  if (!stored) return { run: false, reason: "nothing-remembered" };
  if (stored.autoLogin === "0") return { run: false, reason: "auto-login-off" };
  // sms (and firebase) logins keep no password: nothing to log in with.
  if (stored.login.type !== "username") return { run: false, reason: "not-username-type" };
  if (stored.login.merchant !== input.merchantCode) return { run: false, reason: "other-merchant" };
  return { run: true, username: stored.login.username };
}

/** Credential errors: the remembered login is removed (and with it auto-login). */
export const AUTO_LOGIN_FORGET_CODES = new Set(["login.cred.err", "not.exists.user", "login_verify_required"]);

export type AutoLoginFailureAction = "forget" | "disable" | "keep";

/** What a failed auto-login does to the remembered login. */
export function autoLoginFailureAction(errorCode: string | null): AutoLoginFailureAction {
  if (errorCode && AUTO_LOGIN_FORGET_CODES.has(errorCode)) return "forget";
  if (errorCode === "token_ip_different") return "disable";
  // Anything else (platform down, captcha) may pass next time: the remembered login stays as it is.
  return "keep";
}

function hasRedirectInQuery(url: URL): boolean {
  return url.searchParams.has("redirectUrl") || url.searchParams.has("backUrl");
}

/** A redirect that logs the visitor in, a response that updates the remembered login, or null to carry on. */
export async function autoLogin(request: Request, context: AppContext): Promise<Response | null> {
  if (!isDocumentRequest(request)) return null;
  const url = new URL(request.url);
  if (url.pathname === "/m/logout") return null;
  const deps = rememberDeps(context);
  const remembered = await readRememberedLogin(request, deps.secret);
  const base = {
    hasToken: !!context.session.token || url.searchParams.has("token") || url.searchParams.has("tokens"),
    hasRedirectInQuery: hasRedirectInQuery(url),
    remembered,
    merchantCode: context.merchant.merchantCode,
  };
  // Everything that needs no platform call first: most requests stop here.
  if (!autoLoginDecision({ ...base, autoLoginFlag: true, loginCaptchaRequired: false }).run) return null;

  const settings = await getSiteSettings(context.platform);
  if (!settings.ok) return null;
  const decision = autoLoginDecision({
    ...base,
    autoLoginFlag: settings.value.flags.autoLogin,
    loginCaptchaRequired: settings.value.captcha.login === true,
  });
  if (!decision.run || !remembered) return null;
  // The password is in the server-side record: revoked (logout, another login) means no auto-login.
  const credentials = await readRememberedCredentials(remembered, deps);
  if (!credentials) return null;

  const userAgent = request.headers.get("User-Agent");
  const device = await serverDeviceId(request, deps.secret);
  const result = await callLogin(
    context.platform,
    {
      username: credentials.username,
      password: credentials.password,
      type: "username",
      loginDeviceId: device.id,
      merchant: context.merchant.merchantCode,
    },
    deviceHeader({ userAgent }),
  );

  if (!result.ok) {
    const action = autoLoginFailureAction(result.errorCode);
    if (action === "keep") return null;
    const cookie = action === "forget" ? await forgetLoginCookie(request, deps) : await setAutoLoginCookie(request, deps, "0");
    if (!cookie) return null;
    // The same address again, now without a usable remembered login: the page renders for the visitor.
    context.outgoingCookies.push(cookie);
    return redirect(url.pathname + url.search, { headers: { "Cache-Control": "no-store" } });
  }

  const done = await completeLogin({
    request,
    context,
    login: result.value,
    loginType: "username",
    password: credentials.password,
    remember: null,
    rememberMode: "keep",
    redirectUrl: null,
    firstLoginForcesChange: true,
  }).catch(async (thrown: unknown) => {
    // The token check ended the login (docs/behaviour/identity.md#after-login): auto-login is turned off, or the login
    // page it sends to would try again.
    const off = thrown instanceof Response ? await setAutoLoginCookie(request, deps, "0") : null;
    if (off) context.outgoingCookies.push(off);
    throw thrown;
  });
  if (device.setCookie) context.outgoingCookies.push(device.setCookie);
  const location = done.forcedChange ? done.location : withTrackingParams(done.location, url.searchParams);
  return redirect(location, { headers: { "Cache-Control": "no-store" } });
}
