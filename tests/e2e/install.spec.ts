// Install prompts and the home-screen app (docs/decisions/0017): the modal on the browser's install event, the iOS
// add-to-home-screen sheet, WEBCLIP, the old-iOS restore, and Chromium's own installability check.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { collectErrors, expect, SCREENSHOT, shellState, test, touchPage, urlOn, waitForHydration } from "./fixtures";
import { seriousAxeFindings } from "./support/axe";
import { FULL_CHROMIUM } from "./support/browsers";

// The announcement popup would cover the home page these tests use (docs/behaviour/announcements.md#tests).
test.use({ announcements: "dismissed" });

const SCREENSHOTS = "test-results/screenshots";

const IOS_17 =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const IOS_12_1 =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 12_1_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1";
const IOS_CHROME =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1";
/** An iOS 12 home-screen app: no "Safari/" in its user agent. */
const IOS_12_STANDALONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/16B92";

/**
 * An init script: a synthetic `beforeinstallprompt` once the page has loaded (entry.client listens from its first
 * line), with a prompt() that records its calls and a userChoice of `outcome`.
 */
function fakeInstallEvent({ outcome: choice }: { outcome: string }) {
  const w = window as unknown as { __promptCalls: number; __installEventFired: boolean };
  w.__promptCalls = 0;
  window.addEventListener("load", () => {
    setTimeout(() => {
      const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
        prompt: () => Promise<void>;
        userChoice: Promise<{ outcome: string; platform: string }>;
      };
      event.prompt = async () => {
        w.__promptCalls += 1;
      };
      event.userChoice = Promise.resolve({ outcome: choice, platform: "web" });
      window.dispatchEvent(event);
      w.__installEventFired = true;
    }, 50);
  });
}

async function addFakeInstallEvent(page: Page, outcome: "accepted" | "dismissed" = "accepted") {
  await page.addInitScript(fakeInstallEvent, { outcome });
}

/** Makes the page look like an installed web app: display-mode standalone and navigator.standalone. */
async function pretendStandalone(page: Page) {
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      if (/display-mode:\s*standalone/.test(query)) {
        return {
          matches: true,
          media: query,
          onchange: null,
          addListener() {},
          removeListener() {},
          addEventListener() {},
          removeEventListener() {},
          dispatchEvent: () => false,
        } as MediaQueryList;
      }
      return original(query);
    };
    Object.defineProperty(Navigator.prototype, "standalone", { configurable: true, get: () => true });
  });
}

/** Screenshots once the icons have loaded and without the entry animations. */
async function shoot(page: Page, name: string) {
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, animations: "disabled" });
}

/** Serious or critical axe findings inside the given element (the page behind a modal is another test's business). */
const axeFindings = (page: Page, selector: string) => seriousAxeFindings(page, { within: [selector] });

const sessionValue = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);
const localValue = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test.describe("install modal behind the announcement popup", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the prompts are JavaScript");
  test.use({ announcements: "shown" });

  test("waits while the announcement popup is open (install-prompt 'waiting', one dialog open), then appears once it is closed", async ({
    page,
  }) => {
    await addFakeInstallEvent(page);
    await page.goto("/m/home");
    const popup = page.getByRole("dialog", { name: "Welcome to Demo Play" });
    await expect(popup).toBeVisible();
    await shellState(page, "install-prompt", "waiting");
    expect(await page.evaluate(() => document.querySelectorAll("dialog[open]").length)).toBe(1);
    await popup.getByRole("button", { name: "Close" }).click(); // the first item must be read: on to the next
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: /Welcome to Demo Play|Daily draw rules/ })).toHaveCount(0);
    await expect(page.getByRole("dialog", { name: "Install Demo Play" })).toBeVisible();
    await shellState(page, "install-prompt", "modal");
  });
});

test.describe("install prompts", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the prompts are JavaScript");

  test("the install modal appears on the browser's install event on /m/home; Not now sets the session skip flag", async ({ page }) => {
    const errors = collectErrors(page);
    const failed: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(response.url());
    });
    await addFakeInstallEvent(page);
    await page.goto("/m/home");
    const dialog = page.getByRole("dialog", { name: "Install Demo Play" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Add Demo Play to your home screen.")).toBeVisible();
    await expect(dialog.getByRole("img")).toHaveCount(0); // the icon is decorative (alt="")
    await shoot(page, "install-modal-EN");
    expect(await axeFindings(page, ".install-modal")).toEqual([]);
    await dialog.getByRole("button", { name: "Not now" }).click();
    await expect(dialog).toBeHidden();
    expect(await sessionValue(page, "PWA_skipA2HS")).toBe("1");
    // Declined for this session: the next install event on a reload shows nothing.
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { __installEventFired?: boolean }).__installEventFired === true);
    // The prompts have the event and hold it back (declined this session).
    await shellState(page, "install-prompt", "suppressed");
    await expect(page.getByRole("dialog", { name: "Install Demo Play" })).toHaveCount(0);
    // The update check's second asset manifest (/mobile/mc/…) is another app's and may be missing: not ours to judge.
    expect(errors.filter((e) => !e.includes("Failed to load resource") && !e.includes("asset-manifest"))).toEqual([]);
    expect(failed.filter((url) => !url.includes("asset-manifest"))).toEqual([]);
  });

  test("Install asks the browser (prompt()) and closes; Escape also declines", async ({ page }) => {
    await addFakeInstallEvent(page);
    await page.goto("/m/index.html");
    const dialog = page.getByRole("dialog", { name: "Install Demo Play" });
    await dialog.getByRole("button", { name: "Install" }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __promptCalls: number }).__promptCalls)).toBe(1);
    expect(await sessionValue(page, "PWA_skipA2HS")).toBeNull();

    const second = await page.context().newPage();
    await addFakeInstallEvent(second);
    await second.goto("/m/home");
    await expect(second.getByRole("dialog", { name: "Install Demo Play" })).toBeVisible();
    // Rendered open first, then made modal by an effect after the paint: Escape closes only a modal dialog.
    await expect.poll(() => second.getByRole("dialog", { name: "Install Demo Play" }).evaluate((d) => d.matches(":modal"))).toBe(true);
    await second.keyboard.press("Escape");
    await expect(second.getByRole("dialog", { name: "Install Demo Play" })).toBeHidden();
    // The dialog hides at once; its "close" event (which records the choice) follows as a separate task.
    await expect.poll(() => sessionValue(second, "PWA_skipA2HS")).toBe("1");
  });

  test("a dismissed browser prompt counts as declined for the session", async ({ page }) => {
    await addFakeInstallEvent(page, "dismissed");
    await page.goto("/m/home");
    await page.getByRole("dialog", { name: "Install Demo Play" }).getByRole("button", { name: "Install" }).click();
    await expect.poll(() => sessionValue(page, "PWA_skipA2HS")).toBe("1");
  });

  test("no install modal on /m/login", async ({ page }) => {
    await addFakeInstallEvent(page);
    await page.goto("/m/login");
    await page.waitForFunction(() => (window as unknown as { __installEventFired?: boolean }).__installEventFired === true);
    await shellState(page, "install-prompt", "suppressed");
    await expect(page.getByRole("dialog", { name: "Install Demo Play" })).toHaveCount(0);
  });

  test("no install modal in an installed web app", async ({ page }) => {
    await pretendStandalone(page);
    await addFakeInstallEvent(page);
    await page.goto("/m/home?homescreen=1");
    await page.waitForFunction(() => (window as unknown as { __installEventFired?: boolean }).__installEventFired === true);
    await shellState(page, "install-prompt", "suppressed");
    await expect(page.getByRole("dialog", { name: "Install Demo Play" })).toHaveCount(0);
  });

  test("the modal shows on the event after a client-side navigation to /m/home", async ({ page }) => {
    await addFakeInstallEvent(page);
    await page.goto("/m/login");
    await waitForHydration(page);
    await page.waitForFunction(() => (window as unknown as { __installEventFired?: boolean }).__installEventFired === true);
    await page.getByRole("link", { name: "Demo Play", exact: true }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByRole("dialog", { name: "Install Demo Play" })).toBeVisible();
  });
});

test.describe("iOS add-to-home-screen sheet", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the sheet is JavaScript");

  test.describe("iOS 17 Safari", () => {
    test.use({ userAgent: IOS_17, isMobile: true, hasTouch: true });

    test("shows the share instructions and the profile download on /m/home; closing sets the skip flag", async ({ page }) => {
      await page.goto("/m/home");
      const sheet = page.getByRole("dialog", { name: "Add Demo Play to your Home Screen" });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByText("Tap the Share button in the toolbar of Safari.")).toBeVisible();
      await expect(sheet.getByRole("img", { name: "Share button" })).toBeVisible();
      await expect(sheet.getByText("Scroll down and tap “Add to Home Screen”.")).toBeVisible();
      await expect(sheet.getByText(/older than 12\.2/)).toHaveCount(0);
      await expect(sheet.getByRole("link", { name: "Download the profile" })).toHaveAttribute("href", "/m/appDownload?language=EN&tokens");
      await expect(sheet.getByRole("button", { name: "Close" })).toBeFocused();
      await shoot(page, "install-ios-sheet-EN");
      expect(await axeFindings(page, ".a2hs-sheet")).toEqual([]);
      await sheet.getByRole("button", { name: "Close" }).click();
      await expect(sheet).toBeHidden();
      expect(await sessionValue(page, "PWA_skipA2HS")).toBe("1");
      await page.reload();
      await shellState(page, "install-prompt", "none");
      await expect(page.getByRole("dialog", { name: "Add Demo Play to your Home Screen" })).toHaveCount(0);
    });

    test("keeps focus inside and closes on Escape", async ({ page }) => {
      await page.goto("/m/home");
      const sheet = page.getByRole("dialog", { name: "Add Demo Play to your Home Screen" });
      await expect(sheet.getByRole("button", { name: "Close" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(sheet.getByRole("link", { name: "Download the profile" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(sheet.getByRole("button", { name: "Close" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
    });

    test("no profile button for a merchant without a MOBILECONFIG link (vn88)", async ({ page }) => {
      await page.goto(urlOn("vn.localhost", "/m/home?language=EN"));
      const sheet = page.getByRole("dialog", { name: "Add VN88 Xổ Số to your Home Screen" });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole("link", { name: "Download the profile" })).toHaveCount(0);
    });

    test("not on /m/login, unless the download popup asks for the guide", async ({ page }) => {
      await page.goto("/m/login");
      await shellState(page, "install-prompt", "none");
      const sheet = page.getByRole("dialog", { name: "Add Demo Play to your Home Screen" });
      await expect(sheet).toHaveCount(0);
      await page.evaluate(() => window.dispatchEvent(new Event("mc:show-a2hs")));
      await expect(sheet).toBeVisible();
    });

    test("not in the home-screen app itself; WEBCLIP is 0 when launched with ?homescreen=1", async ({ page }) => {
      await pretendStandalone(page);
      await page.goto("/m/home?homescreen=1");
      await waitForHydration(page);
      await expect.poll(() => localValue(page, "WEBCLIP")).toBe("0");
      await shellState(page, "install-prompt", "none");
      await expect(page.getByRole("dialog", { name: "Add Demo Play to your Home Screen" })).toHaveCount(0);
    });

    test("WEBCLIP is 1 when running installed without the homescreen query (a web clip)", async ({ page }) => {
      await pretendStandalone(page);
      await page.goto("/m/home");
      await waitForHydration(page);
      await expect.poll(() => localValue(page, "WEBCLIP")).toBe("1");
    });
  });

  test.describe("iOS 12.1 Safari", () => {
    test.use({ userAgent: IOS_12_1, isMobile: true, hasTouch: true });

    test("shows the legacy tips below iOS 12.2", async ({ page }) => {
      await page.goto("/m/home");
      const sheet = page.getByRole("dialog", { name: "Add Demo Play to your Home Screen" });
      await expect(sheet.getByText("Your iOS is older than 12.2.", { exact: false })).toBeVisible();
      await expect(sheet.getByText("Links to other websites open in Safari.")).toBeVisible();
      await expect(sheet.getByText("Tap the Share button in the toolbar of Safari.")).toBeVisible();
      await shoot(page, "install-ios-legacy-sheet-EN");
      expect(await axeFindings(page, ".a2hs-sheet")).toEqual([]);
    });
  });

  test.describe("Chrome on iOS", () => {
    test.use({ userAgent: IOS_CHROME, isMobile: true, hasTouch: true });

    test("gets no sheet (only Safari can add to the home screen)", async ({ page }) => {
      await page.goto("/m/home");
      await shellState(page, "install-prompt", "none");
      await expect(page.getByRole("dialog", { name: "Add Demo Play to your Home Screen" })).toHaveCount(0);
    });
  });
});

test.describe("old iOS home-screen app", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JavaScript restore");
  test.use({ userAgent: IOS_12_STANDALONE, isMobile: true, hasTouch: true });

  test("remembers the last page and goes back to it on the next launch", async ({ page, context }) => {
    await pretendStandalone(page);
    await page.goto("/m/register");
    await waitForHydration(page);
    await expect.poll(() => localValue(page, "MC_lastPath")).toBe("/m/register");
    await page.close();
    // iOS restarts the app: a fresh page (empty session storage) at the start URL.
    const relaunched = await context.newPage();
    await pretendStandalone(relaunched);
    await relaunched.goto("/m/home?homescreen=1");
    await expect(relaunched).toHaveURL(/\/m\/register$/);
  });

  test("a 401 on the member renew clears the stored state and goes to /m/home", async ({ page }) => {
    await pretendStandalone(page);
    await page.addInitScript(() => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("MC_lastPath", "/m/register");
      localStorage.setItem("MC_SESSION_INFO", JSON.stringify({ userName: "demo01", merchantCode: "demo" }));
    });
    const renew = page.waitForResponse((r) => r.url().includes("/wps/member/info"));
    await page.goto("/m/register");
    expect((await renew).status()).toBe(401);
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect.poll(() => localValue(page, "MC_SESSION_INFO")).toBeNull();
    await expect.poll(() => localValue(page, "MC_lastPath")).not.toBe("/m/register");
  });
});

test.describe("installability", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "needs the service worker");
  test.use({ serviceWorkers: "allow" });

  for (const host of ["demo.localhost", "vn.localhost"]) {
    test(`Chromium reports no installability errors on ${host}`, async ({ playwright }) => {
      // A persistent profile: Playwright's default contexts are incognito, which Chromium never installs from.
      const profile = mkdtempSync(path.join(tmpdir(), "install-profile-"));
      const context = await playwright.chromium.launchPersistentContext(profile, {
        // The full browser: the headless shell judges no installability, and reports no errors even for a page
        // without a manifest (decision 0060).
        ...FULL_CHROMIUM,
        viewport: { width: 360, height: 740 },
        reducedMotion: "reduce",
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        const cdp = await context.newCDPSession(page);
        const installabilityErrors = async () =>
          (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors.map((e) => e.errorId);
        // First a page that is not installable, so that this browser is seen to judge installability at all.
        await page.goto(urlOn(host, "/m/icons/192.png"));
        await expect.poll(installabilityErrors).toContain("no-manifest");
        await page.goto(urlOn(host, "/m/home"));
        // The service worker is registered once the player first touches the page.
        await touchPage(page);
        await page.evaluate(() => navigator.serviceWorker?.ready);
        const manifest = await cdp.send("Page.getAppManifest");
        expect(manifest.errors).toEqual([]);
        await expect.poll(installabilityErrors, { timeout: 15_000 }).toEqual([]);
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    });
  }
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "no-JavaScript page");

  test("the page still links the manifest and shows no install UI", async ({ page }) => {
    await page.goto("/m/home");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/m/manifest.webmanifest");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("screenshots in Vietnamese and Urdu", { tag: SCREENSHOT }, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JavaScript surfaces");

  for (const language of ["VI", "UR"]) {
    test(`install modal in ${language}`, async ({ page }) => {
      await addFakeInstallEvent(page);
      await page.goto(`/m/home?language=${language}`);
      await expect(page.getByRole("dialog")).toBeVisible();
      await shoot(page, `install-modal-${language}`);
    });

    for (const [variant, userAgent] of [
      ["sheet", IOS_17],
      ["legacy-sheet", IOS_12_1],
    ] as const) {
      test(`iOS ${variant} in ${language}`, async ({ browser }) => {
        const context = await browser.newContext({
          userAgent,
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        await page.goto(urlOn("demo.localhost", `/m/home?language=${language}`));
        await expect(page.getByRole("dialog")).toBeVisible();
        await shoot(page, `install-ios-${variant}-${language}`);
        await context.close();
      });
    }
  }
});
