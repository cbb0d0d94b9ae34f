// The /wps proxy's allow-list (docs/behaviour/shell.md#proxy-allow-list).
import { describe, expect, it } from "vitest";
import { PROXY_CALLS, proxyCallFor } from "~/.server/platform/proxy-calls";

const visitor = { passwordChangePending: false };
const pending = { passwordChangePending: true };

function outcome(method: string, path: string, options = visitor) {
  const decision = proxyCallFor(method, path, options);
  return "refused" in decision ? decision.refused.errorCode : "allowed";
}

describe("proxy allow-list", () => {
  it("allows what the product's browser code calls", () => {
    expect(outcome("GET", "/wps/system/test/ping")).toBe("allowed");
    expect(outcome("GET", "/wps/system/banners")).toBe("allowed");
    expect(outcome("GET", "/wps/member/info")).toBe("allowed");
    expect(outcome("POST", "/wps/captcha/geetest/solve")).toBe("allowed");
    expect(outcome("HEAD", "/wps/sandbox-files/app/demo-play.apk")).toBe("allowed");
  });

  it("keeps every identity call for the edge, whatever the letter case or a parameter after the path", () => {
    for (const path of [
      "/wps/session/login",
      "/wps/session/login/verification",
      "/wps/SESSION/login",
      "/wps/session/login;x=1",
      "/wps/session/key/rsa",
      "/wps/verification/sms/noLogin",
      "/wps/member/register",
      "/wps/member/register/mobile",
      "/wps/member/register/firebase",
      "/wps/member/password",
    ])
      expect(outcome("POST", path), path).toBe("proxy.edge.only");
  });

  it("answers unknown calls, other methods and non-canonical paths as unknown", () => {
    expect(outcome("POST", "/wps/system/setting")).toBe("proxy.call.unknown");
    expect(outcome("GET", "/wps/other/thing")).toBe("proxy.call.unknown");
    expect(outcome("GET", "/wps/system/")).toBe("proxy.call.unknown");
    expect(outcome("GET", "/wps//member/info")).toBe("proxy.call.unknown");
    expect(outcome("GET", "/wps/member/%69nfo")).toBe("proxy.call.unknown");
    expect(outcome("GET", "/wps/game/./launchGame")).toBe("proxy.call.unknown");
  });

  it("while a password change is pending refuses member calls but member info and logout", () => {
    expect(outcome("GET", "/wps/game/launchGame", pending)).toBe("password.change.required");
    expect(outcome("GET", "/wps/member/referral", pending)).toBe("password.change.required");
    expect(outcome("POST", "/wps/member/language", pending)).toBe("password.change.required");
    expect(outcome("GET", "/wps/member/info", pending)).toBe("allowed");
    expect(outcome("POST", "/wps/session/logout", pending)).toBe("allowed");
    expect(outcome("GET", "/wps/relay/MCSFE_getListAnnouncements", pending)).toBe("allowed");
  });

  it("names the calls that go without the member's token", () => {
    expect(PROXY_CALLS.filter((call) => call.withoutToken).map((call) => call.path)).toEqual([
      "/wps/system/",
      "/wps/relay/MCSFE_getMerchantAvailablePromotions",
      "/wps/relay/MCSFE_getListAnnouncements",
      "/wps/relay/GCSGAME_newGameVendor",
      "/wps/captcha/geetest",
      "/wps/captcha/geetest/solve",
      "/wps/captcha/geetest4/solve",
      "/wps/sandbox-pages/",
      "/wps/sandbox-files/",
    ]);
  });

  it("gives the promotion, announcement and vendor lists no token, and the other relays and member calls the token", () => {
    const withoutToken = (method: string, path: string) => {
      const decision = proxyCallFor(method, path, visitor);
      return "allowed" in decision ? decision.allowed.withoutToken === true : null;
    };
    expect(withoutToken("GET", "/wps/system/status")).toBe(true);
    expect(withoutToken("GET", "/wps/relay/MCSFE_getMerchantAvailablePromotions")).toBe(true);
    expect(withoutToken("GET", "/wps/relay/MCSFE_getListAnnouncements")).toBe(true);
    expect(withoutToken("GET", "/wps/relay/GCSGAME_newGameVendor")).toBe(true);
    expect(withoutToken("GET", "/wps/captcha/geetest")).toBe(true);
    expect(withoutToken("GET", "/wps/relay/CBS_unreadCount")).toBe(false);
    expect(withoutToken("GET", "/wps/member/info")).toBe(false);
    expect(withoutToken("POST", "/wps/session/logout")).toBe(false);
  });
});
