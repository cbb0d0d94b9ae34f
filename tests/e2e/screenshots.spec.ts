// Full-page 360×740 screenshots of the shell's pages in English, Vietnamese and Urdu, for review by eye:
// test-results/screenshots/<page>-<lang>.png, <page> one of home, home-catalogue, game, footer-member, minigame, minigame-open, maintenance, access-denied, 404-in-app,
// unconfigured-domain and <lang> one of en, vi, ur. Project "js" only (see playwright.config.ts).
import { EXCLUSIVE, expect, SCREENSHOT, test, urlOn, waitForHydration } from "./fixtures";
import { addMemberSession, openAsMember } from "./support/member";

// The announcement popup would cover the home page these tests use (docs/behaviour/announcements.md#tests).
test.use({ announcements: "dismissed" });

const LANGUAGES = [
  { code: "EN", file: "en", locale: "en-US", acceptLanguage: "en-US,en;q=0.9", dir: "ltr" },
  { code: "VI", file: "vi", locale: "vi-VN", acceptLanguage: "vi-VN,vi;q=0.9", dir: "ltr" },
  { code: "UR", file: "ur", locale: "ur-PK", acceptLanguage: "ur-PK,ur;q=0.9", dir: "rtl" },
] as const;

const shot = (name: string, lang: string) => ({ path: `test-results/screenshots/${name}-${lang}.png`, fullPage: true });

for (const language of LANGUAGES) {
  test.describe(`screenshots ${language.code}`, { tag: SCREENSHOT }, () => {
    test(`home ${language.code}`, async ({ page }) => {
      await page.goto(`/m/home?language=${language.code}`);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("dir", language.dir);
      await page.screenshot(shot("home", language.file));
    });

    test(`home catalogue ${language.code}`, async ({ page }) => {
      // Vietnamese on its own merchant (vn.localhost); the motion of the marquee and carousel is off (reduced motion).
      const host = language.code === "VI" ? "vn.localhost" : "demo.localhost";
      await page.goto(urlOn(host, `/m/home?language=${language.code}`));
      await waitForHydration(page);
      await expect(page.locator(".banners__image").first()).toHaveJSProperty("complete", true);
      await page.screenshot(shot("home-catalogue", language.file));
      await page.goto(urlOn(host, `/m/game?language=${language.code}`));
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("dir", language.dir);
      await page.screenshot(shot("game", language.file));
    });

    test(`footer navigation, member ${language.code}`, async ({ page }) => {
      await openAsMember(page, "demo01", `/m/home?language=${language.code}`);
      await waitForHydration(page);
      await expect(page.locator(".footer-nav__badge")).toBeVisible();
      // The viewport, not the full page: the navigation sticks to the bottom of the screen.
      await page.screenshot({ path: `test-results/screenshots/footer-member-${language.file}.png` });
    });

    test(`mini-game ${language.code}`, async ({ page }) => {
      await openAsMember(page, "demo01", `/m/home?language=${language.code}`);
      const box = page.locator(".minigame-box");
      await expect(box).toHaveAttribute("data-ready", "true");
      await page.screenshot({ path: `test-results/screenshots/minigame-${language.file}.png` });
      await box.click();
      await expect(page.locator("#minigame-panel")).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/minigame-open-${language.file}.png` });
    });

    test(`maintenance ${language.code}`, { tag: EXCLUSIVE }, async ({ page, faults }) => {
      await faults({ merchant: "demo", maintenance: {} });
      const response = await page.goto(`/m/home?language=${language.code}`);
      expect(response?.status()).toBe(503);
      await waitForHydration(page);
      await page.screenshot(shot("maintenance", language.file));
    });

    test(`access denied ${language.code}`, { tag: EXCLUSIVE }, async ({ page, faults }) => {
      await faults({ merchant: "demo", regionRestriction: true });
      const response = await page.goto(`/m/home?language=${language.code}`);
      expect(response?.status()).toBe(403);
      await waitForHydration(page);
      await page.screenshot(shot("access-denied", language.file));
    });

    test(`page not found ${language.code}`, async ({ page }) => {
      const response = await page.goto(`/m/no-such-page?language=${language.code}`);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await page.screenshot(shot("404-in-app", language.file));
    });

    test(`unconfigured domain ${language.code}`, async ({ browser }) => {
      const context = await browser.newContext({
        locale: language.locale,
        extraHTTPHeaders: { "Accept-Language": language.acceptLanguage },
      });
      try {
        const page = await context.newPage();
        const response = await page.goto(urlOn("unknown.localhost", "/m/home"));
        expect(response?.status()).toBe(404);
        await expect(page.locator("html")).toHaveAttribute("dir", language.dir);
        await expect(page.getByText("unknown.localhost")).toBeVisible();
        // The edge's page has no scripts to signal hydration, and its stylesheet blocks the first paint: text is laid
        // out (visible) before a frame exists, and a screenshot without a frame fails ("Unable to capture
        // screenshot"). Two animation frames mean the page has rendered one.
        await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
        await page.screenshot(shot("unconfigured-domain", language.file));
      } finally {
        await context.close();
      }
    });
  });
}

// Promotions pages (docs/behaviour/promotions.md): English on demo, Vietnamese on vn.localhost, Urdu right to left.
for (const [lang, host, dir] of [
  ["en", "demo.localhost", "ltr"],
  ["vi", "vn.localhost", "ltr"],
  ["ur", "demo.localhost", "rtl"],
] as const) {
  test.describe(`promotions screenshots ${lang}`, { tag: SCREENSHOT }, () => {
    const query = lang === "en" ? "" : `language=${lang.toUpperCase()}`;
    const at = (path: string) => urlOn(host, `${path}${path.includes("?") ? (query ? `&${query}` : "") : query ? `?${query}` : ""}`);
    // Members on demo only: one merchant's member pages are enough for review.
    for (const [name, path, member] of [
      ["activity", "/m/activity", false],
      ["activity-detail", `/m/activity?id=${host === "vn.localhost" ? "vn88" : "demo"}-login`, false],
      ["invite-friends", "/m/inviteFriends", false],
      ["invite-friends-member", "/m/inviteFriends", true],
      ["reward-center", "/m/rewardCenter", true],
      ["promo-sign-in", "/m/activity/signIn", true],
      ["promo-novice-task", "/m/activity/noviceTask", true],
      ["promo-rescue", "/m/activity/rescue", true],
      ["promo-voucher-center", "/m/voucherCenter", true],
      ["promo-leaderboard", "/m/leaderBoard", true],
      ["promo-benefits", "/m/member/benefits", true],
    ] as const) {
      if (member && host !== "demo.localhost") continue;
      test(`${name} ${lang}`, async ({ page, context }) => {
        if (member) await addMemberSession(context, "vip01", "demo1234");
        await page.goto(at(path));
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveAttribute("dir", dir);
        await page.screenshot(shot(name, lang));
      });
    }
  });
}
