// Lottery game launch (/m/launchGame): login required, one launch per page view, the sandbox's game page, the
// timeout warning with Retry, and the platform's message on failure. Runs with JavaScript on and off.
import type { Page } from "@playwright/test";
import { animationsFinished, collectErrors, exclusiveBothWays, expect, scripts, test, urlOn, waitForHydration } from "./fixtures";
import { seriousAxeFindings } from "./support/axe";
import { addMemberSession } from "./support/member";

const LAUNCH = "/m/launchGame?prize_mode=Lott&code=VNL45";
const SCREENSHOTS = "test-results/screenshots";

/** Delays only the launch call (the rest of the site answers normally); 0 ends the delay. */
const slowLaunch = (latencyMs: number) => ({ merchant: "demo" as const, latencyMs, latencyPaths: ["/wps/game/"] });

/** demo01, logged in without the login form (the visitor test above goes through it). */
const asMember = (page: Page) => addMemberSession(page.context(), "demo01", "demo1234");

/** Serious or critical axe findings inside `selector` (the shared header is checked by a11y.spec.ts). */
async function axeFindings(page: Page, selector?: string): Promise<string[]> {
  // Finite animations (the dialog's entrance) first: half-faded text is not what a reader sees.
  await animationsFinished(page);
  return seriousAxeFindings(page, { within: selector ? [selector] : [] });
}

/** POSTs to the launch route (the JavaScript launch goes through its action). */
function countLaunchPosts(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/m/launchGame")) count += 1;
  });
  return () => count;
}

async function expectGamePage(page: Page, expected: { vendor: string; code: string }): Promise<void> {
  await expect(page).toHaveURL(/\/wps\/sandbox-pages\/game\?/, { timeout: 15_000 });
  await expect(page).toHaveTitle("Lottery game (sandbox)");
  await expect(page.getByRole("heading", { level: 1, name: "Lottery game (sandbox)" })).toBeVisible();
  const details = page.locator("dl");
  await expect(details).toContainText(expected.vendor);
  await expect(details).toContainText(expected.code);
  await expect(details).toContainText("demo01");
  await expect(details).toContainText("EN");
}

test.describe("lottery game launch", () => {
  test("a visitor is sent to login, and comes back to the game after logging in", async ({ page }) => {
    await page.goto(LAUNCH);
    await expect(page).toHaveURL(/\/m\/login\?redirectUrl=/);
    expect(new URL(page.url()).searchParams.get("redirectUrl")).toBe(LAUNCH);

    // With scripts, the form is React's once hydrated: the same path every time, not whichever wins the race.
    if (scripts() === "js") await waitForHydration(page);
    await page.getByRole("textbox", { name: "Username" }).fill("demo01");
    await page.getByLabel("Password", { exact: true }).fill("demo1234");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expectGamePage(page, { vendor: "LOTT", code: "VNL45" });
  });

  test("a member lands on the game page, launched once; Back returns to the site", async ({ page, javaScriptEnabled }) => {
    // Without JavaScript Chromium refuses the module preloads, which collectErrors would count.
    const errors = javaScriptEnabled ? collectErrors(page) : [];
    await asMember(page);
    // On the site first: the browser's Back leads there.
    await page.goto("/m/home");
    const posts = countLaunchPosts(page);
    await page.goto(LAUNCH);
    await expectGamePage(page, { vendor: "LOTT", code: "VNL45" });
    await expect(page.locator("dl")).toContainText("Betting");
    await expect(page.locator("dl")).toContainText("Lott");
    // With JavaScript the page launches through the action exactly once; without, the server did it (no POST).
    expect(posts()).toBe(javaScriptEnabled ? 1 : 0);
    if (javaScriptEnabled) await page.screenshot({ path: `${SCREENSHOTS}/game-sandbox-page.png` });

    // The browser's Back skips the launch page (no second launch), the game's Back link goes to backUrl.
    await page.goBack();
    await expect(page).toHaveURL(urlOn("demo.localhost", "/m/home"));
    expect(posts()).toBe(javaScriptEnabled ? 1 : 0);
    await page.goForward();
    await expectGamePage(page, { vendor: "LOTT", code: "VNL45" });
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(urlOn("demo.localhost", "/m/home"));
    expect(errors).toEqual([]);
  });

  test("every vendor variant reaches its game page", async ({ page }) => {
    await asMember(page);
    const cases: [string, { vendor: string; code: string }][] = [
      ["/m/launchGame?code=lobby", { vendor: "LOTT (VN)", code: "Lobby" }],
      ["/m/launchGame?vendor=LOTT&playType=SEA&code=TH01", { vendor: "LOTT (SEA)", code: "TH01" }],
      ["/m/launchGame?vendor=TCG_SEA&code=SEA5", { vendor: "TCG_SEA (TCG)", code: "SEA5" }],
      ["/m/launchGame?vendor=RNG&code=SLOT1", { vendor: "TCG", code: "SLOT1" }],
      ["/m/launchGame?vendor=TCG_LOTTO_VN&prize_mode=Elott&code=MB", { vendor: "TCG_LOTTO_VN", code: "MB" }],
    ];
    for (const [path, expected] of cases) {
      await page.goto(path);
      await expectGamePage(page, expected);
    }
  });

  test("shows the loading indicator while the game starts", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the browser keeps the page while the server launches");
    await asMember(page);
    // The page's launch call (a POST to its action) is held until the indicator has been seen: the launch is exactly
    // as slow as the test needs, whatever this machine's speed, and no platform fault is involved.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/m/launchGame"),
      async (route) => {
        if (route.request().method() === "POST") await released;
        await route.fallback();
      },
    );
    await page.goto(LAUNCH);
    const status = page.getByRole("status").filter({ hasText: "Starting the game…" });
    await expect(status).toBeVisible();
    await expect(page.locator(".launch__loading")).toHaveCSS("opacity", "1");
    await page.screenshot({ path: `${SCREENSHOTS}/game-launching.png` });
    release();
    await expectGamePage(page, { vendor: "LOTT", code: "VNL45" });
  });

  test("a vendor the platform does not know shows its message in the notice", async ({ page, javaScriptEnabled }) => {
    await asMember(page);
    await page.goto("/m/launchGame?vendor=ACME&code=X1");
    const notice = page.getByRole("alertdialog", { name: "Notice" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Unknown game vendor "ACME"');
    await expect(page.getByRole("heading", { level: 1, name: "The game did not start" })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/game-failed-notice${javaScriptEnabled ? "" : "-nojs"}.png`, animations: "disabled" });
    await notice.getByRole("button", { name: "Confirm" }).click();
    await expect(notice).toBeHidden();
    await expect(page.getByRole("link", { name: "Retry" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", urlOn("demo.localhost", "/m/home"));
    if (javaScriptEnabled) await page.screenshot({ path: `${SCREENSHOTS}/game-failed.png` });
  });

  test("a malformed game link is refused without a launch", async ({ page }) => {
    await asMember(page);
    const posts = countLaunchPosts(page);
    await page.goto("/m/launchGame?code=%3Cscript%3E");
    await expect(page.getByText("This game link is not valid.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Retry" })).toHaveCount(0);
    expect(posts()).toBe(0);
  });

  test("an unsafe backUrl is ignored: Back goes to the site's home", async ({ page }) => {
    await asMember(page);
    await page.goto(`${LAUNCH}&backUrl=${encodeURIComponent("https://evil.example/phish")}`);
    await expectGamePage(page, { vendor: "LOTT", code: "VNL45" });
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/m/home");
  });

  test("the launch states and the game page have no serious accessibility problems", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "axe runs as a script in the page");
    await asMember(page);
    await page.goto("/m/launchGame?code=%3Cscript%3E");
    await expect(page.getByText("This game link is not valid.")).toBeVisible();
    expect(await axeFindings(page, ".launch-page")).toEqual([]);

    await page.goto("/m/launchGame?vendor=ACME&code=X1");
    await expect(page.getByRole("alertdialog", { name: "Notice" })).toBeVisible();
    expect(await axeFindings(page, ".launch-page")).toEqual([]);

    await page.goto(LAUNCH);
    await expectGamePage(page, { vendor: "LOTT", code: "VNL45" });
    expect(await axeFindings(page)).toEqual([]);
  });
});

// A slow launch is a fault of the whole merchant's game calls: alone, with and without scripts.
exclusiveBothWays("slow game launch", () => {
  test("a launch that takes longer than 10 s shows the timeout warning with Retry", async ({ page, javaScriptEnabled, faults }) => {
    test.setTimeout(60_000);
    await asMember(page);
    const posts = countLaunchPosts(page);
    await faults(slowLaunch(11_000));
    // Without JavaScript the <noscript> refresh waits on the server's launch: do not wait for that load to finish.
    await page.goto(LAUNCH, { waitUntil: "commit" });
    const warning = page.getByText("The game is taking too long to start. Please try again.");
    await expect(warning).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name: "The game did not start" })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/game-timeout${javaScriptEnabled ? "" : "-nojs"}.png` });
    expect(posts()).toBe(javaScriptEnabled ? 1 : 0);

    await faults(slowLaunch(0));
    await page.getByRole("link", { name: "Retry" }).click();
    await expectGamePage(page, { vendor: "LOTT", code: "VNL45" });
    expect(posts()).toBe(javaScriptEnabled ? 2 : 0);
  });
});

test.describe("trial play", () => {
  test("a visitor taps Try on a trial card, reaches the trial game, and its Back offers to log in to play for real", async ({ page }) => {
    await page.goto("/m/home");
    if (scripts() === "js") await waitForHydration(page);
    await page.getByRole("link", { name: "Try PG Soft for free" }).click();

    await expect(page).toHaveURL(/\/wps\/sandbox-pages\/game\?/);
    await expect(page).toHaveTitle("Lottery game (sandbox)");
    await expect(page.locator("dl")).toContainText("Guest (trial play)");

    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(urlOn("demo.localhost", "/m/tryGame?vendor=PGS&over=1"));
    await expect(page.getByRole("heading", { level: 1, name: "Play for real" })).toBeVisible();
    await page.getByRole("link", { name: "Log in to play for real" }).click();
    await expect(page).toHaveURL(/\/m\/login\?redirectUrl=/);
    expect(new URL(page.url()).searchParams.get("redirectUrl")).toBe("/m/launchGame?vendor=TCG");
  });
});
