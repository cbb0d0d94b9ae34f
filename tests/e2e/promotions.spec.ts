// Promotions, the protected promotion pages, the rewards centre and invite friends (docs/behaviour/promotions.md), at
// 360×740 with scripts on and off (the "js" and "no-js" projects), on demo and vn (a Vietnamese browser there: the
// default browser here asks for English, which wins over the merchant's default). Members are vip01 (type 0, VIP
// benefits shown) and member1 (type 1), so other specs' demo01 keeps its platform language.
import type { Page } from "@playwright/test";
import { exclusiveBothWays, expect, scripts, test, touchPage, urlOn, waitForHydration } from "./fixtures";
import { seriousAxeFindings } from "./support/axe";
import { addMemberSession } from "./support/member";
import { postJson } from "../support/http";

/** A browser that asks for Vietnamese, as a player of vn88 would. */
const VIETNAMESE = { locale: "vi-VN", extraHTTPHeaders: { "Accept-Language": "vi-VN,vi;q=0.9" } };

async function ready(page: Page): Promise<void> {
  if (scripts() === "js") await waitForHydration(page);
}

test.describe("promotions page", () => {
  test("demo visitor: list, detail by id, no go-to button but a way to log in and come back", async ({ page }) => {
    await page.goto("/m/activity");
    await ready(page);
    await expect(page.getByRole("heading", { level: 1, name: "Promotions" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Rescue fund" })).toHaveCount(0);
    await page.getByRole("link", { name: "Daily sign-in reward" }).click();
    await expect(page).toHaveURL(/\/m\/activity\?id=demo-login$/);
    const detail = page.getByRole("article", { name: "Daily sign-in reward" });
    await expect(detail).toBeVisible();
    await expect(detail.getByText("US$88.50")).toBeVisible();
    await expect(detail.getByText("Sign in on 7 days in a row to collect the full reward.")).toBeVisible();
    await expect(detail.getByRole("link", { name: "Go to promotion" })).toHaveCount(0);

    await detail.getByRole("link", { name: "Log in to take part" }).click();
    await expect(page).toHaveURL(/\/m\/login\?redirectUrl=/);
    await ready(page);
    await page.locator("#login-username").fill("vip01");
    await page.locator("#login-password").fill("demo1234");
    await page.locator('#login-panel button[type="submit"]:not([aria-hidden="true"])').last().click();
    await expect(page).toHaveURL(/\/m\/activity\?id=demo-login$/);
    await page.getByRole("link", { name: "Go to promotion" }).click();
    await expect(page).toHaveURL(/\/m\/activity\/signIn$/);
    await expect(page.getByRole("heading", { level: 1, name: "Daily sign-in" })).toBeVisible();
  });

  test.describe(() => {
    test.use(VIETNAMESE);
    test("vn visitor: the list and a detail in Vietnamese, in dong", async ({ page }) => {
      await page.goto(urlOn("vn.localhost", "/m/activity"));
      await ready(page);
      await expect(page.getByRole("heading", { level: 1, name: "Khuyến mãi" })).toBeVisible();
      await page.getByRole("link", { name: "Thưởng nạp lần đầu tiên" }).click();
      await expect(page).toHaveURL(/id=vn88-first-deposit/);
      const detail = page.getByRole("article", { name: "Thưởng nạp lần đầu tiên" });
      await expect(detail.getByText("₫1,000,000")).toBeVisible();
    });
  });

  test("an unknown id: the not-found state, 404", async ({ page }) => {
    const response = await page.goto("/m/activity?id=no-such-promotion");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Promotion not found" })).toBeVisible();
    await page.getByRole("link", { name: "All promotions" }).click();
    await expect(page).toHaveURL(/\/m\/activity$/);
  });

  test("a member of type 1 sees member-only promotions, but no go-to button on REFERRAL", async ({ page, context }) => {
    await addMemberSession(context, "member1", "demo1234");
    await page.goto("/m/activity?id=demo-referral");
    await ready(page);
    await expect(page.getByRole("article", { name: "Invite friends" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to promotion" })).toHaveCount(0);
    await page.goto("/m/activity");
    await expect(page.getByRole("link", { name: "Rescue fund" })).toBeVisible();
  });
});

test.describe("protected promotion pages", () => {
  test("vn visitor: a guarded page sends to the login page with the way back", async ({ page }) => {
    await page.goto(urlOn("vn.localhost", "/m/voucherCenter"));
    await expect(page).toHaveURL(/\/m\/login\?redirectUrl=%2Fm%2FvoucherCenter$/);
  });

  test("demo visitor → login → back on the guarded page, which shows its promotion", async ({ page }) => {
    await page.goto("/m/leaderBoard");
    await expect(page).toHaveURL(/\/m\/login\?redirectUrl=%2Fm%2FleaderBoard$/);
    await ready(page);
    await page.locator("#login-username").fill("vip01");
    await page.locator("#login-password").fill("demo1234");
    await page.locator('#login-panel button[type="submit"]:not([aria-hidden="true"])').last().click();
    await expect(page).toHaveURL(/\/m\/leaderBoard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Deposit leaderboard" })).toBeVisible();
  });
});

test.describe("a claim on a promotion page", () => {
  // One merchant per project, so the js and no-js runs each claim their own member's rescue once.
  const host = () => (scripts() === "js" ? "br.localhost" : "vn.localhost");

  test("the rescue is claimed once: the page shows the result and the new state, at 360 px", async ({ page, context }) => {
    await addMemberSession(context, "member2", "demo1234", host());
    // A second tab opened before the claim still offers it: its claim is refused, and it then shows the new state too.
    const other = await context.newPage();
    for (const tab of [page, other]) {
      await tab.goto(urlOn(host(), "/m/activity/rescue?language=EN"));
      await ready(tab);
    }
    // br777 asks before loading its pixels: each tab's banner comes with its first touch (or 10 s in), so it is answered
    // first and covers no button later. Both tabs were loaded before either answer: each asks.
    if (scripts() === "js") {
      for (const tab of [page, other]) {
        await touchPage(tab);
        await tab.getByRole("region", { name: "Advertising pixels" }).getByRole("button", { name: "Decline" }).click();
      }
    }
    const rescue = page.getByRole("article", { name: "Rescue fund" });
    await expect(rescue.getByText(/^Net loss on /)).toBeVisible();
    if (scripts() === "js") await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
    await rescue.getByRole("button", { name: "Claim rescue" }).click();
    await expect(rescue.getByRole("status")).toHaveText(/^Claimed: /);
    await expect(rescue.getByText("You have claimed this rescue.")).toBeVisible();
    await expect(rescue.getByRole("button", { name: "Claim rescue" })).toHaveCount(0);
    // With scripts the claim went through a fetcher: the same document, no reload.
    if (scripts() === "js") expect(await page.evaluate(() => "stillThisDocument" in window)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(page.locator(`a[href="/m/activity/rescue"]`)).toHaveCount(0);

    const late = other.getByRole("article", { name: "Rescue fund" });
    await late.getByRole("button", { name: "Claim rescue" }).click();
    await expect(late.getByRole("status")).toHaveText("You have already claimed this reward.");
    await expect(late.getByText("You have claimed this rescue.")).toBeVisible();
  });
});

test.describe("invite friends", () => {
  test.describe(() => {
    test.use(VIETNAMESE);
    test("a visitor on vn: the invitation to register or log in", async ({ page }) => {
      const response = await page.goto(urlOn("vn.localhost", "/m/inviteFriends"));
      expect(response?.status()).toBe(200);
      await ready(page);
      await expect(page.getByRole("heading", { level: 1, name: "Mời bạn bè" })).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Đăng ký" }).click();
      await expect(page).toHaveURL(/\/m\/register$/);
    });
  });

  test("a member: referral code and link; copy with scripts, selectable text without", async ({ page, context }) => {
    await addMemberSession(context, "vip01", "demo1234");
    await page.goto("/m/inviteFriends");
    await ready(page);
    const link = page.getByLabel("Your referral link");
    await expect(link).toHaveValue(/\/m\/register\?referralCode=DEMO[A-Z0-9]+$/);
    await expect(page.getByLabel("Your referral code")).toHaveValue(/^DEMO[A-Z0-9]+$/);
    if (scripts() === "js") {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Copy" }).last().click();
      await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
    } else {
      await expect(page.getByRole("button", { name: "Copy" })).toHaveCount(0);
    }
  });
});

test.describe("rewards centre", () => {
  test("on (demo): the member's rewards-centre promotions", async ({ page, context }) => {
    await addMemberSession(context, "vip01", "demo1234");
    await page.goto("/m/rewardCenter");
    await expect(page.getByRole("heading", { level: 1, name: "Rewards centre" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Novice missions" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Welcome bonus" })).toHaveCount(0);
  });

  test("off (br777 by default): the page says so, in Brazilian Portuguese", async ({ page, context }) => {
    await addMemberSession(context, "vip01", "demo1234", "br.localhost");
    await page.goto(urlOn("br.localhost", "/m/rewardCenter?language=PT-BR"));
    await expect(page.getByText("A central de recompensas não está disponível: ela está desativada neste site.")).toBeVisible();
  });
});

exclusiveBothWays("rewards centre switched off on demo", () => {
  test("REWCEN3 off: the page says the rewards centre is off", async ({ page, context }) => {
    await addMemberSession(context, "vip01", "demo1234");
    const reply = await postJson("/__sandbox/whitelabel", { merchant: "demo", flags: { REWCEN3: false } });
    expect(reply.status).toBe(200);
    try {
      await page.goto("/m/rewardCenter");
      await expect(page.getByText("The rewards centre is not available: it is turned off for this site.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Novice missions" })).toHaveCount(0);
    } finally {
      await postJson("/__sandbox/reset", { merchant: "demo" });
    }
  });
});

test.describe("accessibility (axe) of the promotions pages", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page");

  // One browser context for each kind of player: the pages after the first come from its cache, as a player's would.
  for (const [player, pages] of [
    [
      "a visitor",
      [
        ["activity", "/m/activity"],
        ["activity detail in Urdu", "/m/activity?id=demo-login&language=UR"],
        ["invite friends", "/m/inviteFriends"],
      ],
    ],
    [
      "a member",
      [
        ["rewards centre", "/m/rewardCenter"],
        ["invite friends", "/m/inviteFriends"],
        ["novice tasks", "/m/activity/noviceTask"],
        ["leaderboard", "/m/leaderBoard"],
      ],
    ],
  ] as const) {
    test(`${player}'s promotions pages: no serious or critical violations`, async ({ page, context }) => {
      if (player === "a member") await addMemberSession(context, "vip01", "demo1234");
      for (const [name, path] of pages) {
        await test.step(name, async () => {
          await page.goto(path);
          await waitForHydration(page);
          expect(await seriousAxeFindings(page), name).toEqual([]);
        });
      }
    });
  }
});

test.describe("the home page's strip", () => {
  // A visitor's announcement popup would open over the strip after 1 s (docs/behaviour/announcements.md#tests).
  test.use({ announcements: "dismissed" });

  test("the home page's promotions strip links to the promotions", async ({ page }) => {
    await page.goto("/m/home");
    const strip = page.getByRole("region", { name: "Promotions" });
    await expect(strip.getByRole("link", { name: "Daily sign-in reward" })).toBeVisible();
    await strip.getByRole("link", { name: "All promotions" }).click();
    await expect(page).toHaveURL(/\/m\/activity$/);
  });
});
