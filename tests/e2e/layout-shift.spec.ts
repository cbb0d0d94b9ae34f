// Nothing on the page moves once it has been painted (docs/behaviour/shell.md#no-layout-shift): every layout shift the
// browser reports from the first paint, on a CPU slowed four times through the devtools protocol (as a mid-range phone,
// so the server's HTML is on screen well before the scripts hydrate it), while the page hydrates and its popups open.
// Motion allowed: with reduced motion (the suite's default) the marquee never switches to its moving line.
import type { Page } from "@playwright/test";
import { PAGE_END_ID } from "~/shell/PageEnd";
import { expect, test, waitForHydration } from "./fixtures";

type Shift = { value: number; moved: string[] };

declare global {
  interface Window {
    /** The layout shifts reported since the page started, without those right after an input (as CLS counts them). */
    layoutShifts?: () => Shift[];
    /** Whether the page's end marker was in the document when the browser drew its first frame (undefined: no frame). */
    firstFrameWhole?: boolean;
  }
}

test.describe("layout shifts", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the shifts come from what the scripts change");
  test.use({ reducedMotion: "no-preference" });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript((pageEndId) => {
      type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      type Entry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] };
      const shifts: Shift[] = [];
      const describe = (node: Node | null | undefined) =>
        node instanceof Element ? [node.localName, ...(node.getAttribute("class") ?? "").split(/\s+/).filter(Boolean)].join(".") : "?";
      const record = (entries: PerformanceEntry[]) => {
        for (const entry of entries as Entry[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            value: entry.value,
            moved: entry.sources.map((source) => `${describe(source.node)} from y ${source.previousRect.y} to y ${source.currentRect.y}`),
          });
        }
      };
      const observer = new PerformanceObserver((list) => record(list.getEntries()));
      observer.observe({ type: "layout-shift", buffered: true });
      window.layoutShifts = () => {
        record(observer.takeRecords());
        return shifts;
      };
      // Animation frame callbacks run as the browser updates the rendering, which it does not while rendering is
      // blocked: the first one runs with the first frame.
      requestAnimationFrame(() => {
        window.firstFrameWhole = document.getElementById(pageEndId) !== null;
      });
    }, PAGE_END_ID);
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  });

  /**
   * /m/home until its announcement popup is open, in the page's two steps: hydrated with the popup scheduled (its
   * decision on <html data-announcement-popup>, "shown" if the poll comes late), then open after its specified delays.
   */
  async function openHomeWithPopup(page: Page) {
    await page.goto("/m/home");
    await expect(page.locator("html")).toHaveAttribute("data-announcement-popup", /^(waiting|shown)$/);
    const popup = page.getByRole("dialog", { name: "Welcome to Demo Play" });
    await expect(popup).toBeVisible();
    return popup;
  }

  /** The shifts so far, once the browser has drawn two more frames (a shift is reported with the frame that shows it). */
  async function shiftsSoFar(page: Page): Promise<Shift[]> {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    return page.evaluate(() => window.layoutShifts?.() ?? []);
  }

  /**
   * Whether the first frame drew the page's HTML to its end (docs/behaviour/shell.md#no-layout-shift): a frame of part of
   * it can show a line or a button before the rest of it has arrived, which then moves. When the render-blocking link
   * waited only for <main>, 7 loads in 16 drew such a frame first here.
   */
  async function firstFrameWhole(page: Page): Promise<boolean | undefined> {
    return page.evaluate(() => window.firstFrameWhole);
  }

  test("/m/home is whole in its first frame and does not move while it hydrates, the marquee starts and the announcement popup opens", async ({
    page,
  }) => {
    await openHomeWithPopup(page);
    expect(await firstFrameWhole(page)).toBe(true);
    expect(await shiftsSoFar(page)).toEqual([]);
  });

  test("the announcement popup keeps its size and place from slide to slide", async ({ page }) => {
    // Autoplay turns the slides with no input, so a popup that changed size with its slide would move on screen then.
    const popup = await openHomeWithPopup(page);
    // Measured where it rests: its opening animation scales it in.
    await popup.evaluate((dialog) => Promise.all(dialog.getAnimations().map((animation) => animation.finished)));
    // The dialog, and the slide within it, whatever the length of the slide's title (the third's runs to three lines).
    const boxes = async () => ({
      popup: await page.getByRole("dialog").boundingBox(),
      slide: await page.getByRole("dialog").getByRole("group").boundingBox(),
    });
    const first = await boxes();
    for (const title of ["Daily draw rules", /Security notice$/]) {
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Next announcement" }).click();
      await expect(dialog).toHaveAccessibleName(title);
      expect(await boxes(), String(title)).toEqual(first);
    }
  });

  test("/m/login is whole in its first frame and does not move while it hydrates and its social sign-in buttons start working", async ({
    page,
  }) => {
    // The buttons' code is a chunk of its own, loaded as the page hydrates.
    const socialCode = page.waitForResponse((response) => /\/assets\/SocialButtons-[\w-]+\.js$/.test(response.url()));
    await page.goto("/m/login");
    await waitForHydration(page);
    await socialCode;
    await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
    expect(await firstFrameWhole(page)).toBe(true);
    expect(await shiftsSoFar(page)).toEqual([]);
  });
});

// A notice the server renders open is not modal until the scripts make it so: it must already sit where the modal will
// (centred in the viewport, out of the page), so nothing moves when they do. Here its scripts never arrive.
test.describe("a server-rendered notice before the scripts arrive", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "where scripts run the notice becomes a modal");

  test("/m/login's 'please log in again' notice is centred in the viewport, as its modal will be", async ({ page }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/m/login?expired=1");
    const notice = page.getByRole("alertdialog", { name: "Notice" });
    await expect(notice).toContainText("Please log in again.");
    const box = await notice.boundingBox();
    const viewport = page.viewportSize();
    if (!box || !viewport) throw new Error("the notice is not on screen");
    expect(box.x).toBeCloseTo((viewport.width - box.width) / 2, 0);
    expect(box.y).toBeCloseTo((viewport.height - box.height) / 2, 0);
  });
});

// The social buttons above are in the server's HTML so that nothing moves when the scripts start them; where scripts do
// not run they cannot work, and the stylesheet hides them.
test.describe("the login page's social sign-in without scripts", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "opens a page without scripts itself: once, in the js project");

  test("/m/login without scripts shows no social sign-in button", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/m/login");
    await expect(page.getByRole("button", { name: "Log in", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
    await context.close();
  });
});

// The buttons are on screen before their code: until it has taken them over, a tap would do nothing, so they are
// disabled (docs/behaviour/firebase.md#social-sign-in).
test.describe("the login page's social sign-in before its code arrives", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "where scripts do not run the buttons are hidden");

  test("/m/login's Google button is disabled until its code has arrived, and the page hydrates only with it", async ({ page }) => {
    let release = () => {};
    let requested = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = new Promise<void>((resolve) => (requested = resolve));
    await page.route(/\/assets\/SocialButtons-[\w-]+\.js$/, async (route) => {
      requested();
      await held;
      await route.continue();
    });
    await page.goto("/m/login");
    await asked;
    const google = page.getByRole("button", { name: "Continue with Google" });
    await expect(google).toBeDisabled();
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
    release();
    await waitForHydration(page);
    await expect(google).toBeEnabled();
  });
});

// The page paints before its scripts are requested (docs/behaviour/shell.md#script-priority): on a slow network the HTML
// and the stylesheet have the bandwidth to themselves until the page is on screen.
test.describe("hydration after the first paint", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without scripts there is nothing to request");

  for (const path of ["/m/login", "/m/home"]) {
    test(`${path}: no script is requested before the first contentful paint`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      const { paint, scripts } = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      expect(paint).not.toBeNull();
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((script) => script.start < paint!)).toEqual([]);
    });
  }
});
