import { describe, expect, it } from "vitest";
import {
  METHOD_CODES,
  TWO_FACTOR_METHODS,
  fieldToFocus,
  firstMethod,
  requiredMethods,
  validateTwoFactor,
} from "../../../app/identity/two-factor/methods";
import {
  pendingTwoFactorCookie,
  readPendingTwoFactor,
  PENDING_TWO_FACTOR_MAX_AGE,
} from "../../../app/identity/two-factor/pending-two-factor.server";
import { expectOwnCookie } from "../../support/cookies";

describe("two-factor tabs", () => {
  it("orders the required methods payeeName, sms, ga, email", () => {
    expect(TWO_FACTOR_METHODS).toEqual(["payeeName", "sms", "ga", "email"]);
    expect(requiredMethods({ email: true, ga: true, sms: true, payeeName: true })).toEqual(["payeeName", "sms", "ga", "email"]);
    expect(requiredMethods({ email: true, ga: true })).toEqual(["ga", "email"]);
    expect(requiredMethods({ email: true, sms: false })).toEqual(["email"]);
    expect(requiredMethods({})).toEqual([]);
  });

  it("starts on the first required method", () => {
    expect(firstMethod(["email", "sms"])).toBe("sms");
    expect(firstMethod(["ga", "email"])).toBe("ga");
    expect(firstMethod([])).toBeNull();
  });

  it("maps methods to the platform's codes", () => {
    expect(METHOD_CODES).toEqual({ email: "E", payeeName: "P", ga: "G", sms: "S" });
  });
});

describe("validateTwoFactor: trimmed; empty → error", () => {
  it.each([
    ["email", {}, { email: "error_email_required" }],
    ["email", { email: "   " }, { email: "error_email_required" }],
    ["email", { email: "not-an-email" }, { email: "error_email_invalid" }],
    ["email", { email: " email01@example.com " }, {}],
    ["payeeName", { payeeName: "" }, { payeeName: "error_payee_required" }],
    ["payeeName", { payeeName: "  Nguyen Van A " }, {}],
    ["ga", { authCode: "" }, { authCode: "error_auth_code_invalid" }],
    ["ga", { authCode: "12345" }, { authCode: "error_auth_code_invalid" }],
    ["ga", { authCode: "12345a" }, { authCode: "error_auth_code_invalid" }],
    ["ga", { authCode: " 123456 " }, {}],
    ["sms", {}, { mobileNum: "error_mobile_required", verificationCode: "error_code_required" }],
    ["sms", { mobileNum: "12", verificationCode: "1234" }, { mobileNum: "error_mobile_invalid" }],
    ["sms", { mobileNum: "900 000 005", verificationCode: " 123456 " }, {}],
  ] as const)("%s %j → %j", (method, input, errors) => {
    expect(validateTwoFactor(method, input).errors).toEqual(errors);
  });

  it("returns the trimmed values the platform gets", () => {
    expect(validateTwoFactor("payeeName", { payeeName: "  Nguyen Van A " }).values).toEqual({ payeeName: "Nguyen Van A" });
    expect(validateTwoFactor("sms", { mobileNum: " 900-000 005", verificationCode: " 42 " }).values).toEqual({
      mobileNum: "900000005",
      verificationCode: "42",
    });
  });

  it("focuses the first invalid field, else the method's code field", () => {
    expect(fieldToFocus("sms", { mobileNum: "error_mobile_required", verificationCode: "error_code_required" })).toBe("mobileNum");
    expect(fieldToFocus("sms", { verificationCode: "error_code_required" })).toBe("verificationCode");
    expect(fieldToFocus("sms", {})).toBe("verificationCode");
    expect(fieldToFocus("email", {})).toBe("email");
  });
});

describe("the pending two-factor login (mc_2fa)", () => {
  const secret = "unit-test-session-secret-0123456789abcdef";
  const pending = {
    merchantCode: "demo",
    username: "twofa01",
    password: "demo1234",
    identity: null,
    methods: ["payeeName", "email"] as ("payeeName" | "email")[],
    mobileNum: null,
    remember: true,
    redirectUrl: "/m/member/home",
  };

  it("is an encrypted HttpOnly cookie for five minutes, read back until it expires", async () => {
    const now = 1_700_000_000_000;
    const cookie = await pendingTwoFactorCookie(new Request("http://demo.localhost/m/login"), secret, pending, now);
    expectOwnCookie(cookie, "mc_2fa", { maxAge: PENDING_TWO_FACTOR_MAX_AGE });
    expect(cookie).not.toContain("demo1234");
    const request = new Request("http://demo.localhost/m/login", { headers: { Cookie: cookie.split(";")[0]! } });
    expect(await readPendingTwoFactor(request, secret, "demo", now + 60_000)).toEqual({
      ...pending,
      expiresAt: now + 300_000,
      nonce: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(await readPendingTwoFactor(request, secret, "demo", now + 301_000)).toBeNull();
    expect(await readPendingTwoFactor(request, `${secret}x`, "demo", now)).toBeNull();
    // Bound to the merchant it was started on.
    expect(await readPendingTwoFactor(request, secret, "vn88", now + 60_000)).toBeNull();
  });

  it("stays within the 4 KB browsers keep: a redirect address near its 2 KB limit is dropped, not the cookie", async () => {
    const now = 1_700_000_000_000;
    const long = { ...pending, username: "u".repeat(64), password: "p".repeat(128), redirectUrl: `/m/home?x=${"y".repeat(2038)}` };
    const cookie = await pendingTwoFactorCookie(new Request("https://demo.example/m/login"), secret, long, now);
    expect(cookie.length).toBeLessThanOrEqual(4096);
    const request = new Request("https://demo.example/m/login", { headers: { Cookie: cookie.split(";")[0]! } });
    expect(await readPendingTwoFactor(request, secret, "demo", now)).toMatchObject({ username: long.username, redirectUrl: null });
  });
});
