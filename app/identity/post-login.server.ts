// What happens after the platform accepts a login (docs/behaviour/identity.md#after-login), shared by the login form, the
// two-factor step and auto-login: remembered login, session, member info and language, then where to go.
import type { AppContext } from "../lib/context.server";
import { getMemberInfo, updateMemberLanguage } from "../.server/platform/member";
import { getSiteConfig, getSiteSettings } from "../.server/platform/site";
import type { LoginValue } from "./session-calls.server";
import { changePasswordLocation, forcedChangeReason } from "./forced-change.server";
import type { ForcedChangeReason } from "../.server/session";
import { loginRedirectTarget, needsDomainList } from "./redirect-target.server";
import { forgetLoginCookie, rememberDeps, rememberLoginCookie, type RememberedLogin } from "./remembered-login.server";
import { trackedLocation } from "../navigation/tracking-params";
import { clearPendingTwoFactorCookie, hasPendingTwoFactorCookie } from "./two-factor/pending-two-factor.server";
import { iosVersion, isIosBelow, type DisplayMode } from "./device";
import { LOGIN_PATH, SESSION_ENDED_PARAM } from "./guard.server";
import { safeRedirectPath } from "../navigation/safe-redirect";
import { redirect } from "@remix-run/cloudflare";

/** Remember-me keeps the session for 30 days; without it the cookie lasts for the browser session. */
export const REMEMBERED_SESSION_MAX_AGE = 60 * 60 * 24 * 30;

/**
 * iOS below 13 restarts a home-screen app (standalone or web clip) whenever the visitor switches apps, and drops a cookie
 * without Max-Age on the way: such a login keeps its session cookie as remember-me does (docs/behaviour/identity.md#old-ios-home-screen).
 */
export function keepsSessionCookie(userAgent: string | null, displayMode: DisplayMode): boolean {
  return displayMode !== "browser" && isIosBelow(iosVersion(userAgent), 13);
}

/** Where the member goes; the cookies (session, remembered login, cleared two-factor state) leave with the answer. */
export type CompletedLogin = {
  location: string;
  forcedChange: ForcedChangeReason | null;
};

export type CompleteLoginInput = {
  request: Request;
  context: AppContext;
  login: LoginValue;
  loginType: "username" | "sms" | "firebase";
  /** The password typed (username type), for the default-password rule. */
  password: string | undefined;
  /** What to remember (remember-me on), or null to forget the remembered login. */
  remember: RememberedLogin | null;
  /** undefined: leave the remembered-login cookie as it is (auto-login). */
  rememberMode?: "set" | "keep";
  /** The redirectUrl query parameter, if any. */
  redirectUrl: string | null;
  /** Auto-login also sends a first login to the change-password page (docs/behaviour/identity.md#auto-login). */
  firstLoginForcesChange?: boolean;
  /** How the login page was launched (the form's `displayMode`): old iOS home-screen apps keep the session cookie. */
  displayMode?: DisplayMode;
};

export async function completeLogin(input: CompleteLoginInput): Promise<CompletedLogin> {
  const { request, context, login } = input;

  if (await hasPendingTwoFactorCookie(request)) context.outgoingCookies.push(await clearPendingTwoFactorCookie(request));

  const { session } = context;
  session.signIn(login.token, {
    id: login.id,
    userName: login.userName,
    type: login.customerType,
    firstTimeLogin: login.firstTimeLogin,
  });

  // Renew member info with the new token; sync the platform's language to the one on screen (type 4 keeps its own).
  const memberPlatform = context.platform.withToken(login.token);
  const [info, settings] = await Promise.all([getMemberInfo(memberPlatform), getSiteSettings(context.platform)]);
  // The token check: a renewal that says the new token is not valid ends the login with the session-expired notice
  // (docs/behaviour/identity.md#after-login); nothing is remembered then.
  if (!info.ok && info.failure.kind === "not-logged-in") throw loginEndedByTokenCheck(context, input.redirectUrl);
  if (input.rememberMode !== "keep") {
    context.outgoingCookies.push(
      input.remember
        ? await rememberLoginCookie(request, rememberDeps(context), input.remember, "1")
        : await forgetLoginCookie(request, rememberDeps(context)),
    );
  }
  if (info.ok) {
    session.signIn(login.token, {
      id: login.id,
      userName: info.value.userName ?? login.userName,
      type: info.value.type,
      firstTimeLogin: login.firstTimeLogin,
    });
    const memberLanguage = info.value.language ?? null;
    if (memberLanguage !== context.language && info.value.type !== 4) {
      const update = await updateMemberLanguage(memberPlatform, context.language);
      if (update.ok) session.setMemberLanguage(context.language);
    } else if (memberLanguage) {
      session.setMemberLanguage(memberLanguage);
    }
  }

  const forcedChange = forcedChangeReason({
    loginType: input.loginType,
    password: input.password,
    defaultPassword: context.cloudflare.env.DEFAULT_MEMBER_PASSWORD,
    passwordExpired: login.passwordExpired,
    forceChangeOnExpiry: settings.ok && settings.value.flags.forceChangeOnExpiry,
    firstTimeLogin: input.firstLoginForcesChange ? login.firstTimeLogin : false,
  });

  // Until the change succeeds every page but the change-password page sends the member there.
  session.setMustChangePassword(forcedChange);
  const remembered =
    input.rememberMode === "keep" ||
    input.remember !== null ||
    keepsSessionCookie(request.headers.get("User-Agent"), input.displayMode ?? "browser");
  if (remembered) session.remember(REMEMBERED_SESSION_MAX_AGE);

  const target = forcedChange
    ? changePasswordLocation(context.merchant.changePasswordPath, forcedChange)
    : await postLoginLocation(request, context, input.redirectUrl, login.token);
  // The campaign parameters of the page logged in on go along (docs/behaviour/shell.md#tracking-parameters).
  const location = trackedLocation(target, new URL(request.url).searchParams);
  return { location, forcedChange };
}

/**
 * Back to the login page, signed out, with the session-expired notice (and the page the member was going to); the Worker
 * writes the cleared session, and the pending two-factor cookie is already on its way out.
 */
function loginEndedByTokenCheck(context: AppContext, redirectUrl: string | null): Response {
  context.session.signOut();
  const params = new URLSearchParams();
  const target = redirectUrl ? safeRedirectPath(redirectUrl, "") : "";
  if (target) params.set("redirectUrl", target);
  params.set(SESSION_ENDED_PARAM, "1");
  return redirect(`${LOGIN_PATH}?${params}`, { headers: { "Cache-Control": "no-store" } });
}

async function postLoginLocation(request: Request, context: AppContext, redirectUrl: string | null, token: string): Promise<string> {
  const fallback = context.merchant.postLoginPath;
  if (!redirectUrl) return fallback;
  let domainList: string[] = [];
  if (needsDomainList(redirectUrl)) {
    const config = await getSiteConfig(context.platform);
    domainList = config.ok ? config.value.domainList : [];
  }
  const host = request.headers.get("Host") ?? new URL(request.url).host;
  return loginRedirectTarget(redirectUrl, {
    host,
    domainList,
    fallback,
    token,
    language: context.language,
    headerColor: context.merchant.brand.themeColor,
    title: context.merchant.brand.name,
  });
}
