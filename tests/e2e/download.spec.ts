// The app download surfaces (docs/behaviour/download.md: bar, popups, upgrade modal), driven by user
// agents and launch modes. Sandbox data (docs/platform-contract.md, "App download"): demo has Android (.apk), iOS (a
// page, opens in a new tab), a configuration profile, an icon, the APP_DOWNLOAD promotion and two popup banners;
// vn88 has only Android; br777 Android and iOS (.ipa).
import type { BrowserContext, Page } from "@playwright/test";
import {
  animationsFinished,
  expect,
  pauseClock,
  SCREENSHOT,
  scripts,
  shellState,
  test as base,
  touchPage,
  urlOn,
  waitForHydration,
} from "./fixtures";
import { seriousAxeFindings } from "./support/axe";
import { addMemberSession } from "./support/member";
import { dismissAnnouncements } from "./support/announcements";
import { ANDROID_CHROME, IOS_CHROME, IOS_SAFARI, nativeApp } from "./support/user-agents";

// The announcement popup would cover the home page these tests use (docs/behaviour/announcements.md#tests).
base.use({ announcements: "dismissed" });

const bar = (page: Page) => page.getByRole("complementary", { name: "Download the app" });
const popup = (page: Page) => page.getByRole("dialog", { name: "Download the app" });
const imagePopup = (page: Page) => page.getByRole("dialog", { name: "App promotion image" });

const test = base.extend<{
  /**
   * A page in a new context with this user agent, as a phone (touch, mobile viewport): the config's and the project's
   * options (size, scripts on or off) apply, as in every context a test opens. Closed after the test.
   */
  phone: (userAgent: string) => Promise<Page>;
}>({
  phone: async ({ browser }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (userAgent) => {
      const context = await browser.newContext({ userAgent, isMobile: true, hasTouch: true });
      contexts.push(context);
      // As for the test's own context (base.use above): the popup, which opens a second after the page, must not cover
      // a control the test is about to use.
      for (const host of ["demo.localhost", "vn.localhost"]) await dismissAnnouncements(context, host);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

const jsOnly = () => test.skip(scripts() !== "js", "needs JavaScript");

/** Pretends the page runs as an installed web app (display-mode is not emulatable). */
async function asInstalledApp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      /display-mode:\s*standalone/.test(query)
        ? ({
            matches: true,
            media: query,
            onchange: null,
            addListener() {},
            removeListener() {},
            addEventListener() {},
            removeEventListener() {},
            dispatchEvent: () => false,
          } as MediaQueryList)
        : original(query);
  });
}

/**
 * Opens a page and waits until the after-hydration part (the mode checks and popups) has loaded and decided. It loads
 * with the later layers, at the player's first touch (docs/behaviour/download.md#when-the-overlays-load).
 */
async function openWithOverlays(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await touchPage(page);
  await shellState(page, "download-overlays", "ready");
}

/**
 * Opens a page on a paused fake clock and waits until the image popup has made up its mind (armed its 20 s timer, or
 * decided not to). Paused, the page's timers fire only when the test moves the clock: a timer armed a moment late
 * still has its full 20 s ahead of it, so "nothing after 19 s, the popup at 20 s" holds however slow the machine is.
 * (On a running fake clock the real time spent loading the overlays counts as waiting time, and the 19 s check
 * could see the popup early; timing the clock from the response of the overlays' chunk missed a timer armed after it.)
 */
async function openOnPausedClock(page: Page, path: string, decision: "waiting" | "skipped"): Promise<void> {
  await pauseClock(page);
  await page.goto(path);
  await waitForHydration(page);
  // The overlays load at the first touch, from an idle callback, which the paused clock holds back until it moves.
  await touchPage(page);
  await page.clock.runFor(1_000);
  await shellState(page, "download-overlays", "ready");
  await shellState(page, "image-popup", decision);
}

test.describe("download bar by user agent", () => {
  test("Android Chrome: bar with name, 5.0, gift; popup offers Android, in the same tab (.apk), and the bonus", async ({
    phone,
    javaScriptEnabled,
  }) => {
    const page = await phone(ANDROID_CHROME);
    await page.goto("/m/login");
    await expect(bar(page)).toBeVisible();
    await expect(bar(page).getByText("Demo Play")).toBeVisible();
    await expect(bar(page).getByRole("img", { name: "Rated 5.0 out of 5" })).toBeVisible();
    await expect(bar(page).getByRole("img", { name: "App download bonus available" })).toBeVisible();
    await expect(bar(page).locator(".download-bar__icon")).toHaveAttribute("src", "/wps/sandbox-files/app/demo-play-icon.png");
    if (!javaScriptEnabled) {
      // Without JavaScript, Download is a link to the download page.
      await bar(page).getByRole("link", { name: "Download" }).click();
      await expect(page).toHaveURL(/\/m\/appDownload\?language=EN$/);
      await expect(page.getByRole("heading", { name: "Download the app", level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: "Download for Android" })).toHaveAttribute(
        "href",
        "/wps/sandbox-files/app/demo-play.apk",
      );
      await expect(page.getByRole("link", { name: "Download for iPhone / iPad" })).toHaveCount(0);
      return;
    }
    await waitForHydration(page);
    await bar(page).getByRole("link", { name: "Download" }).click();
    const dialog = popup(page);
    await expect(dialog).toBeVisible();
    const android = dialog.getByRole("link", { name: "Download for Android" });
    await expect(android).toHaveAttribute("href", "/wps/sandbox-files/app/demo-play.apk");
    await expect(android).not.toHaveAttribute("target", /./);
    await expect(dialog.getByText(/iPhone/)).toHaveCount(0);
    await expect(dialog.getByRole("heading", { name: "Download the app, get a bonus" })).toBeVisible();
    await expect(dialog.getByText("The bonus is credited automatically & can be used on every lottery.")).toBeVisible();
    // Visitors (member type -1) get no go-to-promotion button.
    await expect(dialog.getByRole("link", { name: "Go to promotion" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(bar(page)).toBeVisible();
  });

  test("iOS Safari: iOS in a new tab, the profile page, and the home-screen guide (event for the install sheet)", async ({ phone }) => {
    jsOnly();
    const page = await phone(IOS_SAFARI);
    await page.addInitScript(() => {
      (window as unknown as { a2hsAsked: number }).a2hsAsked = 0;
      window.addEventListener("mc:show-a2hs", () => (window as unknown as { a2hsAsked: number }).a2hsAsked++);
    });
    await openWithOverlays(page, "/m/login");
    await expect(bar(page)).toBeVisible();
    await bar(page).getByRole("link", { name: "Download" }).click();
    const dialog = popup(page);
    await expect(dialog.getByRole("listitem")).toHaveCount(3);
    const ios = dialog.getByRole("link", { name: "Download for iPhone / iPad" });
    await expect(ios).toHaveAttribute("href", "/wps/sandbox-files/app/demo-play-ios.html");
    await expect(ios).toHaveAttribute("target", "_blank");
    await expect(dialog.getByRole("link", { name: "Quick install for iPhone (profile)" })).toHaveAttribute(
      "href",
      "/m/appDownload?language=EN",
    );
    await expect(dialog.getByRole("link", { name: "Download for Android" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Add to Home Screen" }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { a2hsAsked: number }).a2hsAsked)).toBe(1);
  });

  test("iOS Chrome (CriOS): the iOS download asks for Safari", async ({ phone }) => {
    jsOnly();
    const page = await phone(IOS_CHROME);
    await openWithOverlays(page, "/m/login");
    await bar(page).getByRole("link", { name: "Download" }).click();
    const dialog = popup(page);
    await expect(dialog.getByRole("button", { name: "Add to Home Screen" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Download for iPhone / iPad" }).click();
    const alert = page.getByRole("alertdialog", { name: "Notice" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Please use Safari for download App.");
    await alert.getByRole("button", { name: "Confirm" }).click();
    await expect(alert).toBeHidden();
    // The profile needs Safari too.
    await dialog.getByRole("button", { name: "Quick install for iPhone (profile)" }).click();
    await expect(page.getByRole("alertdialog", { name: "Notice" })).toContainText("Please use Safari for download App.");
  });

  test("iOS Chrome without JavaScript: the download page says to use Safari", async ({ phone }) => {
    const page = await phone(IOS_CHROME);
    await page.goto("/m/appDownload?language=EN");
    await expect(page.getByRole("note")).toHaveText("Please use Safari for download App.");
    await expect(page.getByRole("link", { name: "Download profile" })).toHaveAttribute(
      "href",
      "/wps/sandbox-files/app/demo-play.mobileconfig",
    );
  });

  test("desktop: both apps, no profile", async ({ page }) => {
    await page.goto("/m/appDownload");
    await expect(page.getByRole("link", { name: "Download for Android" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download for iPhone / iPad" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Install with a configuration profile" })).toHaveCount(0);
  });

  test("native app: no bar", async ({ phone }) => {
    const page = await phone(nativeApp("2.5.0"));
    await page.goto("/m/login");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.locator(".download-bar")).toHaveCount(0);
  });

  test("vn88 on iOS Safari: only an Android link, so no bar; on Android: a bar without a gift", async ({ phone }) => {
    const ios = await phone(IOS_SAFARI);
    await ios.goto(urlOn("vn.localhost", "/m/login"));
    await expect(ios.locator(".download-bar")).toHaveCount(0);
    const android = await phone(ANDROID_CHROME);
    await android.goto(urlOn("vn.localhost", "/m/login"));
    await expect(bar(android)).toBeVisible();
    await expect(bar(android).getByText("VN88")).toBeVisible();
    await expect(bar(android).getByRole("img", { name: "App download bonus available" })).toHaveCount(0);
  });

  test("br777: the .ipa opens in the same tab", async ({ phone }) => {
    const page = await phone(IOS_SAFARI);
    await page.goto(urlOn("br.localhost", "/m/appDownload"));
    const ios = page.getByRole("link", { name: "Download for iPhone / iPad" });
    await expect(ios).toHaveAttribute("href", "/wps/sandbox-files/app/br777.ipa");
    await expect(ios).not.toHaveAttribute("target", /./);
  });
});

test.describe("download bar by launch mode", () => {
  // A bar that the launch hides goes once the page is idle, without waiting for the player's first touch as the
  // overlays otherwise do (docs/behaviour/download.md#when-the-overlays-load).
  test("installed web app (display-mode standalone): rendered by the server, hidden once the page is idle, untouched", async ({
    phone,
  }) => {
    jsOnly();
    const page = await phone(ANDROID_CHROME);
    await asInstalledApp(page);
    const html = page.waitForResponse((r) => new URL(r.url()).pathname === "/m/login");
    await page.goto("/m/login");
    await shellState(page, "download-overlays", "ready");
    expect(await (await html).text()).toContain('class="download-bar"');
    await expect(page.locator(".download-bar")).toHaveCount(0);
  });

  test("iOS home-screen web app (navigator.standalone): hidden once the page is idle, untouched", async ({ phone }) => {
    jsOnly();
    const page = await phone(IOS_SAFARI);
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "standalone", { get: () => true }));
    await page.goto("/m/login");
    await shellState(page, "download-overlays", "ready");
    await expect(page.locator(".download-bar")).toHaveCount(0);
  });

  test("launched from the home screen (?homescreen=1): not even rendered", async ({ phone }) => {
    const page = await phone(ANDROID_CHROME);
    await page.goto("/m/login?homescreen=1");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.locator(".download-bar")).toHaveCount(0);
  });

  test("iOS web clip (WEBCLIP=1): the bar stays (there is an iOS link), the profile entry goes", async ({ phone }) => {
    jsOnly();
    const page = await phone(IOS_SAFARI);
    await page.addInitScript(() => localStorage.setItem("WEBCLIP", "1"));
    await openWithOverlays(page, "/m/login");
    await bar(page).getByRole("link", { name: "Download" }).click();
    await expect(popup(page).getByRole("link", { name: "Download for iPhone / iPad" })).toBeVisible();
    await expect(popup(page).getByText("Quick install for iPhone (profile)")).toHaveCount(0);
  });

  test("close hides the bar for the session (and shows the app window)", async ({ phone, javaScriptEnabled }) => {
    const page = await phone(ANDROID_CHROME);
    if (javaScriptEnabled) await openWithOverlays(page, "/m/login");
    else await page.goto("/m/login");
    await bar(page).getByRole("button", { name: "Close the download bar" }).click();
    if (javaScriptEnabled) {
      await expect(popup(page)).toBeVisible();
      expect(await page.evaluate(() => sessionStorage.getItem("hideDownloadBar"))).toBe("1");
      await popup(page).getByRole("button", { name: "Close" }).click();
      await expect(popup(page)).toBeHidden();
    } else {
      await expect(page).toHaveURL(/\/m\/login$/);
    }
    await expect(page.locator(".download-bar")).toHaveCount(0);
    await page.goto("/m/home");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.locator(".download-bar")).toHaveCount(0);
    // A new browser session: the bar is back.
    const next = await phone(ANDROID_CHROME);
    await next.goto("/m/login");
    await expect(bar(next)).toBeVisible();
  });
});

test.describe("download bonus for members", () => {
  test("a member sees the personal promotion and the go-to-promotion button, which opens the promotion", async ({ page }) => {
    jsOnly();
    await addMemberSession(page.context(), "demo01", "demo1234");
    await page.goto("/m/member/home");
    await expect(bar(page).getByRole("img", { name: "App download bonus available" })).toBeVisible();
    await waitForHydration(page);
    await bar(page).getByRole("link", { name: "Download" }).click();
    // The go-to rules of the promotions pages (docs/behaviour/promotions.md#go-to-promotion): type 0, APP_DOWNLOAD
    // with a download entry for this device.
    await expect(popup(page).getByRole("heading", { name: "Download the app, get a bonus" })).toBeVisible();
    await popup(page).getByRole("link", { name: "Go to promotion" }).click();
    await expect(page).toHaveURL(/\/m\/activity\?id=APPDL-1$/);
    await expect(page.getByRole("article", { name: "App download bonus" })).toBeVisible();
  });

  test("a member of type 1 gets the go-to button too (the type-0 rule is REFERRAL's only)", async ({ page }) => {
    jsOnly();
    await addMemberSession(page.context(), "member1", "demo1234");
    await page.goto("/m/member/home");
    await waitForHydration(page);
    await bar(page).getByRole("link", { name: "Download" }).click();
    await expect(popup(page).getByRole("heading", { name: "Download the app, get a bonus" })).toBeVisible();
    await expect(popup(page).getByRole("link", { name: "Go to promotion" })).toHaveAttribute("href", "/m/activity?id=APPDL-1");
  });

  test("a restricted member (type 4) has no app-download promotion: no gift", async ({ page }) => {
    await addMemberSession(page.context(), "restricted01", "demo1234");
    await page.goto("/m/member/home");
    await expect(bar(page)).toBeVisible();
    await expect(bar(page).getByRole("img", { name: "App download bonus available" })).toHaveCount(0);
  });

  test("br777: no public promotion for visitors, a personal one for members", async ({ page }) => {
    await page.goto(urlOn("br.localhost", "/m/login"));
    await expect(bar(page)).toBeVisible();
    await expect(bar(page).getByRole("img", { name: "App download bonus available" })).toHaveCount(0);
    await addMemberSession(page.context(), "demo01", "demo1234", "br.localhost");
    await page.goto(urlOn("br.localhost", "/m/member/home"));
    await expect(bar(page).getByRole("img", { name: "App download bonus available" })).toBeVisible();
  });
});

test.describe("upgrade modal in the native app", () => {
  test("2.4.39: newer version → modal; update opens in the app; Later closes it", async ({ phone }) => {
    jsOnly();
    const page = await phone(nativeApp("2.4.39"));
    await page.goto("/m/home");
    const modal = page.getByRole("alertdialog", { name: "New version available" });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText("Version 2.5.0");
    const update = modal.getByRole("link", { name: "Update now" });
    await expect(update).toHaveAttribute("href", "/wps/sandbox-files/app/demo-play.apk");
    await expect(update).not.toHaveAttribute("target", /./);
    await modal.getByRole("button", { name: "Later" }).click();
    await expect(modal).toBeHidden();
  });

  test("below 2.4.39: the update opens outside the app (new window)", async ({ phone }) => {
    jsOnly();
    const page = await phone(nativeApp("2.4.5", IOS_SAFARI));
    await page.goto("/m/home");
    const update = page.getByRole("alertdialog", { name: "New version available" }).getByRole("link", { name: "Update now" });
    await expect(update).toHaveAttribute("href", "/wps/sandbox-files/app/demo-play-ios.html");
    await expect(update).toHaveAttribute("target", "_blank");
  });

  test("up to date: no modal", async ({ phone }) => {
    jsOnly();
    const page = await phone(nativeApp("2.5.0"));
    await page.goto("/m/home");
    await shellState(page, "upgrade-modal", "none");
    await expect(page.getByRole("alertdialog", { name: "New version available" })).toHaveCount(0);
  });
});

test.describe("image-download popup", () => {
  test.beforeEach(() => jsOnly());

  test("after 20 s on home: popup 1, then popup 2; Save downloads the image and remembers its name", async ({ phone }) => {
    const page = await phone(ANDROID_CHROME);
    await openOnPausedClock(page, "/m/home", "waiting");
    await page.clock.runFor(19_000);
    await expect(imagePopup(page)).toHaveCount(0);
    await page.clock.runFor(1_000);
    const first = imagePopup(page);
    await expect(first).toBeVisible();
    await expect(first.locator(".image-popup")).toHaveAttribute("data-group", "m_popup1");
    await expect(first.getByRole("img", { name: "App promotion image" })).toHaveAttribute(
      "src",
      "/wps/sandbox-files/banners/demo-get-the-app-v3.png",
    );
    const download = page.waitForEvent("download");
    await first.getByRole("button", { name: "Save image" }).click();
    expect((await download).suggestedFilename()).toBe("demo-get-the-app-v3.png");
    // Saving is recorded once the image has been fetched and handed over, a moment after the download starts.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("SHELL_downloadImage1"))).toBe("demo-get-the-app-v3.png");
    await expect(page.locator('.image-popup[data-group="m_popup2"]')).toBeVisible();
    await imagePopup(page).getByRole("button", { name: "Close the image" }).click();
    await expect(imagePopup(page)).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("SHELL_downloadImage"))).toBe("1");
  });

  test("dismissed this session: not again", async ({ phone }) => {
    const page = await phone(ANDROID_CHROME);
    await page.addInitScript(() => sessionStorage.setItem("SHELL_downloadImage", "1"));
    await openOnPausedClock(page, "/m/home", "skipped");
    await page.clock.runFor(25_000);
    // Still undecided to show: a timer that fired during the 25 s would have marked it "due".
    await shellState(page, "image-popup", "skipped");
    await expect(imagePopup(page)).toHaveCount(0);
  });

  test("the saved image is not offered again; a different one is", async ({ phone }) => {
    const page = await phone(ANDROID_CHROME);
    await page.addInitScript(() => {
      localStorage.setItem("SHELL_downloadImage1", "demo-get-the-app-v3.png");
      localStorage.setItem("SHELL_downloadImage2", "demo-lucky-draw-v0.png");
    });
    await openOnPausedClock(page, "/m/home", "waiting");
    await page.clock.runFor(20_000);
    await expect(page.locator('.image-popup[data-group="m_popup2"]')).toBeVisible();
    await expect(page.locator('.image-popup[data-group="m_popup1"]')).toHaveCount(0);
  });

  test("not on other pages, nor in an installed web app", async ({ phone }) => {
    const login = await phone(ANDROID_CHROME);
    await openOnPausedClock(login, "/m/login", "skipped");
    await login.clock.runFor(25_000);
    await shellState(login, "image-popup", "skipped");
    await expect(imagePopup(login)).toHaveCount(0);
    const installed = await phone(ANDROID_CHROME);
    await asInstalledApp(installed);
    await openOnPausedClock(installed, "/m/home", "skipped");
    await installed.clock.runFor(25_000);
    await shellState(installed, "image-popup", "skipped");
    await expect(imagePopup(installed)).toHaveCount(0);
  });
});

test.describe("download surfaces: screenshots", { tag: SCREENSHOT }, () => {
  test.beforeEach(() => jsOnly());
  // Finite animations (a dialog's entrance) are finished first: the picture shows where they end.
  const shot = (name: string, lang: string) => ({
    path: `test-results/screenshots/download-${name}-${lang}.png`,
    animations: "disabled" as const,
  });

  for (const lang of ["EN", "VI", "UR"] as const) {
    const file = lang.toLowerCase();
    test(`bar, popup, page ${lang}`, async ({ phone }) => {
      const page = await phone(IOS_SAFARI);
      await openWithOverlays(page, `/m/login?language=${lang}`);
      await page.screenshot(shot("bar", file));
      await page.locator(".download-bar .download-bar__download").click();
      await expect(page.locator(".download-bonus")).toBeVisible();
      await page.screenshot(shot("popup", file));
      const desk = await phone(IOS_SAFARI);
      await desk.goto(`/m/appDownload?language=${lang}`);
      await waitForHydration(desk);
      await desk.screenshot({ ...shot("page", file), fullPage: true });
    });

    test(`upgrade modal ${lang}`, async ({ phone }) => {
      const page = await phone(nativeApp("2.4.39"));
      await page.goto(`/m/home?language=${lang}`);
      await expect(page.locator(".upgrade-modal")).toBeVisible();
      await page.screenshot(shot("upgrade", file));
    });

    test(`image popup ${lang}`, async ({ phone }) => {
      const page = await phone(ANDROID_CHROME);
      await openOnPausedClock(page, `/m/home?language=${lang}`, "waiting");
      await page.clock.runFor(20_000);
      // (Not by role: the new texts are English-only until the translator's pass.)
      await expect(page.locator(".image-popup__image")).toBeVisible();
      await page.waitForFunction(() => (document.querySelector(".image-popup__image") as HTMLImageElement | null)?.complete === true);
      await page.screenshot(shot("image-popup", file));
    });
  }
});

test.describe("download surfaces: accessibility (axe)", () => {
  test.beforeEach(() => jsOnly());
  // The header's own known issues (tests/e2e/a11y.spec.ts) are not this feature's.
  const HEADER = ["#language-select", ".app-header__brand"];

  const serious = (page: Page) => seriousAxeFindings(page, { except: HEADER });

  test("bar, popup with the bonus, and the download page", async ({ phone }) => {
    const page = await phone(IOS_SAFARI);
    await openWithOverlays(page, "/m/login");
    expect(await serious(page)).toEqual([]);
    await bar(page).getByRole("link", { name: "Download" }).click();
    await expect(popup(page).getByRole("heading", { name: "Download the app, get a bonus" })).toBeVisible();
    // Half-faded text is not what a reader sees: the entrance animation first.
    await animationsFinished(page);
    expect(await serious(page)).toEqual([]);
    await page.goto("/m/appDownload");
    await waitForHydration(page);
    expect(await serious(page)).toEqual([]);
  });

  test("upgrade modal", async ({ phone }) => {
    const page = await phone(nativeApp("2.4.39"));
    await page.goto("/m/home");
    await expect(page.getByRole("alertdialog", { name: "New version available" })).toBeVisible();
    await animationsFinished(page);
    expect(await serious(page)).toEqual([]);
  });
});
