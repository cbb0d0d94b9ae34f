import { describe, expect, it } from "vitest";
import { autoLoginDecision, autoLoginFailureAction, type AutoLoginInput } from "../../../app/identity/auto-login.server";
import type { StoredRememberedLogin } from "../../../app/identity/remembered-login.server";

const remembered: StoredRememberedLogin = {
  login: { type: "username", username: "demo01", merchant: "demo" },
  recordId: "6f1c3a52-3d5e-4a8e-9d0b-1c2e3f4a5b6c",
  autoLogin: "1",
};

/** Every condition holds: auto-login runs. */
const allHold: AutoLoginInput = {
  hasToken: false,
  hasRedirectInQuery: false,
  autoLoginFlag: true,
  loginCaptchaRequired: false,
  remembered,
  merchantCode: "demo",
};

describe("autoLoginDecision: auto-login happens only when all conditions hold", () => {
  it("runs when every condition holds, for the remembered username (the password comes from the server-side record)", () => {
    expect(autoLoginDecision(allHold)).toEqual({ run: true, username: "demo01" });
  });

  it.each<[string, Partial<AutoLoginInput>, string]>([
    ["a token or session exists", { hasToken: true }, "has-token"],
    ["the query has redirectUrl or backUrl", { hasRedirectInQuery: true }, "redirect-in-query"],
    ["the white-label auto-login flag is off", { autoLoginFlag: false }, "flag-off"],
    ["the login captcha is on (cannot be solved at the edge)", { loginCaptchaRequired: true }, "captcha"],
    ["nothing is remembered", { remembered: null }, "nothing-remembered"],
    ["autoLogin is '0'", { remembered: { ...remembered, autoLogin: "0" } }, "auto-login-off"],
    ["the saved merchant is another one", { merchantCode: "vn88" }, "other-merchant"],
    ["the saved type is sms", { remembered: { login: { type: "sms", mobileNum: "+84900000001" }, autoLogin: "1" } }, "not-username-type"],
    ["the saved type is firebase", { remembered: { login: { type: "firebase" }, autoLogin: "1" } }, "not-username-type"],
  ])("does not run when %s", (_, change, reason) => {
    expect(autoLoginDecision({ ...allHold, ...change })).toEqual({ run: false, reason });
  });

  it("reports the first failing condition, in order", () => {
    expect(autoLoginDecision({ ...allHold, hasToken: true, autoLoginFlag: false, remembered: null })).toEqual({
      run: false,
      reason: "has-token",
    });
  });
});

describe("autoLoginFailureAction", () => {
  it.each([
    ["login.cred.err", "forget"],
    ["not.exists.user", "forget"],
    ["login_verify_required", "forget"],
    ["token_ip_different", "disable"],
    ["geetest.required", "keep"],
    [null, "keep"],
  ] as const)("%s → %s", (code, action) => {
    expect(autoLoginFailureAction(code)).toBe(action);
  });
});
