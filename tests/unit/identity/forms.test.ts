import { describe, expect, it } from "vitest";
import { changePasswordSchema, fieldErrors, updateReasonFrom } from "../../../app/identity/change-password/change-password.server";
import { countdownMs, readMobile, SMS_COUNTDOWN_FALLBACK_MS } from "../../../app/identity/send-code.server";
import { showCountryPicker, splitWireMobile } from "../../../app/identity/login/login-page.server";
import { wireMobile } from "../../../app/identity/phone";

function errorsOf(input: Record<string, string>) {
  const parsed = changePasswordSchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([k, v]) => [k, (v as { key: string }).key]));
}

describe("change password rules", () => {
  it.each([
    [{ oldPassword: "demo1234", newPassword: "abc12345", confirmPassword: "abc12345" }, {}],
    [{ oldPassword: "", newPassword: "abc12345", confirmPassword: "abc12345" }, { oldPassword: "error_old_password_required" }],
    [{ oldPassword: "demo1234", newPassword: "abc12", confirmPassword: "abc12" }, { newPassword: "error_password_rule" }],
    [{ oldPassword: "demo1234", newPassword: "a".repeat(21), confirmPassword: "a".repeat(21) }, { newPassword: "error_password_rule" }],
    [{ oldPassword: "demo1234", newPassword: "abc 12345", confirmPassword: "abc 12345" }, { newPassword: "error_password_rule" }],
    [{ oldPassword: "demo1234", newPassword: "abc12345", confirmPassword: "abc12346" }, { confirmPassword: "error_password_mismatch" }],
    [{ oldPassword: "demo1234", newPassword: "demo1234", confirmPassword: "demo1234" }, { newPassword: "error_password_same" }],
  ])("%j → %j", (input, expected) => {
    expect(errorsOf(input)).toEqual(expected);
  });

  it("reads the updatePassword context", () => {
    expect(updateReasonFrom(new URL("http://x/m/changePsw"))).toBeNull();
    expect(updateReasonFrom(new URL("http://x/m/changePsw?updatePassword=1&reason=default"))).toBe("default");
    expect(updateReasonFrom(new URL("http://x/m/changePsw?updatePassword=true"))).toBe("expired");
  });
});

describe("phone numbers and SMS codes", () => {
  it("sends '+' + dialling code + number", () => {
    expect(wireMobile("84", "900000001")).toBe("+84900000001");
    expect(wireMobile("84", "0900 000 001")).toBe("+84900000001");
  });

  it("checks the mobile number and code before sending", () => {
    expect(readMobile({ countryDialingCode: "+84", mobileNum: " 900 000 001 " })).toEqual({
      ok: true,
      countryDialingCode: "84",
      mobileNum: "900000001",
    });
    expect(readMobile({ countryDialingCode: "84", mobileNum: "" })).toEqual({
      ok: false,
      errors: { mobileNum: { key: "error_mobile_required" } },
    });
    expect(readMobile({ countryDialingCode: "x", mobileNum: "12" })).toEqual({
      ok: false,
      errors: { countryDialingCode: { key: "error_country_code" }, mobileNum: { key: "error_mobile_invalid" } },
    });
  });

  it("counts down to the expiration, 60 s when there is none or it is implausible", () => {
    expect(countdownMs(1_000_090_000, 1_000_000_000)).toBe(90_000);
    expect(countdownMs(null)).toBe(SMS_COUNTDOWN_FALLBACK_MS);
    expect(countdownMs(1_000, 2_000)).toBe(SMS_COUNTDOWN_FALLBACK_MS);
    expect(countdownMs(10 ** 13, 1_000)).toBe(SMS_COUNTDOWN_FALLBACK_MS);
  });

  it("splits a remembered number with the known codes (longest first)", () => {
    expect(splitWireMobile("+84900000001", ["84", "8"])).toEqual({ countryDialingCode: "84", mobileNum: "900000001" });
    expect(splitWireMobile("+855123456", ["84", "855", "8"])).toEqual({ countryDialingCode: "855", mobileNum: "123456" });
    expect(splitWireMobile("900", ["84"])).toBeNull();
  });

  it("shows the country picker only under its conditions", () => {
    const list = { countryCode: "VN", countryDialingCode: "84", countries: [{ countryCode: "VN", countryDialingCode: "84" }] };
    expect(showCountryPicker({ updateMobileIcc: true, smsFirebase: false }, list)).toBe(true);
    expect(showCountryPicker({ updateMobileIcc: false, smsFirebase: true }, list)).toBe(true);
    expect(showCountryPicker({ updateMobileIcc: false, smsFirebase: false }, list)).toBe(false);
    expect(showCountryPicker({ updateMobileIcc: true, smsFirebase: false }, { ...list, countries: [] })).toBe(false);
    expect(showCountryPicker({ updateMobileIcc: true, smsFirebase: false }, { ...list, countryDialingCode: "" })).toBe(false);
    expect(showCountryPicker({ updateMobileIcc: true, smsFirebase: false }, null)).toBe(false);
  });
});
