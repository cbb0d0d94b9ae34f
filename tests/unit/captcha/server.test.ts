// The server side of the captcha: the merchant's setup from its settings, and the challenge call.
import { describe, expect, it } from "vitest";
import {
  captchaPresentation,
  captchaSetupFromSettings,
  getCaptchaChallenge,
  normaliseServers,
  captchaScriptOrigins,
  type CaptchaProduct,
} from "../../../app/captcha/captcha.server";
import type { PlatformClient } from "../../../app/.server/platform/client";
import { classifyFailure, failed } from "../../../app/.server/platform/outcomes";

function platformAnswering(reply: { success: boolean; value?: unknown; errorCode?: string; message?: string }, status = 200) {
  const calls: { path: string; query: unknown }[] = [];
  const platform = {
    async call(path: string, schema: { safeParse(v: unknown): { success: boolean; data?: unknown } }, request: { query?: unknown }) {
      calls.push({ path, query: request.query });
      if (!reply.success) return failed(classifyFailure(status, reply), reply);
      const parsed = schema.safeParse(reply.value);
      return { ok: true, value: parsed.data };
    },
  } as unknown as PlatformClient;
  return { platform, calls };
}

describe("captchaSetupFromSettings", () => {
  const settings = {
    captcha: { login: true, sms: false, register: true },
    gw: {
      GEETEST_ID: "x",
      GEETEST_VERSION: "v4",
      GEETEST_SCRIPT_SERVERS: ["/a/", "//evil.example", "https://cdn.example/gt", "/b", "/c", "/d"],
    },
  };

  it("reads the flag for the product, the version and the same-origin servers (three at most)", () => {
    expect(captchaSetupFromSettings(settings, "login")).toEqual({
      required: true,
      version: "v4",
      servers: ["/a", "/b", "/c"],
      presentation: "click",
    });
    expect(captchaSetupFromSettings(settings, "sms").required).toBe(false);
  });

  it("defaults to v3, the merchant's own script servers and no captcha", () => {
    const mine = ["https://static.geetest.com"];
    for (const product of ["login", "register", "sms"] as CaptchaProduct[]) {
      expect(captchaSetupFromSettings({}, product, mine)).toEqual({ required: false, version: "v3", servers: mine, presentation: "click" });
    }
    expect(captchaSetupFromSettings(null, "login").required).toBe(false);
    expect(captchaSetupFromSettings({ gw: { GEETEST_SCRIPT_SERVERS: "nope" } }, "login", mine).servers).toEqual(mine);
    // Nothing configured anywhere: no server (the widget reports a network failure instead of loading a stranger's script).
    expect(captchaSetupFromSettings({}, "login").servers).toEqual([]);
  });

  it("shows the slider when the form's captcha is on and the login slider flag is on, else the plain captcha", () => {
    expect(captchaPresentation("register", true, true)).toBe("slide");
    expect(captchaPresentation("login", true, true)).toBe("slide");
    expect(captchaPresentation("register", true, false)).toBe("click");
    expect(captchaPresentation("register", false, true)).toBe("click");
    // The SMS send-code check is opened by its button: always the plain one.
    expect(captchaPresentation("sms", true, true)).toBe("click");
  });

  it("reads the login slider flag from the settings (login.slider)", () => {
    const slider = { ...settings, login: { sms: true, slider: true } };
    expect(captchaSetupFromSettings(slider, "register").presentation).toBe("slide");
    expect(captchaSetupFromSettings({ ...settings, login: { slider: false } }, "register").presentation).toBe("click");
    expect(captchaSetupFromSettings({ ...settings, captcha: { register: false }, login: { slider: true } }, "register").presentation).toBe(
      "click",
    );
    expect(captchaSetupFromSettings({ ...settings, login: { slider: "yes" } }, "register").presentation).toBe("click");
  });

  it("keeps plain paths, and outside servers only on the merchant's own script origins", () => {
    expect(normaliseServers(["/x/../y", "/ok-1/geetest", "javascript:alert(1)", "/has space"])).toEqual(["/x/../y", "/ok-1/geetest"]);
    expect(normaliseServers(["https://evil.example/gt", "https://static.geetest.com/v"], ["https://static.geetest.com"])).toEqual([
      "https://static.geetest.com/v",
    ]);
    expect(normaliseServers(["https://evil.example/gt"], ["/captcha"])).toEqual(["/captcha"]);
    expect(captchaScriptOrigins(["/captcha", "https://static.geetest.com/x", "https://gcaptcha4.geetest.com"])).toEqual([
      "https://static.geetest.com",
      "https://gcaptcha4.geetest.com",
    ]);
  });
});

describe("getCaptchaChallenge", () => {
  it("asks with t and product, and returns a v3 challenge", async () => {
    const { platform, calls } = platformAnswering({ success: true, value: { gt: "abc", challenge: "def", new_captcha: true } });
    expect(await getCaptchaChallenge(platform, "register")).toEqual({
      ok: true,
      challenge: { version: "v3", gt: "abc", challenge: "def", new_captcha: true, offline: false },
    });
    expect(calls[0]).toMatchObject({ path: "/wps/captcha/geetest", query: { product: "register" } });
    expect(typeof (calls[0]!.query as { t: unknown }).t).toBe("number");
  });

  it("marks Geetest's failback (success 0) as offline", async () => {
    const { platform } = platformAnswering({ success: true, value: { gt: "abc", challenge: "def", newCaptcha: false, success: 0 } });
    expect(await getCaptchaChallenge(platform, "login")).toMatchObject({ ok: true, challenge: { offline: true, new_captcha: false } });
  });

  it("returns a v4 captcha id", async () => {
    const { platform } = platformAnswering({ success: true, value: { captchaId: "c0ffee" } });
    expect(await getCaptchaChallenge(platform, "sms")).toEqual({ ok: true, challenge: { version: "v4", captchaId: "c0ffee" } });
  });

  it("says 'not setup' when the answer has no gt or captcha id", async () => {
    const { platform } = platformAnswering({ success: true, value: { gt: null } });
    expect(await getCaptchaChallenge(platform, "login")).toEqual({
      ok: false,
      failure: { message: null, messageKey: "captcha_not_setup" },
    });
  });

  it("says 'verify too fast' on rate limits, else the platform's message", async () => {
    expect(await getCaptchaChallenge(platformAnswering({ success: false, errorCode: "TOO_MANY_REQUEST" }).platform, "login")).toEqual({
      ok: false,
      failure: { message: null, messageKey: "captcha_too_fast" },
    });
    expect(
      await getCaptchaChallenge(platformAnswering({ success: false, errorCode: "x", message: "Captcha off" }).platform, "login"),
    ).toEqual({
      ok: false,
      failure: { message: "Captcha off", messageKey: "captcha_error" },
    });
  });
});
