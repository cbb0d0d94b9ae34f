// Which platform calls the edge makes without the member's Authorization header (`auth: false` on PlatformClient.call,
// docs/behaviour/platform-data.md#without-auth): pinned, so a call that starts or stops sending the token is a visible change.
// The client's side (no header when auth is false) is tested in platform-client.test.ts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Every `auth: false` in app/, as "file: first argument of the call it belongs to". */
function callsWithoutAuth(dir = "app"): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      found.push(...callsWithoutAuth(path));
      continue;
    }
    if (!/\.tsx?$/.test(name)) continue;
    const text = readFileSync(path, "utf8");
    for (const match of text.matchAll(/auth: false/g)) {
      const before = text.slice(0, match.index);
      const call = Math.max(before.lastIndexOf(".call("), before.lastIndexOf(".send("));
      const argument = /^\.(?:call|send)\(\s*([^,]+),/.exec(before.slice(call))?.[1]?.trim() ?? "?";
      found.push(`${path}: ${argument}`);
    }
  }
  return found.sort();
}

describe("platform calls without the auth header", () => {
  it("are exactly these (a new one needs a line here and in docs/behaviour/platform-data.md#without-auth)", () => {
    expect(callsWithoutAuth()).toEqual([
      "app/.server/platform/client.ts: `/wps/session/key/rsa`",
      'app/.server/platform/site.ts: "/wps/system/config"',
      'app/.server/platform/site.ts: "/wps/system/country"',
      'app/.server/platform/site.ts: "/wps/system/setting"',
      'app/.server/platform/site.ts: "/wps/system/status"',
      'app/.server/platform/site.ts: "/wps/system/test/ping"',
      'app/captcha/captcha.server.ts: "/wps/captcha/geetest"',
      'app/game/trial.server.ts: "/wps/relay/GCS_gameTrialLaunch"',
      'app/home/banners.server.ts: "/wps/system/banners"',
      'app/home/lanes.server.ts: "/wps/relay/GCSGAME_newGameVendor"',
      'app/identity/firebase/identity-login.server.ts: "/wps/member/register/firebase"',
      'app/identity/register/registration.server.ts: "/wps/member/register/autoUsername"',
      "app/identity/register/registration.server.ts: registerPathFor(input.mode)",
      'app/identity/session-calls.server.ts: "/wps/session/login"',
      'app/identity/session-calls.server.ts: "/wps/session/login/verification"',
      'app/identity/session-calls.server.ts: "/wps/verification/sms/noLogin"',
      'app/push/push.server.ts: "/wps/relay/CSP_fcmUnsubscribe"',
      'app/shell/download/download.server.ts: "/wps/relay/MCSFE_getListAnnouncements"',
      'app/shell/download/download.server.ts: "/wps/system/appVersion"',
      'app/shell/download/download.server.ts: "/wps/system/downloadLinks"',
      "app/tracking/events.server.ts: TRACKING_EVENT_PATH",
    ]);
  });
});
