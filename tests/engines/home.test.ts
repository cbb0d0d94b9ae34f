// The home page of two merchants renders and hydrates in WebKit and Firefox: the brand, the banner carousel turning
// (docs/behaviour/home.md), the language switch posting and the page answering in the new language; no uncaught
// script error (asserted after each test by support/suite.ts).
import { expect, it } from "vitest";
import { arriveWithPopupDismissed } from "./support/announcements";
import { expectTitle, expectUrl, expectVisible, valueOf, waitForHydration, waitForPage } from "./support/engines";
import { engineSuite } from "./support/suite";

const carousel = { role: "region", name: "Featured" } as const;
const dot = (n: number) => ({ role: "button", name: `Show banner ${n}`, within: carousel }) as const;

/** Which banner the carousel's dots say is shown (1-based: the current dot's place among the dots), 0 when none. */
const currentBanner = `() => {
  const dot = document.querySelector('section[aria-roledescription] button[aria-current="true"]');
  return dot ? Array.from(dot.parentElement.querySelectorAll("button")).indexOf(dot) + 1 : 0;
}`;

engineSuite("home", ({ page }) => {
  it("Demo Play home hydrates; Next banner turns the carousel; choosing Tiếng Việt answers in Vietnamese", async () => {
    await arriveWithPopupDismissed(page(), "demo.localhost");
    await expectTitle(page(), "Home · Demo Play");
    await expectVisible(page(), { role: "heading", level: 1, name: "Welcome to Demo Play" });
    await expectVisible(page(), { role: "link", name: "Log in" });
    await waitForHydration(page());

    await expectVisible(page(), dot(1));
    expect(await page().evaluate<number>(currentBanner)).toBe(1);
    await page().click({ role: "button", name: "Next banner", within: carousel });
    await waitForPage(page(), "the second banner", `() => (${currentBanner})() === 2`);
    await page().click(dot(4));
    await waitForPage(page(), "the fourth banner", `() => (${currentBanner})() === 4`);

    // With scripts the select posts on change (no Apply button).
    await page().select({ label: "Language" }, "Tiếng Việt");
    await expectVisible(page(), { role: "heading", level: 1, name: "Chào mừng đến với Demo Play" });
    await waitForPage(page(), 'lang="vi"', `() => document.documentElement.lang === "vi"`);
    expect(await valueOf(page(), { label: "Ngôn ngữ" })).toBe("VI");
    await expectUrl(page(), /\/m\/home$/);
    // The choice holds on a fresh load.
    await page().reload();
    await expectVisible(page(), { role: "link", name: "Đăng nhập" });
  });

  it("VN88 home hydrates in Vietnamese; switching to English answers in English", async () => {
    await arriveWithPopupDismissed(page(), "vn.localhost", "/m/home?language=VI");
    await expectTitle(page(), "Trang chủ · VN88 Xổ Số");
    await expectVisible(page(), { role: "heading", level: 1, name: "Chào mừng đến với VN88 Xổ Số" });
    await waitForHydration(page());
    await page().click({ role: "button", name: "Biểu ngữ tiếp theo", within: { role: "region", name: "Nổi bật" } });
    await waitForPage(page(), "the second banner", `() => (${currentBanner})() === 2`);
    await page().select({ label: "Ngôn ngữ" }, "English");
    await expectVisible(page(), { role: "heading", level: 1, name: "Welcome to VN88 Xổ Số" });
    await waitForPage(page(), 'lang="en"', `() => document.documentElement.lang === "en"`);
  });
});
