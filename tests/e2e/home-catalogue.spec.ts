// The home catalogue in the browser (docs/behaviour/home.md): banners, marquee and lanes for a visitor on demo and vn, where
// each banner linkage lands, a lottery banner through the login page and back, a vendor card's launch, the carousel's
// controls and autoplay (fake clock), reduced motion, the member's home, /m/game, and axe. JavaScript on and off.
import type { Page } from "@playwright/test";
import { expect, pauseClock, scripts, test, urlOn, waitForHydration } from "./fixtures";
import { dismissAnnouncements } from "./support/announcements";
import { seriousAxeFindings } from "./support/axe";
import { addMemberSession } from "./support/member";

// The announcement popup (tests/e2e/announcements.spec.ts) would cover the catalogue: these tests arrive with it dismissed.
test.use({ announcements: "dismissed" });

/** The game lanes' section, labelled by its "Games" heading (the promotions strip has level-3 headings too). */
const lanes = (page: Page, name = "Games") => page.getByRole("region", { name, exact: true });
const carousel = (page: Page) => page.getByRole("region", { name: "Featured" });
const slide = (page: Page, name: string | RegExp) => carousel(page).getByRole("link", { name });
async function asMember(page: Page): Promise<void> {
  await addMemberSession(page.context(), "demo01", "demo1234");
  // The member's own announcements (audience A) are another set than the visitor's.
  await dismissAnnouncements(page.context());
}

async function openHome(page: Page, url = "/m/home"): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  if (scripts() === "js") await waitForHydration(page);
}

test.describe("a visitor's home catalogue", () => {
  test("demo: banners, the marquee and the lanes", async ({ page }) => {
    await openHome(page);
    await expect(carousel(page)).toHaveAttribute("aria-roledescription", "carousel");
    await expect(carousel(page).getByRole("group", { name: "1 of 5" })).toBeVisible();
    await expect(slide(page, "First deposit bonus: 100% up to 500")).toBeVisible();
    const marquee = page.getByRole("region", { name: "Latest news" });
    await expect(marquee.getByRole("listitem").first()).toHaveText(
      "Weekend jackpot: double prizes on every lottery draw this Saturday and Sunday.",
    );
    // Screen readers get each text once: the moving copy is hidden from them.
    await expect(marquee.getByRole("listitem")).toHaveCount(3);
    await expect(page.getByRole("heading", { level: 2, name: "Games" })).toBeVisible();
    await expect(lanes(page).getByRole("heading", { level: 3 })).toHaveText(["Lottery", "Slots", "Card games"]);
    await expect(page.getByRole("link", { name: "Demo Lottery" })).toBeVisible();
    await expect(page.getByRole("link", { name: "See all Slots" })).toHaveAttribute("href", "/m/game?category=SLOTS");
    // The carousel keeps its 12:5 box whatever the picture does.
    const box = await carousel(page).getByRole("group", { name: "1 of 5" }).boundingBox();
    expect(Math.round((box!.width / box!.height) * 5)).toBe(12);
  });

  test.describe("on vn.localhost in Vietnamese", () => {
    test.use({ locale: "vi-VN" });
    test("its own banners and marquee, the Vietnam lottery lane first", async ({ page }) => {
      await openHome(page, urlOn("vn.localhost", "/m/home"));
      await expect(
        page.getByRole("region", { name: "Nổi bật" }).getByRole("link", { name: "Xổ số miền Bắc, quay lúc 18:15 hằng ngày" }),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: "Tin mới nhất" }).getByRole("listitem").first()).toHaveText(
        "Kết quả xổ số miền Bắc công bố lúc 18:15 hằng ngày.",
      );
      await expect(lanes(page, "Trò chơi").getByRole("heading", { level: 3 }).first()).toHaveText("Xổ số Việt Nam");
    });
  });

  test("a P banner opens the promotion by its id, which shows that promotion's title", async ({ page }) => {
    await openHome(page);
    await slide(page, "First deposit bonus: 100% up to 500").click();
    await expect(page).toHaveURL(urlOn("demo.localhost", "/m/activity?id=demo-first-deposit"));
    await expect(page.getByRole("heading", { level: 1, name: "First deposit bonus" })).toBeVisible();
  });

  test("a URL banner inside the product navigates here", async ({ page }) => {
    await openHome(page);
    await slide(page, "Every slot game in one place").click();
    await expect(page).toHaveURL(urlOn("demo.localhost", "/m/game?category=SLOTS"));
    await expect(page.getByRole("heading", { level: 1, name: "Slots" })).toBeVisible();
  });

  test("a URL banner elsewhere opens a new tab without access to this one", async ({ page }) => {
    await openHome(page);
    const external = slide(page, /partner cup/);
    await expect(external).toHaveAttribute("href", "https://partner.example.com/cup");
    await expect(external).toHaveAttribute("target", "_blank");
    await expect(external).toHaveAttribute("rel", "noopener noreferrer");
    await expect(external).toContainText("(opens in a new tab)");
  });

  test("a lottery banner sends a visitor through the login page, and back to the launch", async ({ page }) => {
    await openHome(page);
    await slide(page, "Play the daily lottery").click();
    await expect(page).toHaveURL(/\/m\/login\?redirectUrl=/);
    expect(new URL(page.url()).searchParams.get("redirectUrl")).toBe("/m/launchGame?vendor=LOTT&code=VN_HN");
    if (scripts() === "js") await waitForHydration(page);
    await page.getByRole("textbox", { name: "Username" }).fill("demo01");
    await page.getByLabel("Password", { exact: true }).fill("demo1234");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/wps\/sandbox-pages\/game\?/, { timeout: 15_000 });
    const details = page.locator("dl");
    await expect(details).toContainText("LOTT");
    await expect(details).toContainText("VN_HN");
  });

  test("/m/game: a lane in full, an unknown category says so", async ({ page }) => {
    await page.goto("/m/game?category=CARDS");
    await expect(page.getByRole("heading", { level: 1, name: "Card games" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Kaiyuan Cards/ })).toBeVisible();
    const response = await page.goto("/m/game?category=NOPE");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This game category does not exist.")).toBeVisible();
    await page.getByRole("link", { name: "All games" }).click();
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Lottery", "Slots", "Card games"]);
  });
});

test.describe("a member's home catalogue", () => {
  test("a greeting instead of the log-in actions, and the member's own announcement first", async ({ page }) => {
    await asMember(page);
    await openHome(page);
    await expect(page.getByText("Hello, demo01! Good luck today.")).toBeVisible();
    await expect(page.locator(".hero").getByRole("link", { name: "Log in" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Latest news" }).getByRole("listitem").first()).toHaveText(
      "demo01, your weekly cashback is waiting in the rewards centre.",
    );
  });

  test("a vendor's banner launches its game", async ({ page }) => {
    await asMember(page);
    await openHome(page);
    await slide(page, "Card tables are open").click();
    await expect(page).toHaveURL(/\/wps\/sandbox-pages\/game\?/, { timeout: 15_000 });
    await expect(page.locator("dl")).toContainText("TCG");
  });

  test("a lane's card launches the vendor's lobby", async ({ page }) => {
    await asMember(page);
    await openHome(page);
    await page.getByRole("link", { name: /Demo Lottery/ }).click();
    await expect(page).toHaveURL(/\/wps\/sandbox-pages\/game\?/, { timeout: 15_000 });
    await expect(page.locator("dl")).toContainText("LOTT");
  });
});

test.describe("the carousel with scripts", () => {
  test.skip(() => scripts() === "no-js", "controls and autoplay need scripts");

  test("previous, next and the slide buttons turn the slides", async ({ page }) => {
    await openHome(page);
    const dots = carousel(page).getByRole("button", { name: /^Show banner/ });
    await expect(dots).toHaveCount(5);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await carousel(page).getByRole("button", { name: "Next banner" }).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await carousel(page).getByRole("button", { name: "Previous banner" }).click();
    await carousel(page).getByRole("button", { name: "Previous banner" }).click();
    await expect(dots.nth(4)).toHaveAttribute("aria-current", "true");
    await dots.nth(2).click();
    await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
  });

  test("under reduced motion nothing turns by itself, and there is no pause button", async ({ page }) => {
    await pauseClock(page);
    await openHome(page);
    await page.clock.runFor(12_000);
    await expect(carousel(page).getByRole("button", { name: "Show banner 1" })).toHaveAttribute("aria-current", "true");
    await expect(carousel(page).getByRole("button", { name: "Stop the banners turning" })).toHaveCount(0);
    await expect(page.locator(".marquee__viewport")).not.toHaveAttribute("data-moving", "true");
  });

  test.describe("with motion allowed", () => {
    test.use({ reducedMotion: "no-preference" });

    test("autoplay turns every 5 s, stops on hover and with the pause button; the marquee moves", async ({ page }) => {
      await pauseClock(page);
      await openHome(page);
      const dots = carousel(page).getByRole("button", { name: /^Show banner/ });
      await page.clock.runFor(5_100);
      await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
      await carousel(page).hover();
      await page.clock.runFor(11_000);
      await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
      await page.mouse.move(5, 730);
      await page.clock.runFor(5_100);
      await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
      await carousel(page).getByRole("button", { name: "Stop the banners turning" }).click();
      await page.mouse.move(5, 730);
      await page.locator("body").focus();
      await page.clock.runFor(11_000);
      await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
      await expect(carousel(page).getByRole("button", { name: "Start the banners turning" })).toBeVisible();
      // The marquee runs: the hidden copy is there, and its pace comes from the texts' width at 60 px/s.
      await expect(page.locator(".marquee__viewport")).toHaveAttribute("data-moving", "true");
      const duration = await page.locator(".marquee__track").evaluate((el) => parseFloat(getComputedStyle(el).animationDuration));
      const width = await page
        .locator(".marquee__list")
        .first()
        .evaluate((el) => el.getBoundingClientRect().width);
      expect(Math.abs(duration - width / 60)).toBeLessThan(0.05);
    });

    test.describe("behind the announcement popup", () => {
      test.use({ announcements: "shown" });

      test("while the popup is on screen the banners do not turn and the marquee stands still; once it is closed both move again", async ({
        page,
      }) => {
        const marquee = () => page.locator(".marquee__track").evaluate((el) => getComputedStyle(el).animationPlayState);
        await pauseClock(page);
        await openHome(page);
        const dots = carousel(page).getByRole("button", { name: /^Show banner/ });
        await expect(page.locator(".marquee__viewport")).toHaveAttribute("data-moving", "true");
        expect(await marquee()).toBe("running");
        // A visitor's popup comes 1.5 s in.
        await page.clock.runFor(1_600);
        await expect(page.getByRole("dialog", { name: "Welcome to Demo Play" })).toBeVisible();
        // Modal once the carousel's code has come (Escape below needs it): before, the server's dialog is only drawn.
        await expect(page.locator("html")).toHaveAttribute("data-announcement-popup", "shown");
        await expect.poll(marquee).toBe("paused");
        await page.clock.runFor(11_000);
        await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await expect.poll(marquee).toBe("running");
        await page.clock.runFor(4_900);
        await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
        await page.clock.runFor(200);
        await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
      });
    });
  });

  // Home itself, in English, Urdu and on vn.localhost, is checked by a11y.spec.ts.
  test("axe: no serious or critical violations on /m/game", async ({ page }) => {
    await page.goto("/m/game");
    await waitForHydration(page);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
