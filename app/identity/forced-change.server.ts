// When a member must change the password before anything else (docs/behaviour/identity.md#forced-change).

import { FORCED_CHANGE_PARAM } from "./forced-change";
import type { ForcedChangeReason } from "../.server/session";

export type ForcedChangeInput = {
  loginType: "username" | "sms" | "firebase";
  /** The password the member logged in with (undefined for sms/firebase). */
  password: string | undefined;
  /** env DEFAULT_MEMBER_PASSWORD; the rule on the default password is off when it is not configured. */
  defaultPassword: string | undefined;
  passwordExpired: boolean;
  /** White-label flag PWDEXPFORCECHANGE3. */
  forceChangeOnExpiry: boolean;
  /** Auto-login only: a first login also goes to the change-password page (docs/behaviour/identity.md#auto-login). */
  firstTimeLogin?: boolean;
};

/** Why the member goes to the change-password page instead of home, or null. */
export function forcedChangeReason(input: ForcedChangeInput): ForcedChangeReason | null {
  if (input.loginType === "sms" || input.loginType === "firebase") return null;
  if (input.defaultPassword && input.password !== undefined && input.password === input.defaultPassword) return "default";
  if (input.passwordExpired && input.forceChangeOnExpiry) return "expired";
  if (input.firstTimeLogin) return "first-login";
  return null;
}

/**
 * The change-password page with the context it shows (updatePassword true; docs/behaviour/identity.md#change-password).
 */
export function changePasswordLocation(path: string, reason: ForcedChangeReason): string {
  return `${path}?${new URLSearchParams({ [FORCED_CHANGE_PARAM]: "1", reason })}`;
}
