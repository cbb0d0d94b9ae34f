import { expect, test, waitForHydration } from "./fixtures";

// The announcement popup would cover the home page these tests use (docs/behaviour/announcements.md#tests).
test.use({ announcements: "dismissed" });

test.describe("language switcher", () => {
  test("JavaScript on: choosing Tiếng Việt switches the page and the choice persists", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the no-js project uses the Apply button");
    await page.goto("/m/home");
    await waitForHydration(page);
    // No Apply button with scripts: the select submits on change.
    await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);
    await page.getByLabel("Language").selectOption({ label: "Tiếng Việt" });
    await expect(page.getByRole("heading", { level: 1, name: "Chào mừng đến với Demo Play" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "vi");
    await expect(page.getByLabel("Ngôn ngữ")).toHaveValue("VI");
    await expect(page).toHaveURL(/\/m\/home$/);

    // Persists across navigation: another page, a link back, a fresh load.
    await page.goto("/m/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: "Không tìm thấy trang" })).toBeVisible();
    await page.getByRole("link", { name: "Về trang chủ" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Chào mừng đến với Demo Play" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("link", { name: "Đăng nhập" })).toBeVisible();
  });

  test("JavaScript off: choosing a language and pressing Apply switches the page and the choice persists", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "the Apply button exists only without scripts");
    await page.goto("/m/home");
    await page.getByLabel("Language").selectOption({ label: "Tiếng Việt" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "Chào mừng đến với Demo Play" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "vi");
    await expect(page.getByRole("button", { name: "Áp dụng" })).toBeVisible();

    await page.goto("/m/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: "Không tìm thấy trang" })).toBeVisible();
    await page.getByRole("link", { name: "Về trang chủ" }).click();
    await expect(page.getByRole("link", { name: "Đăng nhập" })).toBeVisible();
  });

  test("?language=UR selects Urdu, and switching back to English from the switcher works", async ({ page, javaScriptEnabled }) => {
    await page.goto("/m/home?language=UR");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel("زبان").selectOption({ label: "English" });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "لاگو کریں" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Demo Play" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    // The ?language= of the address no longer overrides the choice.
    await expect(page).toHaveURL(/\/m\/home$/);
  });
});
