// The announcement popup carousel (docs/behaviour/announcements.md), with scripts and without, at 360×740.
import type { Page } from "@playwright/test";
import { EXCLUSIVE, expect, pauseClock, SCREENSHOT, test, urlOn, waitForHydration } from "./fixtures";
import { seriousAxeFindings } from "./support/axe";
import { addMemberSession } from "./support/member";
import { postJson, resetFaults } from "../support/http";

async function popupPhase(page: Page, phase: "waiting" | "none" | "shown" | "closed"): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-announcement-popup", phase);
}

/** Scripts on: the page on a paused clock, hydrated, the popup waiting for its schedule. */
async function openPaused(page: Page, url: string): Promise<void> {
  await pauseClock(page);
  await page.goto(url);
  await waitForHydration(page);
  await popupPhase(page, "waiting");
}

test.describe("announcement popup, scripts on", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the carousel needs scripts");

  test("a visitor sees the B announcements 1 s after the list, forceRead moves on, focus stays inside, Escape closes", async ({ page }) => {
    await openPaused(page, "/m/home");
    await page.clock.runFor(500 + 900);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.clock.runFor(200);
    const dialog = page.getByRole("dialog", { name: "Welcome to Demo Play" });
    await expect(dialog).toBeVisible();
    await popupPhase(page, "shown");
    await expect(dialog.getByText("1 of 3")).toBeVisible();

    // Focus trapped: tabbing never leaves the dialog.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      // Inside the dialog, or (between the last control and the first) on the browser's own controls: never the page.
      expect(await page.evaluate(() => document.activeElement === document.body || !!document.activeElement?.closest("dialog"))).toBe(true);
    }
    // axe with the popup open (axe needs running timers).
    await page.clock.resume();
    expect(await seriousAxeFindings(page)).toEqual([]);

    // forceRead: the first item's close goes on to the next one.
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog", { name: "Daily draw rules" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await popupPhase(page, "closed");
    expect(await page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(false);
  });

  test("before the page's scripts run: the popup in its HTML is hidden at 1.4 s, shown at 1.6 s but not modal, and I know it posts the dismissal form", async ({
    page,
  }) => {
    // The page's own scripts never arrive (a connection that drops, a browser that cannot run them): the popup the
    // server rendered is all there is (docs/behaviour/announcements.md#before-scripts).
    await page.route(/\/assets\/[^/]*\.js$/, (route) => route.abort());
    await pauseClock(page);
    await page.goto("/m/home");
    await page.clock.runFor(1_400);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.clock.runFor(200);
    const dialog = page.getByRole("dialog", { name: "Welcome to Demo Play" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(false);
    await dialog.getByRole("checkbox", { name: "Don't show again today" }).check();
    await dialog.getByRole("button", { name: "I know it" }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Demo Play" })).toBeVisible();
    // The edge now leaves the popup out: "hide today" came with the form.
    await expect(page.locator("dialog.popup")).toHaveCount(0);
  });

  test("a stylesheet that arrives 1 s late does not put the popup off: it is due 1.5 s after the page began to be read", async ({
    page,
  }) => {
    // An inline script after the stylesheet waits for it; on a slow network that is most of a second
    // (docs/behaviour/announcements.md#schedule).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/site-[^/]*\.css$/, async (route) => {
      await held;
      await route.continue();
    });
    await pauseClock(page);
    await page.goto("/m/home", { waitUntil: "commit" });
    await page.locator("dialog[data-appear-at]").waitFor({ state: "attached" });
    await page.clock.runFor(1_000);
    release();
    await waitForHydration(page);
    await page.clock.runFor(400);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(page.getByRole("dialog", { name: "Welcome to Demo Play" })).toBeVisible();
  });

  test("a box ticked in the popup before its code arrived is still ticked once the carousel takes the popup over", async ({ page }) => {
    // The carousel's code is held back until the box is ticked in the server's dialog.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/PopupCarousel-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/m/home");
    const dialog = page.getByRole("dialog", { name: "Welcome to Demo Play" });
    await dialog.getByRole("checkbox", { name: "Don't show again today" }).check();
    release();
    await popupPhase(page, "shown");
    await expect(dialog.getByRole("checkbox", { name: "Don't show again today" })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "Don't show again", exact: true })).not.toBeChecked();
  });

  test("the carousel's code not arriving: no popup, the home page stays, no page error", async ({ page }) => {
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    // As when the connection drops after the page loaded (docs/behaviour/announcements.md#carousel-unavailable).
    await page.route(/\/assets\/PopupCarousel-[^/]*\.js$/, (route) => route.abort());
    // The popup is in the page's HTML, and its code is asked for as the page hydrates: the failure may come before
    // "waiting" could be seen.
    await pauseClock(page);
    await page.goto("/m/home");
    await waitForHydration(page);
    await page.clock.runFor(500 + 1100);
    await popupPhase(page, "none");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Demo Play" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  /** Moves past the first item (it must be read), then taps Close in the page and says, in the same task, whether the dialog is still open. */
  async function closePopup(page: Page) {
    await page.getByRole("dialog", { name: "Welcome to Demo Play" }).getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog", { name: "Daily draw rules" })).toBeVisible();
    return page.evaluate(() => {
      const dialog = document.querySelector<HTMLDialogElement>("dialog.popup")!;
      const ended: string[] = [];
      (window as unknown as { ended: string[] }).ended = ended;
      dialog.addEventListener("animationend", (event) => ended.push(event.animationName));
      [...dialog.querySelectorAll("button")].find((button) => button.getAttribute("aria-label") === "Close")!.click();
      return { open: dialog.open, closing: dialog.classList.contains("popup--closing") };
    });
  }

  test("closing animates out: the dialog stays open as popup--closing until its animation ends, then closes", async ({ page }) => {
    await openPaused(page, "/m/home");
    // The suite runs with reduced motion (playwright.config.ts): this test is about the motion.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.clock.runFor(500 + 1100);
    await expect(page.getByRole("dialog", { name: "Welcome to Demo Play" })).toBeVisible();
    await popupPhase(page, "shown");
    expect(await closePopup(page)).toEqual({ open: true, closing: true });
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await popupPhase(page, "closed");
    expect(await page.evaluate(() => (window as unknown as { ended: string[] }).ended)).toContain("popup-out");
  });

  test("closing under reduced motion: the dialog closes at once, without the closing state", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" }); // as the suite's default, said here since it is the point
    await openPaused(page, "/m/home");
    await page.clock.runFor(500 + 1100);
    await expect(page.getByRole("dialog", { name: "Welcome to Demo Play" })).toBeVisible();
    await popupPhase(page, "shown");
    expect(await closePopup(page)).toEqual({ open: false, closing: false });
    await popupPhase(page, "closed");
  });

  test("the hostile announcement renders as text: no script runs, no request leaves for a foreign host", async ({ page }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      const host = new URL(request.url()).hostname;
      if (!host.endsWith("localhost") && host !== "127.0.0.1") foreign.push(request.url());
    });
    await openPaused(page, "/m/home");
    await page.clock.runFor(1_500);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await popupPhase(page, "shown");
    await dialog.getByRole("button", { name: "Previous announcement" }).click();
    await expect(page.getByRole("dialog", { name: /Security notice/ })).toBeVisible();
    await expect(dialog.getByText("Tap anywhere")).toBeVisible();
    const slide = dialog.getByRole("group", { name: /of 3/ });
    await expect(slide.locator("script, iframe, form, [style], [onerror], [onclick]")).toHaveCount(0);
    await expect(dialog.getByText("Claim your prize")).not.toHaveAttribute("href", /.*/);
    await expect(dialog.getByRole("link", { name: "Security help" })).toHaveAttribute("rel", "noopener noreferrer");
    await dialog.getByText("Tap anywhere").click();
    await page.clock.runFor(100);
    expect(
      await page.evaluate(() => (window as unknown as { __hostileAnnouncementRan?: boolean }).__hostileAnnouncementRan),
    ).toBeUndefined();
    expect(foreign).toEqual([]);
  });

  test("a member sees the A announcements as soon as the list is in, with go-to-activity on the promotion", async ({ page, context }) => {
    await addMemberSession(context, "demo01", "demo1234");
    await openPaused(page, "/m/home");
    await page.clock.runFor(500);
    const dialog = page.getByRole("dialog", { name: "Deposit bonus this week" });
    await expect(dialog).toBeVisible();
    await popupPhase(page, "shown");
    await expect(dialog.getByRole("link", { name: "Go to activity" })).toHaveAttribute("href", "/m/rewardCenter");
    await dialog.getByRole("button", { name: "Next announcement" }).click();
    await expect(page.getByRole("dialog", { name: "Scheduled maintenance" }).getByRole("button", { name: "I know it" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Welcome to Demo Play" })).toHaveCount(0);
  });

  test("the next announcement slides in over 250 ms, the previous one from the other side; not under reduced motion", async ({
    page,
    context,
  }) => {
    await addMemberSession(context, "demo01", "demo1234");
    // The tests run with reduced motion (playwright.config.ts); this one looks at the motion.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await openPaused(page, "/m/home");
    await page.clock.runFor(500);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveAccessibleName("Deposit bonus this week");
    await popupPhase(page, "shown");
    // The slide is a CSS animation (docs/behaviour/announcements.md#carousel): what the content shows is read from its style.
    const slide = () =>
      dialog.locator(".popup__content").evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.animationName} ${style.animationDuration}`;
      });
    await dialog.getByRole("button", { name: "Next announcement" }).click();
    await expect(dialog).toHaveAccessibleName("Scheduled maintenance");
    expect(await slide()).toBe("popup-from-next 0.25s");
    await dialog.getByRole("button", { name: "Previous announcement" }).click();
    await expect(dialog).toHaveAccessibleName("Deposit bonus this week");
    expect(await slide()).toBe("popup-from-previous 0.25s");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await slide()).toMatch(/^none /);
  });

  test("a first-time login also sees the F announcement", async ({ page, context }) => {
    await addMemberSession(context, "fresh01", "demo1234");
    await openPaused(page, "/m/home");
    await page.clock.runFor(500);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await popupPhase(page, "shown");
    await expect(dialog.getByText("1 of 3")).toBeVisible();
    await dialog.getByRole("button", { name: "Previous announcement" }).click();
    await expect(page.getByRole("dialog", { name: "Your first login" })).toBeVisible();
  });

  test("vn.localhost: a first-time login sees its A and F announcements in Vietnamese", async ({ page, context }) => {
    await addMemberSession(context, "fresh01", "demo1234", "vn.localhost");
    await openPaused(page, urlOn("vn.localhost", "/m/home?language=VI"));
    await page.clock.runFor(500);
    const dialog = page.getByRole("dialog", { name: "Thưởng nạp tiền tuần này" });
    await expect(dialog).toBeVisible();
    await popupPhase(page, "shown");
    await expect(dialog.getByText("1 trên 3")).toBeVisible();
    await dialog.getByRole("button", { name: "Thông báo trước" }).click();
    await expect(page.getByRole("dialog", { name: "Lần đăng nhập đầu tiên" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Chào mừng đến với VN88" })).toHaveCount(0);
  });

  test.describe("with motion allowed", () => {
    test.use({ reducedMotion: "no-preference" });

    test("the slides turn by themselves every 5 s, and not while the pointer is on them", async ({ page, context }) => {
      await addMemberSession(context, "demo01", "demo1234");
      await openPaused(page, "/m/home");
      await page.clock.runFor(500);
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: "Deposit bonus this week" })).toBeVisible();
      // Autoplay counts from when the popup is modal.
      await popupPhase(page, "shown");
      await page.clock.runFor(4_900);
      await expect(dialog.getByRole("heading", { name: "Deposit bonus this week" })).toBeVisible();
      await page.clock.runFor(200);
      await expect(dialog.getByRole("heading", { name: "Scheduled maintenance" })).toBeVisible();
      await dialog.getByRole("group").hover();
      await page.clock.runFor(6_000);
      await expect(dialog.getByRole("heading", { name: "Scheduled maintenance" })).toBeVisible();
    });
  });

  test("hide today lasts until the player's next local midnight", async ({ page }) => {
    await page.clock.install({ time: new Date(2026, 10, 24, 22, 0, 0) });
    await page.goto(urlOn("vn.localhost", "/m/home?language=VI"));
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await popupPhase(page, "shown");
    await dialog.getByRole("checkbox", { name: "Không hiển thị lại hôm nay" }).check();
    // The first item must be read: its close moves on; the second's closes.
    await dialog.getByRole("button", { name: "Đóng" }).click();
    await expect(page.getByRole("dialog", { name: "Luật xổ số hằng ngày" })).toBeVisible();
    await dialog.getByRole("button", { name: "Đóng" }).click();
    await popupPhase(page, "closed");

    await page.clock.setSystemTime(new Date(2026, 10, 24, 23, 59, 0));
    await page.reload();
    await popupPhase(page, "none");

    await page.clock.setSystemTime(new Date(2026, 10, 25, 0, 0, 30));
    await page.reload();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("screenshots with the popup open: EN, VI, UR", { tag: SCREENSHOT }, async ({ page }) => {
    for (const [url, file] of [
      ["/m/home?language=EN", "en"],
      [urlOn("vn.localhost", "/m/home?language=VI"), "vi"],
      ["/m/home?language=UR", "ur"],
    ] as const) {
      await openPaused(page, url);
      await page.clock.runFor(1_500);
      await expect(page.getByRole("dialog")).toBeVisible();
      await popupPhase(page, "shown");
      await page.screenshot({ path: `test-results/screenshots/announcement-popup-${file}.png` });
    }
  });
});

test.describe("announcement popup, do not show again", { tag: EXCLUSIVE }, () => {
  test.afterEach(async () => {
    await resetFaults("demo");
  });

  test("holds until the content changes (bottom confirm after 1 s)", async ({ page, context }) => {
    await addMemberSession(context, "demo01", "demo1234");
    await openPaused(page, "/m/home");
    // A member's popup opens once the list is looked at (500 ms).
    await page.clock.runFor(500);
    const dialog = page.getByRole("dialog", { name: "Deposit bonus this week" });
    await expect(dialog).toBeVisible();
    await popupPhase(page, "shown");
    await dialog.getByRole("checkbox", { name: "Don't show again", exact: true }).click();
    // The bottom confirm sheet comes 1 s after it is asked for (docs/decisions/0038-bottom-confirm.md), not before.
    const confirm = page.getByRole("alertdialog", { name: "Stop these announcements?" });
    await page.clock.runFor(999);
    await expect(confirm).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(confirm).toBeVisible();
    await page.clock.resume();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog.getByRole("checkbox", { name: "Don't show again", exact: true })).toBeChecked();
    await dialog.getByRole("button", { name: "Close" }).click();
    await popupPhase(page, "closed");

    await page.reload();
    await popupPhase(page, "none");

    const changed = await postJson("/__sandbox/announcements", {
      merchant: "demo",
      id: "demo-pu-maintenance",
      content: "<p>Payments pause on Monday instead.</p>",
    });
    expect(changed.status).toBe(200);
    await page.reload();
    await expect(page.getByRole("dialog", { name: "Deposit bonus this week" })).toBeVisible();
  });
});

test.describe("announcement popup, scripts off", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the server-rendered form");

  test("a visitor gets the B announcements in the page, sanitised, and the plain form dismisses them for today", async ({ page }) => {
    await page.goto(urlOn("vn.localhost", "/m/home?language=VI"));
    const dialog = page.getByRole("region", { name: "Thông báo" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Chào mừng đến với VN88" })).toBeVisible();
    await expect(dialog.locator("script, iframe, [onerror]")).toHaveCount(0);
    // The scripted popup in the same HTML stays out of sight: it has no scripts to come due by.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await dialog.getByRole("checkbox", { name: "Không hiển thị lại hôm nay" }).check();
    await dialog.getByRole("button", { name: "Tôi đã biết" }).click();
    await expect(page).toHaveURL(/\/m\/home\?language=VI$/);
    await expect(page.getByRole("region", { name: "Thông báo" })).toHaveCount(0);
  });

  test("a member sees A, a first-time login A and F (demo)", async ({ page, context }) => {
    await addMemberSession(context, "fresh01", "demo1234");
    await page.goto("/m/home");
    const dialog = page.getByRole("region", { name: "Announcements" });
    await expect(dialog.getByRole("heading", { name: "Deposit bonus this week" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Your first login" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Go to activity" })).toHaveAttribute("href", "/m/rewardCenter");
  });

  test("a first-time login on vn.localhost sees A and F in Vietnamese", async ({ page, context }) => {
    await addMemberSession(context, "fresh01", "demo1234", "vn.localhost");
    await page.goto(urlOn("vn.localhost", "/m/home?language=VI"));
    const dialog = page.getByRole("region", { name: "Thông báo" });
    await expect(dialog.getByRole("heading", { name: "Thưởng nạp tiền tuần này" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Lần đăng nhập đầu tiên" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Chào mừng đến với VN88" })).toHaveCount(0);
  });
});
