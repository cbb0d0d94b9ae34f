// The push layer's rules (docs/behaviour/firebase.md#notification-prompt, #push-bind, #push-errors,
// #push-notifications): when to ask, when to bind, what a Firebase error becomes, what a pushed message shows.
import { afterEach, describe, expect, it, vi } from "vitest";
import { logPushError, messagingCode, pushErrorOutcome } from "~/push/errors";
import { clickTarget, DEFAULT_CLICK_PATH, notificationFromPayload, readPushData } from "~/push/payload";
import { bindPlan, otherModalPending, pushStep, unbindPlan, type PromptFacts } from "~/push/rules";
import { registrationTokenSchema } from "~/push/registration-token";

const ORIGIN = "https://m.example.com";
const facts = (over: Partial<PromptFacts> = {}): PromptFacts => ({
  supported: true,
  member: true,
  vapidKey: true,
  skipped: false,
  permission: "default",
  ...over,
});

describe("pushStep", () => {
  it("asks a member whose browser supports push, not yet asked, on a merchant with a push key", () => {
    expect(pushStep(facts())).toBe("prompt");
  });

  it("does nothing without a push key, without support, for a visitor", () => {
    expect(pushStep(facts({ vapidKey: false }))).toBe("none");
    expect(pushStep(facts({ supported: false }))).toBe("none");
    expect(pushStep(facts({ member: false }))).toBe("none");
    expect(pushStep(facts({ member: false, permission: "granted" }))).toBe("none");
  });

  it("does not ask again in a session where the player closed the prompt or saw the notice", () => {
    expect(pushStep(facts({ skipped: true }))).toBe("none");
    expect(pushStep(facts({ skipped: true, permission: "denied" }))).toBe("none");
  });

  it("gets the token without asking once permission is granted, skipped or not", () => {
    expect(pushStep(facts({ permission: "granted" }))).toBe("token");
    expect(pushStep(facts({ permission: "granted", skipped: true }))).toBe("token");
  });

  it("tells a player who blocked notifications how to allow them", () => {
    expect(pushStep(facts({ permission: "denied" }))).toBe("denied-notice");
  });
});

describe("otherModalPending", () => {
  it("waits while a dialog is open or another overlay is counting down, loading or shown", () => {
    expect(otherModalPending(true, {})).toBe(true);
    for (const announcementPopup of ["waiting", "shown"])
      expect(otherModalPending(false, { announcementPopup }), announcementPopup).toBe(true);
    for (const imagePopup of ["waiting", "due", "shown"]) expect(otherModalPending(false, { imagePopup }), imagePopup).toBe(true);
    for (const installPrompt of ["loading", "waiting", "modal", "sheet"])
      expect(otherModalPending(false, { installPrompt }), installPrompt).toBe(true);
    expect(otherModalPending(false, { upgradeModal: "shown" })).toBe(true);
  });

  it("on a page with announcements, waits until the popup has decided", () => {
    expect(otherModalPending(false, {}, true)).toBe(true);
    expect(otherModalPending(false, { announcementPopup: "none" }, true)).toBe(false);
    expect(otherModalPending(false, { announcementPopup: "closed" }, true)).toBe(false);
    expect(otherModalPending(false, {}, false)).toBe(false);
  });

  it("goes ahead once the others have decided not to show or are done", () => {
    expect(otherModalPending(false, {})).toBe(false);
    expect(
      otherModalPending(false, { announcementPopup: "closed", imagePopup: "done", installPrompt: "suppressed", upgradeModal: "closed" }),
    ).toBe(false);
    expect(
      otherModalPending(false, { announcementPopup: "none", imagePopup: "skipped", installPrompt: "none", upgradeModal: "none" }),
    ).toBe(false);
  });
});

describe("bindPlan", () => {
  it("binds a first token", () => {
    expect(bindPlan({ token: null, boundMember: null }, "ann", "tok-1")).toEqual({ bind: true, unsubscribe: null });
  });

  it("binds once per member and token", () => {
    expect(bindPlan({ token: "tok-1", boundMember: "ann" }, "ann", "tok-1")).toEqual({ bind: false, unsubscribe: null });
  });

  it("binds the same token again for another member, or when the last bind did not finish", () => {
    expect(bindPlan({ token: "tok-1", boundMember: "ann" }, "bob", "tok-1")).toEqual({ bind: true, unsubscribe: null });
    expect(bindPlan({ token: "tok-1", boundMember: null }, "ann", "tok-1")).toEqual({ bind: true, unsubscribe: null });
  });

  it("binds a renewed or re-created token and drops the bound one it replaced", () => {
    expect(bindPlan({ token: "tok-1", boundMember: "ann" }, "ann", "tok-2")).toEqual({ bind: true, unsubscribe: "tok-1" });
    // A replaced token that was never bound is nobody's to drop.
    expect(bindPlan({ token: "tok-1", boundMember: null }, "ann", "tok-2")).toEqual({ bind: true, unsubscribe: null });
  });

  it("without a session, unsubscribes the token a member had bound, or nothing", () => {
    expect(unbindPlan({ token: "tok-1", boundMember: "ann" })).toBe("tok-1");
    expect(unbindPlan({ token: "tok-1", boundMember: null })).toBeNull();
    expect(unbindPlan({ token: null, boundMember: "ann" })).toBeNull();
  });
});

describe("registrationTokenSchema", () => {
  it("takes FCM's alphabet only", () => {
    expect(registrationTokenSchema.safeParse("dGVzdA:APA91bHPRgkF-3c_Wk9a.x").success).toBe(true);
    expect(registrationTokenSchema.safeParse("dGVzdA APA91bHPRgkF3cWk9").success).toBe(false);
    expect(registrationTokenSchema.safeParse("short").success).toBe(false);
    expect(registrationTokenSchema.safeParse(null).success).toBe(false);
  });
});

describe("push errors", () => {
  const error = (code: string) => Object.assign(new Error(code), { code: `messaging/${code}` });
  afterEach(() => vi.restoreAllMocks());

  it("answers the player's Allow with the message the error deserves", () => {
    expect(pushErrorOutcome(error("permission-blocked"), true)).toEqual({
      code: "permission-blocked",
      message: "notification_request_tips",
      level: "warn",
    });
    for (const code of ["unsupported-browser", "indexed-db-unsupported"]) {
      expect(pushErrorOutcome(error(code), true).message, code).toBe("push_unsupported");
    }
    for (const code of [
      "token-subscribe-failed",
      "token-update-failed",
      "token-subscribe-no-token",
      "failed-service-worker-registration",
    ]) {
      expect(pushErrorOutcome(error(code), true), code).toEqual({ code, message: "push_failed", level: "warn" });
    }
  });

  it("logs a merchant's broken setup as an error, and tells the player only if they asked", () => {
    for (const code of ["missing-app-config-values", "invalid-vapid-key"]) {
      expect(pushErrorOutcome(error(code), true), code).toEqual({ code, message: "push_failed", level: "error" });
      expect(pushErrorOutcome(error(code), false), code).toEqual({ code, message: null, level: "error" });
    }
  });

  it("keeps the silent refresh on a page load silent, and an unsubscribe failure always", () => {
    for (const code of ["permission-blocked", "unsupported-browser", "token-update-failed", "token-subscribe-failed"]) {
      expect(pushErrorOutcome(error(code), false), code).toEqual({ code, message: null, level: "warn" });
    }
    expect(pushErrorOutcome(error("token-unsubscribe-failed"), true).message).toBeNull();
  });

  it("reads anything else as a failure of its own kind", () => {
    expect(messagingCode(new TypeError("Failed to fetch dynamically imported module"))).toBe("unknown");
    expect(messagingCode(new DOMException("no active worker", "AbortError"))).toBe("dom-AbortError");
    expect(messagingCode({ code: "auth/network-request-failed" })).toBe("unknown");
    expect(pushErrorOutcome(new DOMException("x", "AbortError"), true).message).toBe("push_failed");
  });

  it("logs the code and the step, nothing of the error's text", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const failure = Object.assign(new Error("update failed for token tok-SECRET"), { code: "messaging/token-update-failed" });
    logPushError(pushErrorOutcome(failure, false), "token");
    expect(warn).toHaveBeenCalledWith("[push] token failed: token-update-failed");
    expect(JSON.stringify(warn.mock.calls)).not.toContain("SECRET");
  });
});

describe("a pushed message", () => {
  it("shows FCM's notification with the link it gives", () => {
    expect(
      notificationFromPayload(
        {
          notification: {
            title: "Draw results",
            body: "Your numbers are in",
            icon: "https://cdn.example.net/i.png",
            image: "/m/banner.png",
          },
          fcmOptions: { link: "/m/activity?x=1" },
          data: { url: "/m/ignored" },
        },
        ORIGIN,
      ),
    ).toEqual({
      title: "Draw results",
      options: {
        body: "Your numbers are in",
        icon: "https://cdn.example.net/i.png",
        image: `${ORIGIN}/m/banner.png`,
        data: { url: `${ORIGIN}/m/activity?x=1` },
      },
    });
  });

  it("takes the link from click_action, then data.url, then data.link, and a data-only message's title and body", () => {
    const link = (payload: unknown) => notificationFromPayload(payload, ORIGIN)?.options.data.url;
    expect(link({ notification: { title: "t", click_action: `${ORIGIN}/m/a` }, data: { url: "/m/b" } })).toBe(`${ORIGIN}/m/a`);
    expect(link({ notification: { title: "t" }, data: { url: "/m/b", link: "/m/c" } })).toBe(`${ORIGIN}/m/b`);
    expect(link({ notification: { title: "t" }, data: { link: "/m/c" } })).toBe(`${ORIGIN}/m/c`);
    expect(notificationFromPayload({ data: { title: "Only data", body: "b" } }, ORIGIN)).toMatchObject({
      title: "Only data",
      options: { body: "b", data: { url: `${ORIGIN}${DEFAULT_CLICK_PATH}` } },
    });
  });

  it("falls back to the merchant's icon for an icon on plain http elsewhere or a script address", () => {
    for (const icon of ["http://cdn.example.net/i.png", "javascript:alert(1)", 42]) {
      expect(notificationFromPayload({ notification: { title: "t", icon } }, ORIGIN)?.options.icon).toBe(`${ORIGIN}/m/icons/192.png`);
    }
  });

  it("shows nothing for a message without a title, or data that is not a message", () => {
    expect(notificationFromPayload({ notification: { body: "no title" } }, ORIGIN)).toBeNull();
    expect(notificationFromPayload({ notification: { title: "   " } }, ORIGIN)).toBeNull();
    expect(notificationFromPayload(null, ORIGIN)).toBeNull();
    expect(notificationFromPayload(["title"], ORIGIN)).toBeNull();
    expect(readPushData({ text: () => "not json" })).toBeNull();
    expect(readPushData(null)).toBeNull();
    expect(readPushData({ text: () => '{"notification":{"title":"x"}}' })).toEqual({ notification: { title: "x" } });
  });

  it("cuts an overlong title and body", () => {
    const shown = notificationFromPayload({ notification: { title: "t".repeat(500), body: "b".repeat(5000) } }, ORIGIN);
    expect(shown?.title).toHaveLength(200);
    expect(shown?.options.body).toHaveLength(1000);
  });
});

describe("clickTarget", () => {
  it("opens a page of this site, relative or absolute", () => {
    expect(clickTarget("/m/promotions?id=7", ORIGIN)).toBe(`${ORIGIN}/m/promotions?id=7`);
    expect(clickTarget(`${ORIGIN}/m/game`, ORIGIN)).toBe(`${ORIGIN}/m/game`);
  });

  it("never another site, another scheme or port, or a script: home instead", () => {
    const home = `${ORIGIN}${DEFAULT_CLICK_PATH}`;
    for (const link of [
      "https://evil.example/m/home",
      "//evil.example/x",
      "http://m.example.com/m/home",
      "https://m.example.com:8443/m/home",
      "javascript:alert(1)",
      "data:text/html,<b>x</b>",
      "",
      undefined,
      42,
    ]) {
      expect(clickTarget(link, ORIGIN), String(link)).toBe(home);
    }
  });
});
