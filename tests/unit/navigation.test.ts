import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "../../app/navigation/safe-redirect";
import { withTrackingParams } from "../../app/navigation/tracking-params";

describe("safeRedirectPath", () => {
  it.each([
    ["/m/member/home", "/m/member/home"],
    ["/m/activity?id=3#top", "/m/activity?id=3#top"],
    ["https://evil.example/", "/m/home"],
    ["//evil.example/m/home", "/m/home"],
    ["/\\evil.example", "/m/home"],
    ["/m/../../etc", "/m/home"],
    ["javascript:alert(1)", "/m/home"],
    ["/m/home\n//evil", "/m/home"],
    ["", "/m/home"],
    [null, "/m/home"],
  ])("%s → %s", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("//x", "/m/login")).toBe("/m/login");
  });
});

describe("withTrackingParams", () => {
  it("keeps the tracking parameters and drops the others", () => {
    const from = new URLSearchParams("affiliateCode=A1&referralCode=R2&r=x&fbclid=f&gclid=g&ttclid=t&token=secret&other=1");
    expect(withTrackingParams("/m/home", from)).toBe("/m/home?affiliateCode=A1&referralCode=R2&r=x&fbclid=f&gclid=g&ttclid=t");
  });

  it("does not override what the target already has", () => {
    expect(withTrackingParams("/m/home?r=keep", new URLSearchParams("r=new"))).toBe("/m/home?r=keep");
  });
});
