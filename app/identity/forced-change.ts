// While a member must change the password (default or expired password), only these pages stay open; every other
// page sends the member to the change-password page (docs/behaviour/identity.md#forced-change). Shared by the
// server's guards and the browser's client-side navigation.

export function allowedDuringForcedChange(pathname: string, changePasswordPath: string): boolean {
  const path = pathname.replace(/\.data$/, "");
  return path === changePasswordPath || path === "/m/logout";
}
