// Each customer-service button opens the entry of its position with the member's name parameters
// (docs/behaviour/support.md#cs-positions, #cs-name-params). The sandbox's chat page shows the type and parameters it got.
import type { Page } from "@playwright/test";
import { exclusiveBothWays, expect, test, urlOn } from "./fixtures";
import { dismissAnnouncements } from "./support/announcements";
import { addMemberSession, openAsMember } from "./support/member";

type Expected = { type: string; params: Record<string, string | null> };

const NONE = { name: null, category: null, visitorname: null, "CUSTOM!username": null };

/** Opens the link (a new tab, with or without scripts) and checks what the sandbox's chat page received. */
async function opensChat(page: Page, linkName: string, expected: Expected, within = page.locator("body")): Promise<void> {
  const link = within.getByRole("link", { name: linkName });
  await expect(link).toHaveAttribute("target", "_blank");
  const [chat] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await expect(chat.getByRole("heading", { level: 1, name: "Customer service (sandbox)" })).toBeVisible();
  await expect(chat.locator("[data-cs-type]")).toHaveText(expected.type);
  for (const [param, value] of Object.entries({ ...NONE, ...expected.params })) {
    await expect(chat.locator(`[data-param="${param}"]`), param).toHaveText(value ?? "(none)");
  }
  await chat.close();
}

test.describe("customer service from the footer", () => {
  test("a visitor: the HOME entry (LIVECHAT), no name", async ({ page }) => {
    await page.goto("/m/home");
    await opensChat(page, "Customer service", { type: "LIVECHAT", params: {} }, page.getByRole("contentinfo"));
  });

  test("a member: the MEMBER entry (COMM100VIP) with CUSTOM!username and the club label as category", async ({ page }) => {
    await openAsMember(page, "demo01");
    await opensChat(
      page,
      "Customer service",
      { type: "COMM100VIP", params: { "CUSTOM!username": "demo01", category: "Bronze" } },
      page.getByRole("contentinfo"),
    );
  });

  test.describe("in Vietnamese", () => {
    test.use({ locale: "vi-VN" });
    test("vn.localhost: a visitor's entry", async ({ page }) => {
      await page.goto(urlOn("vn.localhost", "/m/home"));
      await opensChat(page, "Chăm sóc khách hàng", { type: "LIVECHAT", params: {} }, page.getByRole("contentinfo"));
    });

    test("vn.localhost: a member's entry with the member's name", async ({ page }) => {
      await openAsMember(page, "demo01", "/m/home?language=VI", "vn.localhost");
      await opensChat(
        page,
        "Chăm sóc khách hàng",
        { type: "COMM100VIP", params: { "CUSTOM!username": "demo01", category: "Bronze" } },
        page.getByRole("contentinfo"),
      );
    });
  });
});

exclusiveBothWays("customer service on the site-status pages", () => {
  test("maintenance: AICAN with name and category", async ({ page, faults }) => {
    await addMemberSession(page.context(), "demo01", "demo1234");
    await dismissAnnouncements(page.context());
    await faults({ merchant: "demo", maintenance: {} });
    await page.goto("/m/home");
    await opensChat(page, "Contact us", { type: "AICAN", params: { name: "demo01", category: "Bronze" } });
  });

  test("access denied: MIDUOKE with visitorname", async ({ page, faults }) => {
    await addMemberSession(page.context(), "demo01", "demo1234");
    await dismissAnnouncements(page.context());
    await faults({ merchant: "demo", regionRestriction: true });
    await page.goto("/m/home");
    await opensChat(page, "Contact us", { type: "MIDUOKE", params: { visitorname: "demo01" } });
  });

  test("domain not available: COMM100 with CUSTOM!username", async ({ page, faults }) => {
    await addMemberSession(page.context(), "demo01", "demo1234");
    await dismissAnnouncements(page.context());
    await faults({ merchant: "demo", domainUnavailable: true });
    await page.goto("/m/home");
    await opensChat(page, "Customer service", { type: "COMM100", params: { "CUSTOM!username": "demo01" } }, page.getByRole("alertdialog"));
  });

  test("a visitor on the maintenance page: AICAN without a name", async ({ page, faults }) => {
    await faults({ merchant: "demo", maintenance: {} });
    await page.goto("/m/home");
    await opensChat(page, "Contact us", { type: "AICAN", params: {} });
  });
});
