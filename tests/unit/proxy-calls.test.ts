// The /wps proxy's allow-list (docs/behaviour/shell.md#proxy-allow-list).
import { describe, expect, it } from "vitest";
import { proxyCallFor } from "~/.server/platform/proxy-calls";

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
});
