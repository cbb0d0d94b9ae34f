// A platform registration that answered with a token becomes a signed-in member (docs/behaviour/registration.md
// #register-success): the register event, and the registration's reply read as a login's. Shared by /m/register (by
// username, by mobile, by identity provider) and the login page's new-identity registration.
import type { AppContext } from "../../lib/context.server";
import type { DisplayMode } from "../device";
import type { LoginValue } from "../session-calls.server";
import { sendTrackingEvent } from "../../tracking/events.server";
import type { Registered } from "./registration.server";

/** The member's id: the platform answers `id` or `customerId`. */
export function registeredId(value: Registered): string {
  return value.id ?? value.customerId ?? "";
}

/** The register event, sent by the edge with or without JavaScript (docs/behaviour/tracking.md#edge-events). */
export function sendRegisterEvent(request: Request, context: AppContext, value: Registered, displayMode: DisplayMode) {
  return sendTrackingEvent(request, context, {
    eventName: "register",
    displayMode,
    value: { customerId: registeredId(value) || undefined, customerName: value.userName },
  });
}

/** The registration's reply as the login that completeLogin takes: a first login, never an expired password. */
export function registeredLogin(value: Registered & { token: string }): LoginValue {
  return {
    id: registeredId(value),
    token: value.token,
    userName: value.userName,
    customerType: value.customerType ?? 0,
    firstTimeLogin: value.firstTimeLogin ?? true,
    passwordExpired: false,
  };
}
