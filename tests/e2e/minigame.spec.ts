// The mini-game's floating box (docs/behaviour/support.md#minigame-box): members only, MINIGAME3 (on for demo),
// loaded once the player first touches the page, draggable with mouse and touch within the bounds, keyboard-movable, gone after logout.
import type { Page, Request } from "@playwright/test";
import { expect, pauseClock, scripts, test, touchPage, urlOn, waitForHydration } from "./fixtures";
import { openAsMember } from "./support/member";
import { loginAs } from "./support/login";

const SCRIPT = "/wps/sandbox-pages/mini-game/minigame.js";

function recordScriptRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === SCRIPT) seen.push(request);
  });
  return seen;
}

async function boxRect(page: Page) {
  const box = await page.getByRole("button", { name: /^Mini-game/ }).boundingBox();
  if (!box) throw new Error("no mini-game box");
  return box;
}

/** Bounds at 360×740: a 2 % margin of the width (7 px) on every side. */
function expectInside(rect: { x: number; y: number; width: number; height: number }, width = 360, height = 740) {
  const margin = Math.round(width * 0.02);
  expect(rect.x).toBeGreaterThanOrEqual(margin - 0.5);
  expect(rect.y).toBeGreaterThanOrEqual(margin - 0.5);
  expect(rect.x + rect.width).toBeLessThanOrEqual(width - margin + 0.5);
  expect(rect.y + rect.height).toBeLessThanOrEqual(height - margin + 0.5);
}

test.describe("mini-game", () => {
  test("never on a visitor's page, and its script is never asked for", async ({ page }) => {
    const requests = recordScriptRequests(page);
    for (const url of ["/m/home", "/m/login", urlOn("vn.localhost", "/m/home")]) {
      await page.goto(url);
      if (scripts() === "js") {
        await waitForHydration(page);
        // Touched, the page loads the shell layer at the same moment as the box would: wait for its toasts region.
        await touchPage(page);
        await expect(page.locator(".mc-toasts")).toBeAttached();
      }
      await expect(page.getByRole("button", { name: /^Mini-game/ })).toHaveCount(0);
    }
    expect(requests).toHaveLength(0);
  });

  test("without scripts a member gets no box either (it is a script game)", async ({ page }) => {
    test.skip(scripts() === "js", "no-js only");
    const requests = recordScriptRequests(page);
    await openAsMember(page, "demo01");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Mini-game/ })).toHaveCount(0);
    expect(requests).toHaveLength(0);
  });
});

test.describe("mini-game for a member", () => {
  test.skip(() => scripts() === "no-js", "the box is a script game");

  test("appears after login at the inline-end side, opens the game, and goes after logout", async ({ page }) => {
    await loginAs(page, "demo01", "demo1234");
    // Counted on the page the test goes on with. The login helper reloads home after dismissing the announcement popup,
    // and whether the page before the reload had asked for the game by then depends on the machine's speed.
    const requests = recordScriptRequests(page);
    await touchPage(page);
    const box = page.getByRole("button", { name: /^Mini-game/ });
    await expect(box).toBeVisible();
    await expect(box).toHaveAttribute("data-ready", "true");
    // Once for the page.
    expect(requests.length).toBe(1);
    const rect = await boxRect(page);
    expectInside(rect);
    // Left-to-right page: the right-hand side.
    expect(rect.x + rect.width).toBeGreaterThan(300);

    await box.click();
    const game = page.getByRole("region", { name: "Mini-game" });
    await expect(game).toBeVisible();
    await game.getByRole("button", { name: "Roll the dice" }).click();
    await expect(game.getByText(/^You rolled [1-6]$/)).toBeVisible();
    await game.getByRole("button", { name: "Close the mini-game" }).click();
    await expect(game).toBeHidden();

    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/\/m\/login/);
    await waitForHydration(page);
    await touchPage(page);
    await expect(page.locator(".mc-toasts")).toBeAttached();
    await expect(box).toHaveCount(0);
  });

  test("drags with the mouse, stays within the bounds, and a drag does not open the game", async ({ page }) => {
    await openAsMember(page, "demo01");
    await touchPage(page);
    const box = page.getByRole("button", { name: /^Mini-game/ });
    await expect(box).toHaveAttribute("data-ready", "true");
    const start = await boxRect(page);
    await page.mouse.move(start.x + 32, start.y + 32);
    await page.mouse.down();
    await page.mouse.move(start.x - 100, start.y - 200, { steps: 5 });
    await page.mouse.up();
    const moved = await boxRect(page);
    expect(Math.round(moved.x)).toBe(Math.round(start.x) - 132);
    expect(Math.round(moved.y)).toBe(Math.round(start.y) - 232);
    await expect(box).toHaveAttribute("aria-expanded", "false");
    // Far past the top-left corner: held at the margin.
    await page.mouse.move(moved.x + 32, moved.y + 32);
    await page.mouse.down();
    await page.mouse.move(-500, -500, { steps: 5 });
    await page.mouse.up();
    expectInside(await boxRect(page));
    expect(Math.round((await boxRect(page)).x)).toBe(7);
  });

  test("drags by touch (pointer events of a finger) within the bounds", async ({ page }) => {
    await openAsMember(page, "demo01");
    await touchPage(page);
    const box = page.getByRole("button", { name: /^Mini-game/ });
    await expect(box).toHaveAttribute("data-ready", "true");
    const start = await boxRect(page);
    const at = (x: number, y: number) => ({ pointerId: 7, pointerType: "touch", isPrimary: true, clientX: x, clientY: y, bubbles: true });
    await box.dispatchEvent("pointerdown", at(start.x + 32, start.y + 32));
    await box.dispatchEvent("pointermove", at(start.x + 32, start.y + 33));
    // 1 px: below the threshold, not moved yet.
    expect((await boxRect(page)).y).toBe(start.y);
    await box.dispatchEvent("pointermove", at(start.x + 32, start.y + 2000));
    await box.dispatchEvent("pointerup", at(start.x + 32, start.y + 2000));
    const moved = await boxRect(page);
    expectInside(moved);
    expect(Math.round(moved.y + moved.height)).toBe(740 - 7);
    await expect(box).toHaveAttribute("aria-expanded", "false");
  });

  test("moves with the arrow keys and stays inside when the window turns", async ({ page }) => {
    await openAsMember(page, "demo01");
    await touchPage(page);
    const box = page.getByRole("button", { name: /^Mini-game/ });
    await expect(box).toHaveAttribute("data-ready", "true");
    const start = await boxRect(page);
    await box.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowUp");
    const moved = await boxRect(page);
    expect(moved.x).toBe(start.x - 16);
    expect(moved.y).toBe(start.y - 16);
    await page.keyboard.press("Enter");
    await expect(box).toHaveAttribute("aria-expanded", "true");

    await page.setViewportSize({ width: 740, height: 360 });
    await expect.poll(async () => (await boxRect(page)).y + 64).toBeLessThanOrEqual(360 - 15 + 0.5);
    expectInside(await boxRect(page), 740, 360);
  });

  test("checks its bounds every 250 ms, also when the window changed without a resize event", async ({ page }) => {
    await pauseClock(page);
    await openAsMember(page, "demo01");
    // Touched, the box loads at the next idle moment: the paused clock is moved on until it is there.
    await touchPage(page);
    const box = page.getByRole("button", { name: /^Mini-game/ });
    await expect(async () => {
      await page.clock.runFor(500);
      await expect(box).toHaveAttribute("data-ready", "true", { timeout: 100 });
    }).toPass();
    // A narrower window that fires no resize event: only the poll notices (the box then keeps 2 % of it, 4 px, free).
    const narrow = (width: number) =>
      page.evaluate((value) => Object.defineProperty(window, "innerWidth", { configurable: true, value }), width);
    const right = async () => Math.round((await boxRect(page)).x + 64);
    // Find the poll's beat, to within 10 ms: steps until the box moves in.
    await narrow(300);
    let steps = 0;
    while ((await right()) > 300 - 6 && steps < 26) {
      await page.clock.runFor(10);
      steps += 1;
    }
    expect(steps).toBeLessThanOrEqual(25);
    // From that beat (0 to 10 ms ago), the next check comes 250 ms later: not within 240 ms, by 250.
    await narrow(200);
    await page.clock.runFor(240);
    expect(await right()).toBeGreaterThan(200);
    await page.clock.runFor(10);
    await expect.poll(right).toBe(200 - 4);
  });

  test.describe("right to left", () => {
    test("starts at the left in Urdu", async ({ page }) => {
      await openAsMember(page, "demo01", "/m/home?language=UR");
      await touchPage(page);
      const box = page.getByRole("button", { name: /^منی گیم/ });
      await expect(box).toHaveAttribute("data-ready", "true");
      const rect = await box.boundingBox();
      expect(Math.round(rect!.x)).toBe(7);
    });
  });
});
