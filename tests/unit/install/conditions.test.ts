// When the install prompts show, and the WEBCLIP rule (app/shell/install/conditions.ts, docs/decisions/0017).
import { describe, expect, it } from "vitest";
import {
  homeScreenSheetAllowed,
  installPromptAllowed,
  installPromptMustWait,
  isSkipValue,
  sheetVariant,
  webclipFlag,
  type InstallConditions,
} from "../../../app/shell/install/conditions";
import { installEnabled } from "../../../app/shell/install/install.server";

const ok: InstallConditions = {
  pathname: "/m/home",
  siteState: "open",
  nativeApp: false,
  installed: false,
  enabled: true,
  skipped: false,
};

describe("installPromptAllowed", () => {
  it.each<[string, Partial<InstallConditions>, boolean]>([
    ["on /m/home", {}, true],
    ["on /m/index.html", { pathname: "/m/index.html" }, true],
    ["on /m/index (not an install path)", { pathname: "/m/index" }, false],
    ["on /m/login", { pathname: "/m/login" }, false],
    ["on /m/register", { pathname: "/m/register" }, false],
    ["during maintenance", { siteState: "maintenance" }, false],
    ["under region restriction", { siteState: "access-denied" }, false],
    ["with the domain-unavailable notice", { siteState: "domain-unavailable" }, true],
    ["in the native app", { nativeApp: true }, false],
    ["already installed", { installed: true }, false],
    ["with PWA3 off", { enabled: false }, false],
    ["declined this session", { skipped: true }, false],
  ])("%s → %s", (_name, change, expected) => {
    expect(installPromptAllowed({ ...ok, ...change })).toBe(expected);
  });
});

describe("homeScreenSheetAllowed", () => {
  it("needs iOS Safari on top of the install conditions", () => {
    expect(homeScreenSheetAllowed({ ...ok, iosSafari: true })).toBe(true);
    expect(homeScreenSheetAllowed({ ...ok, iosSafari: false })).toBe(false);
    expect(homeScreenSheetAllowed({ ...ok, iosSafari: true, skipped: true })).toBe(false);
    expect(homeScreenSheetAllowed({ ...ok, iosSafari: true, installed: true })).toBe(false);
  });
});

describe("sheetVariant", () => {
  it.each([
    [null, "share"],
    [{ major: 12, minor: 1, patch: 4 }, "legacy"],
    [{ major: 11, minor: 4, patch: 0 }, "legacy"],
    [{ major: 12, minor: 2, patch: 0 }, "share"],
    [{ major: 17, minor: 5, patch: 1 }, "share"],
  ])("%o → %s", (version, expected) => {
    expect(sheetVariant(version)).toBe(expected);
  });
});

describe("webclipFlag", () => {
  it.each([
    [{ standalone: true, homescreen: false }, "1"],
    [{ standalone: true, homescreen: true }, "0"],
    [{ standalone: false, homescreen: true }, "0"],
    [{ standalone: false, homescreen: false }, null],
  ])("%o → %s", (mode, expected) => {
    expect(webclipFlag(mode)).toBe(expected);
  });
});

describe("flags", () => {
  it("reads the session skip flag", () => {
    expect(isSkipValue("1")).toBe(true);
    expect(isSkipValue("true")).toBe(true);
    expect(isSkipValue(null)).toBe(false);
    expect(isSkipValue("0")).toBe(false);
  });

  it("turns the prompts on unless the white-label flag PWA3 is explicitly off", () => {
    expect(installEnabled({})).toBe(true);
    expect(installEnabled(undefined)).toBe(true);
    expect(installEnabled({ PWA3: true })).toBe(true);
    expect(installEnabled({ PWA3: false })).toBe(false);
  });
});

describe("the guide event", () => {
  it("is the one the download popup dispatches", async () => {
    const { SHOW_A2HS_EVENT } = await import("../../../app/shell/install/assets");
    const rules = await import("../../../app/shell/download/rules");
    expect(SHOW_A2HS_EVENT).toBe(rules.SHOW_A2HS_EVENT);
  });
});

describe("installPromptMustWait (one modal at a time)", () => {
  it("waits while another dialog is open, the page's announcement popup is undecided or shown, the image popup or upgrade modal due or shown", () => {
    expect(installPromptMustWait(true, {}, false)).toBe(true);
    for (const announcementPopup of [undefined, "waiting", "shown"])
      expect(installPromptMustWait(false, { announcementPopup }, true), String(announcementPopup)).toBe(true);
    for (const imagePopup of ["due", "shown"]) expect(installPromptMustWait(false, { imagePopup }, false), imagePopup).toBe(true);
    expect(installPromptMustWait(false, { upgradeModal: "shown" }, false)).toBe(true);
  });

  it("goes ahead once the popup has decided not to show or was closed, and on a page without announcements", () => {
    for (const announcementPopup of ["none", "closed"]) expect(installPromptMustWait(false, { announcementPopup }, true)).toBe(false);
    // A decision left on <html> by another page does not hold a page that has no popup.
    expect(installPromptMustWait(false, { announcementPopup: "waiting" }, false)).toBe(false);
    // The image popup's 20 s countdown does not hold the install prompt.
    expect(installPromptMustWait(false, { imagePopup: "waiting", upgradeModal: "closed" }, false)).toBe(false);
  });
});
