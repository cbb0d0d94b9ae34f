// Every test here injects platform faults for a whole merchant: they run alone (see fixtures.ts), with and without scripts.
import { exclusiveBothWays, expect, scripts, test, urlOn, waitForHydration } from "./fixtures";

exclusiveBothWays("site status", () => {
  test.describe("maintenance and access denied", () => {
    test("maintenance page: heading, Retry and Contact us; Retry brings the site back once maintenance ends", async ({ page, faults }) => {
      await faults({ merchant: "demo", maintenance: {} });
      const response = await page.goto("/m/home");
      expect(response?.status()).toBe(503);
      await expect(page.getByRole("heading", { level: 1, name: "System maintenance" })).toBeVisible();
      await expect(page.getByText("We are sorry, the system is under maintenance.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Contact us" })).toBeVisible();
      const retry = page.getByRole("link", { name: "Retry" });
      await expect(retry).toBeVisible();
      // Nothing of the normal page behind it.
      await expect(page.getByRole("link", { name: "Log in" })).toHaveCount(0);

      await faults({ merchant: "demo", maintenance: null });
      await retry.click();
      await expect(page.getByRole("heading", { level: 1, name: "Welcome to Demo Play" })).toBeVisible();
    });

    test.describe("in Vietnamese", () => {
      test.use({ locale: "vi-VN" });
      test("vn.localhost maintenance page in Vietnamese with an English line", async ({ page, faults }) => {
        await faults({ merchant: "vn88", maintenance: {} });
        const response = await page.goto(urlOn("vn.localhost", "/m/home"));
        expect(response?.status()).toBe(503);
        await expect(page.getByRole("heading", { level: 1, name: "Bảo trì hệ thống" })).toBeVisible();
        await expect(page.getByText("We are sorry, the system is under maintenance.")).toBeVisible();
        await expect(page.getByRole("link", { name: "Thử lại" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Liên hệ chúng tôi" })).toBeVisible();
      });
    });

    test("access-denied page: heading, the visitor's IP and Contact us", async ({ page, faults }) => {
      await faults({ merchant: "demo", regionRestriction: true });
      const response = await page.goto("/m/home");
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
      await expect(page.getByText(/Your IP: \d{1,3}(\.\d{1,3}){3}/)).toBeVisible();
      await expect(page.getByRole("link", { name: "Contact us" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Retry" })).toHaveCount(0);
    });

    test("the language switcher still works on the maintenance page", async ({ page, faults, javaScriptEnabled }) => {
      await faults({ merchant: "demo", maintenance: {} });
      await page.goto("/m/home");
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("Language").selectOption({ label: "Tiếng Việt" });
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Bảo trì hệ thống" })).toBeVisible();
    });
  });

  test.describe("notice dialogs", () => {
    test("a platform error notice is a modal alert; Escape closes it, focus starts inside", async ({ page, faults, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "a modal needs showModal(); without scripts the dialog is in the page flow");
      await faults({ merchant: "demo", malformedJson: true });
      await page.goto("/m/home");
      await waitForHydration(page);
      const dialog = page.getByRole("alertdialog", { name: "Notice" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Something went wrong. Please try again.");
      await expect.poll(() => dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
      await expect(dialog.getByRole("button", { name: "Confirm" })).toBeFocused();
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
      // Modal: Tab keeps focus inside the dialog (the page behind is inert).
      await page.keyboard.press("Tab");
      await expect
        .poll(() => page.evaluate(() => document.activeElement === document.body || document.activeElement?.closest("dialog") !== null))
        .toBe(true);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      // The page under it is usable afterwards.
      await expect(page.getByRole("heading", { level: 1, name: "Welcome to Demo Play" })).toBeVisible();
      await page.getByRole("link", { name: "Log in" }).focus();
      await expect(page.getByRole("link", { name: "Log in" })).toBeFocused();
    });

    test("the notice closes with its Confirm button", async ({ page, faults }) => {
      await faults({ merchant: "demo", malformedJson: true });
      await page.goto("/m/home");
      const dialog = page.getByRole("alertdialog", { name: "Notice" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("heading", { level: 1, name: "Welcome to Demo Play" })).toBeVisible();
    });

    test("a notice closed before its script has arrived stays closed once it does", async ({ page, faults }) => {
      test.skip(scripts() === "no-js", "about the page's scripts arriving late");
      await faults({ merchant: "demo", malformedJson: true });
      // The notice's code loads only on a page that has one: held back until the player has answered the notice.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/assets/NoticeDialog-*.js", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/m/home");
      const dialog = page.getByRole("alertdialog", { name: "Notice" });
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await expect(dialog).toBeHidden();
      const loaded = page.waitForResponse(/\/assets\/NoticeDialog-.*\.js$/);
      release();
      await loaded;
      // React has taken the dialog over (its node carries React's fiber) and left it closed.
      await expect
        .poll(() =>
          page
            .locator("dialog[aria-labelledby='notice-title']")
            .evaluate((node) => Object.keys(node).some((k) => k.startsWith("__reactFiber"))),
        )
        .toBe(true);
      await expect(dialog).toBeHidden();
    });

    test("the service-unavailable notice (platform 500) is translated", async ({ page, faults }) => {
      await faults({ merchant: "demo", httpStatus: 500 });
      await page.goto("/m/home?language=VI");
      const dialog = page.getByRole("alertdialog", { name: "Thông báo" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Xác nhận" })).toBeVisible();
    });

    test("a 502 from the platform shows no notice", async ({ page, faults }) => {
      await faults({ merchant: "demo", httpStatus: 502 });
      await page.goto("/m/home");
      await expect(page.getByRole("heading", { level: 1, name: "Welcome to Demo Play" })).toBeVisible();
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
    });

    test("domain not available: a Notice with Retry and Customer service over the page", async ({ page, faults }) => {
      await faults({ merchant: "demo", domainUnavailable: true });
      await page.goto("/m/home");
      const dialog = page.getByRole("alertdialog", { name: "Notice" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("This address is not available right now.");
      await expect(dialog.getByRole("link", { name: "Customer service" })).toBeVisible();
      const retry = dialog.getByRole("link", { name: "Retry" });
      await expect(retry).toBeVisible();
      await faults({ merchant: "demo", domainUnavailable: false });
      await retry.click();
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1, name: "Welcome to Demo Play" })).toBeVisible();
    });
  });
});
