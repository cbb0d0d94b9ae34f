// The SMS fields whose code loads on need (app/identity/fields/MobileCodeFieldsOnNeed.tsx): the props comparison that
// keeps a parent's unrelated re-render from reaching a boundary still waiting for its code.
import { describe, expect, it } from "vitest";
import { sameFieldsProps } from "../../../app/identity/fields/same-fields-props";

describe("sameFieldsProps", () => {
  const countries = [{ code: "84" }];
  const onNotice = () => undefined;
  const base: Record<string, unknown> = { idPrefix: "login-sms", countries, onNotice, mobileError: undefined };

  it("equal references are the same", () => {
    expect(sameFieldsProps(base, { ...base })).toBe(true);
  });

  it("a typed-values object rebuilt with the same values is the same", () => {
    expect(
      sameFieldsProps({ ...base, values: { mobileNum: "9001", verificationCode: undefined } }, { ...base, values: { mobileNum: "9001" } }),
    ).toBe(true);
  });

  it("a changed value, error or callback is a change", () => {
    expect(sameFieldsProps({ ...base, values: { mobileNum: "9001" } }, { ...base, values: { mobileNum: "9002" } })).toBe(false);
    expect(sameFieldsProps(base, { ...base, mobileError: "Required" })).toBe(false);
    expect(sameFieldsProps(base, { ...base, onNotice: () => undefined })).toBe(false);
  });

  it("arrays and functions compare by reference, not by content", () => {
    expect(sameFieldsProps(base, { ...base, countries: [{ code: "84" }] })).toBe(false);
  });

  it("a prop that appears or disappears is a change", () => {
    expect(sameFieldsProps(base, { ...base, codeSent: { expiresInMs: 60_000 } })).toBe(false);
    expect(sameFieldsProps({ ...base, values: { mobileNum: "9001" } }, base)).toBe(false);
  });
});
