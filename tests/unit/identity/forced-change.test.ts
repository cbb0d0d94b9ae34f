import { describe, expect, it } from "vitest";
import { changePasswordLocation, forcedChangeReason, type ForcedChangeInput } from "../../../app/identity/forced-change.server";
import { leavesForcedChange } from "../../../app/identity/forced-change";

const base: ForcedChangeInput = {
  loginType: "username",
  password: "demo1234",
  defaultPassword: "Default123",
  passwordExpired: false,
  forceChangeOnExpiry: true,
};

describe("forcedChangeReason: default or expired password forces a change", () => {
  it.each<[string, Partial<ForcedChangeInput>, ReturnType<typeof forcedChangeReason>]>([
    ["an ordinary login", {}, null],
    ["the default password", { password: "Default123" }, "default"],
    ["the default password, case matters", { password: "default123" }, null],
    ["an expired password with PWDEXPFORCECHANGE3 on", { passwordExpired: true }, "expired"],
    ["an expired password with the flag off", { passwordExpired: true, forceChangeOnExpiry: false }, null],
    ["sms login with the default password", { loginType: "sms", password: "Default123" }, null],
    ["sms login, expired", { loginType: "sms", passwordExpired: true }, null],
    ["firebase login, expired", { loginType: "firebase", passwordExpired: true }, null],
    ["no default configured", { password: "Default123", defaultPassword: undefined }, null],
    ["default and expired: default first", { password: "Default123", passwordExpired: true }, "default"],
    ["auto-login on a first login", { firstTimeLogin: true }, "first-login"],
  ])("%s", (_, change, expected) => {
    expect(forcedChangeReason({ ...base, ...change })).toBe(expected);
  });

  it("builds the change-password address with updatePassword", () => {
    expect(changePasswordLocation("/m/changePsw", "expired")).toBe("/m/changePsw?updatePassword=1&reason=expired");
  });

  it("re-reads the root's data when leaving the forced change's page, and only then", () => {
    const at = (path: string) => new URL(path, "http://demo.localhost");
    const forced = at(changePasswordLocation("/m/changePsw", "default"));
    expect(leavesForcedChange(forced, at("/m/home"))).toBe(true);
    expect(leavesForcedChange(forced, at("/m/changePsw?updatePassword=1&reason=expired"))).toBe(false);
    expect(leavesForcedChange(at("/m/changePsw"), at("/m/home"))).toBe(false);
    expect(leavesForcedChange(at("/m/member/home"), at("/m/home"))).toBe(false);
  });
});
