import { describe, expect, it } from "vitest";
import { classifyFailure } from "../../app/.server/platform/outcomes";

// The platform's error catalogue (docs/behaviour/errors.md#platform-errors), row by row.
describe("classifyFailure", () => {
  it.each([
    [401, null, { kind: "not-logged-in" }],
    [200, { success: false, message: "CUSTOMER_NOT_LOGIN" }, { kind: "not-logged-in" }],
    [200, { success: false, errorCode: "customer.not.login" }, { kind: "not-logged-in" }],
    [200, { success: false, errorCode: "user.or.token.invalid" }, { kind: "not-logged-in" }],
    [200, { success: false, errorCode: "login.not.session" }, { kind: "not-logged-in" }],
    [200, { success: false, errorCode: "TOO_MANY_REQUEST_LOGIN", message: "slow down" }, { kind: "silent", reason: "too-many-requests" }],
    [502, null, { kind: "silent", reason: "bad-gateway" }],
    [200, { success: false, message: "Balance too low" }, { kind: "notice", message: "Balance too low", messageKey: "unknown_error" }],
    [200, { success: false, message: "  " }, { kind: "notice", message: null, messageKey: "unknown_error" }],
    [200, null, { kind: "notice", message: null, messageKey: "unknown_error" }],
    [500, null, { kind: "notice", message: null, messageKey: "platform_unavailable" }],
  ] as const)("HTTP %s %j", (status, reply, expected) => {
    expect(classifyFailure(status, reply)).toEqual(expected);
  });
});
