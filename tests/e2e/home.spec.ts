import type { Page } from "@playwright/test";
import { collectErrors, expect, shellState, test, touchPage, urlOn, waitForHydration } from "./fixtures";

// The announcement popup would cover the home page these tests use (docs/behaviour/announcements.md#tests).
test.use({ announcements: "dismissed" });

/** The work the home page defers until after hydration has run and made its decisions. */
async function deferredWorkDone(page: Page): Promise<void> {
  await shellState(page, "install-prompt", "none");
  // Once the player touches the page, the download overlays and the shell layer (toasts, service worker, update check)
  // load, and the latter compares the build's manifests.
  await touchPage(page);
  await shellState(page, "download-overlays", "ready");
  await shellState(page, "image-popup", "waiting");
  await expect(page.locator(".mc-toasts")).toBeAttached();
  await expect(page.locator("html")).toHaveAttribute("data-update-check", /^(first|same)$/);
}

test.describe("home", () => {
  test("Demo Play home: brand heading, Log in and Register in English", async ({ page }) => {
    const response = await page.goto("/m/home");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Home · Demo Play");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Demo Play" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Register" })).toBeVisible();
    // The header's brand link leads home (its accessible name contains the brand).
    await expect(page.getByRole("banner").getByRole("link", { name: /Demo Play/ })).toHaveAttribute("href", "/m/home");
    await expect(page.getByLabel("Language")).toHaveValue("EN");
  });

  test.describe("a Vietnamese visitor on vn.localhost", () => {
    test.use({ locale: "vi-VN" });

    test("VN88 home: another brand, in Vietnamese", async ({ page }) => {
      const response = await page.goto(urlOn("vn.localhost", "/m/home"));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle("Trang chủ · VN88 Xổ Số");
      await expect(page.locator("html")).toHaveAttribute("lang", "vi");
      await expect(page.getByRole("heading", { level: 1, name: "Chào mừng đến với VN88 Xổ Số" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Đăng nhập" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Đăng ký" })).toBeVisible();
      await expect(page.getByText("Demo Play")).toHaveCount(0);
      await expect(page.getByLabel("Ngôn ngữ")).toHaveValue("VI");
    });
  });

  test("Urdu is right to left", async ({ page }) => {
    await page.goto("/m/home?language=UR");
    await expect(page.locator("html")).toHaveAttribute("lang", "ur");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "Demo Play میں خوش آمدید" })).toBeVisible();
    await expect(page.getByRole("link", { name: "لاگ اِن" })).toBeVisible();
    // Laid out right to left: the brand sits at the right edge of the header.
    const brand = await page
      .getByRole("banner")
      .getByRole("link", { name: /Demo Play/ })
      .boundingBox();
    expect(brand).not.toBeNull();
    expect(brand!.x + brand!.width).toBeGreaterThan(360 / 2);
  });

  test("an unknown path inside a merchant: Page not found, and Back to home works", async ({ page }) => {
    const response = await page.goto("/m/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Demo Play" })).toBeVisible();
  });

  test("no console errors on home", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "console errors come from scripts");
    const errors = collectErrors(page);
    await page.goto("/m/home");
    await waitForHydration(page);
    // Not "networkidle": the shell keeps talking to the platform (speed tests, service worker). Wait for the work
    // deferred to idle time instead: the download overlays' checks, the shell layer and its update check.
    await deferredWorkDone(page);
    // Navigate on the client too, so the router's data requests run; then until the router has finished.
    const data = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".data"));
    await page
      .getByRole("banner")
      .getByRole("link", { name: /Demo Play/ })
      .click();
    await data;
    await page.waitForFunction(
      () =>
        (window as unknown as { __remixRouter: { state: { navigation: { state: string } } } }).__remixRouter.state.navigation.state ===
        "idle",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Demo Play" })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
