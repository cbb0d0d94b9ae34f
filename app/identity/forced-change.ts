// While a member must change the password (default or expired password), only these pages stay open; every other
// page sends the member to the change-password page (docs/behaviour/identity.md#forced-change). Shared by the
// server's guards and the browser's client-side navigation.

export function allowedDuringForcedChange(pathname: string, changePasswordPath: string): boolean {
  const path = pathname.replace(/\.data$/, "");
  return path === changePasswordPath || path === "/m/logout";
}

/** The query parameter the forced change's address carries (`?updatePassword=1&reason=…`). */
export const FORCED_CHANGE_PARAM = "updatePassword";

/**
 * Leaving the change-password page of a forced change re-reads the root's data (the pending change included),
 * whatever it said before: the answer the browser holds may predate the change that just succeeded, and a stale
 * "change pending" would send the member straight back (docs/behaviour/identity.md#forced-change).
 */
export function leavesForcedChange(currentUrl: URL, nextUrl: URL): boolean {
  return currentUrl.searchParams.has(FORCED_CHANGE_PARAM) && currentUrl.pathname !== nextUrl.pathname;
}
