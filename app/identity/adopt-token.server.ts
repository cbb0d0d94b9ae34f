// A token in the address (docs/behaviour/identity.md#token-in-address: query `token` or `tokens`, e.g. from the native
// app shell or another of the merchant's sites) becomes the session, checked with the platform, and is removed from the
// address at once.
import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../lib/context.server";
import { getMemberInfo } from "../.server/platform/member";
import { isDocumentRequest } from "./document-request.server";
import { getSiteSettings } from "../.server/platform/site";
import { changePasswordLocation, forcedChangeReason } from "./forced-change.server";
import type { ForcedChangeReason } from "../.server/session";

export const TOKEN_PARAMS = ["token", "tokens"] as const;

/** The token from the query, if well-formed. */
export function tokenFromQuery(url: URL): string | null {
  for (const name of TOKEN_PARAMS) {
    const value = url.searchParams.get(name)?.trim();
    if (value && /^[A-Za-z0-9._~+/=-]{1,512}$/.test(value)) return value;
  }
  return null;
}

/** The address without token and tokens (everything else kept, in order). */
export function withoutToken(url: URL): string {
  const rest = new URLSearchParams(url.search);
  for (const name of TOKEN_PARAMS) rest.delete(name);
  const query = rest.toString();
  return url.pathname + (query ? `?${query}` : "");
}

/** A redirect to the clean address (with the session cookie when the token was good), or null when there is no token. */
export async function adoptTokenFromQuery(request: Request, context: AppContext): Promise<Response | null> {
  if (!isDocumentRequest(request)) return null;
  const url = new URL(request.url);
  if (!TOKEN_PARAMS.some((name) => url.searchParams.has(name))) return null;
  const headers = new Headers({ "Cache-Control": "no-store" });
  const token = tokenFromQuery(url);
  // Only a visitor adopts a token: a link must not swap the member who is logged in for someone else
  // (docs/decisions/0020-token-adoption.md).
  if (token && !context.session.token) {
    const info = await getMemberInfo(context.platform.withToken(token));
    if (info.ok) {
      const { session } = context;
      session.signIn(token, {
        id: String(info.value.id ?? ""),
        userName: info.value.userName ?? "",
        type: info.value.type,
        firstTimeLogin: false,
      });
      if (info.value.language) session.setMemberLanguage(info.value.language);
      // A member whose password must change goes to the change-password page, as after a form login.
      const forcedChange = await adoptedForcedChange(context, info.value);
      session.setMustChangePassword(forcedChange);
      if (forcedChange) return redirect(changePasswordLocation(context.merchant.changePasswordPath, forcedChange), { headers });
    }
  }
  return redirect(withoutToken(url), { headers });
}

/**
 * Why an adopted token's member must change the password first (docs/behaviour/identity.md#forced-change): the
 * platform's member info says the password is the default one, or expired where the merchant forces a change then.
 */
async function adoptedForcedChange(
  context: AppContext,
  info: { passwordExpired?: boolean | null; defaultPassword?: boolean | null },
): Promise<ForcedChangeReason | null> {
  if (info.defaultPassword) return "default";
  if (!info.passwordExpired) return null;
  const settings = await getSiteSettings(context.platform);
  return forcedChangeReason({
    loginType: "username",
    password: undefined,
    defaultPassword: undefined,
    passwordExpired: true,
    forceChangeOnExpiry: settings.ok && settings.value.flags.forceChangeOnExpiry,
  });
}
