// The footer navigation, the chat item and the unread badge (docs/behaviour/support.md#footer-nav, #chat-link,
// #unread-badge), with and without scripts (the js and no-js projects), at the configured 360×740.
import type { Route } from "@playwright/test";
import { exclusiveBothWays, expect, pauseClock, scripts, test, urlOn, waitForHydration } from "./fixtures";
import { openAsMember } from "./support/member";
import { setUnread } from "../support/http";

test.describe("footer navigation", () => {
  test("home, promotions, chat and member; the current page is marked", async ({ page }) => {
    await page.goto("/m/home");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Promotions", "Chat", "Member"]);
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Promotions" })).toHaveAttribute("href", "/m/activity");
    await expect(nav.getByRole("link", { name: "Promotions" })).not.toHaveAttribute("aria-current", "page");
  });

  test.describe("in Vietnamese", () => {
    test.use({ locale: "vi-VN" });
    test("vn.localhost (CBS3 off): no chat item", async ({ page }) => {
      await page.goto(urlOn("vn.localhost", "/m/home"));
      const nav = page.getByRole("navigation", { name: "Điều hướng chính" });
      await expect(nav.getByRole("link")).toHaveText(["Trang chủ", "Khuyến mãi", "Thành viên"]);
    });
  });
});

test.describe("the chat item", () => {
  test("a visitor logs in and the chat opens", async ({ page }) => {
    await page.goto("/m/home");
    if (scripts() === "js") await waitForHydration(page);
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Chat" }).click();
    await expect(page).toHaveURL(/\/m\/login\?redirectUrl=%2Fm%2Fchat%3Ffrom%3D%252Fm%252Fhome/);
    const redirectUrl = new URL(page.url()).searchParams.get("redirectUrl")!;
    // The username form of the same login page (demo shows the mobile form first).
    await page.goto(`/m/login?mode=username&redirectUrl=${encodeURIComponent(redirectUrl)}`);
    if (scripts() === "js") await waitForHydration(page);
    await page.locator("#login-username").fill("demo01");
    await page.locator("#login-password").fill("demo1234");
    await page.locator('#login-panel button[type="submit"]:not([aria-hidden="true"])').last().click();
    await expect(page).toHaveURL(/\/wps\/sandbox-pages\/chat\?/);
    await expect(page.locator("[data-cs-type]")).toHaveText("CBS");
    await expect(page.locator("[data-member]")).toHaveText("demo01");
  });

  test("a member: the item lights up and the chat opens", async ({ page }) => {
    await openAsMember(page, "demo01");
    const chat = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Chat" });
    if (scripts() === "js") {
      await waitForHydration(page);
      await chat.click();
      await expect(chat).toHaveAttribute("data-active", "true");
    } else {
      await chat.click();
    }
    await expect(page).toHaveURL(/\/wps\/sandbox-pages\/chat\?/);
    await expect(page.locator("[data-member]")).toHaveText("demo01");
    // The chat's Back link returns to the page the member came from.
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
  });

  test("a member's tap: the chat opens 500 ms after it, the item stays lit for 750 ms", async ({ page }) => {
    test.skip(scripts() !== "js", "the highlight and the delay are the page script's");
    await pauseClock(page);
    await openAsMember(page, "demo01");
    await waitForHydration(page);
    // The chat route answers 204 here (a navigation that goes nowhere), so the page stays to be looked at after it.
    const asked: string[] = [];
    await page.route("**/m/chat?*", (route: Route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 204 });
    });
    const chat = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Chat" });
    await chat.click();
    await expect(chat).toHaveAttribute("data-active", "true");
    await page.clock.runFor(499);
    expect(asked).toHaveLength(0);
    await page.clock.runFor(1);
    await expect.poll(() => asked.length).toBe(1);
    await page.clock.runFor(249);
    await expect(chat).toHaveAttribute("data-active", "true");
    await page.clock.runFor(1);
    await expect(chat).not.toHaveAttribute("data-active", "true");
  });

  test("a member of type 4 is told there is no permission, and stays", async ({ page }) => {
    await openAsMember(page, "restricted01");
    const chat = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Chat" });
    if (scripts() === "js") {
      await waitForHydration(page);
      await chat.click();
      const toast = page.locator(".mc-toasts").getByText("You do not have permission to use the chat.");
      await expect(toast).toBeVisible();
      await expect(page).toHaveURL(/\/m\/home$/);
      // It goes by itself (2 s).
      await expect(toast).toBeHidden();
    } else {
      await chat.click();
      await expect(page).toHaveURL(/\/m\/home\?chat=denied$/);
      await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("status")).toHaveText(
        "You do not have permission to use the chat.",
      );
    }
  });
});

exclusiveBothWays("the unread badge", () => {
  test("follows the sandbox's count and is hidden at 0", async ({ page, javaScriptEnabled, faults }) => {
    // faults: the reset at the end also restores the unread counts.
    await faults({ merchant: "demo" });
    await setUnread("demo", "demo01", 5);
    await openAsMember(page, "demo01");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    const badge = nav.locator(".footer-nav__badge");
    await expect(badge).toHaveText("5");
    await expect(nav.getByRole("link", { name: "Chat" })).toHaveAccessibleDescription("5 unread messages");

    await setUnread("demo", "demo01", 0);
    if (javaScriptEnabled) {
      await waitForHydration(page);
      // Coming back to the window refreshes it, once the item listens for that (its effect runs after hydration).
      await expect(nav.getByRole("link", { name: "Chat" })).toHaveAttribute("data-member-chat", "live");
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    } else {
      await page.reload();
    }
    await expect(badge).toHaveCount(0);

    await setUnread("demo", "demo01", 12);
    if (javaScriptEnabled) await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    else await page.reload();
    await expect(badge).toHaveText("12");
    await expect(nav.locator("[aria-live=polite]")).toHaveText("12 unread messages");
  });
});
