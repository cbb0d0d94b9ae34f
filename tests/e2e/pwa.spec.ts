// The installable shell's offline and update behaviour (docs/decisions/0016-service-worker.md): the service worker,
// offline pages, the update alert, the network toasts, the domain speed test and the navigation spinner.
// Project "js" only. Screenshots: test-results/screenshots/pwa-<state>-<lang>.png.
import type { BrowserContext, Page } from "@playwright/test";
import { EXCLUSIVE, expect, pauseClock, SCREENSHOT, shellState, test, touchPage, urlOn, waitForHydration } from "./fixtures";
import { PORT } from "../support/http";

// The announcement popup would cover the home page these tests use (docs/behaviour/announcements.md#tests).
test.use({ announcements: "dismissed" });
// The service worker is what this file tests (the project default blocks it).
test.use({ serviceWorkers: "allow" });

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the service worker and the shell layer need JavaScript");

const HASH_KEY = "PWA_manifestHash";
const shot = (name: string, lang: string) => ({
  path: `test-results/screenshots/pwa-${name}-${lang}.png`,
  animations: "disabled" as const,
});

/** The shell layer (toasts, spinner, update check) loads once the player first touches the page. */
async function shellLayerLoaded(page: Page): Promise<void> {
  await touchPage(page);
  await waitForHydration(page);
  await expect(page.locator(".mc-toasts")).toBeAttached();
}

/** Resolves once a service worker is active for this page's scope. */
async function activeWorker(page: Page): Promise<{ scope: string; script: string }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== "activated") {
      await new Promise<void>((resolve) => worker.addEventListener("statechange", () => worker.state === "activated" && resolve()));
    }
    return { scope: registration.scope, script: worker?.scriptURL ?? "" };
  });
}

/** True once the worker holds a copy of `path` (a page) in one of its caches. */
async function cached(page: Page, path: string): Promise<boolean> {
  return page.evaluate(async (url) => !!(await caches.match(new URL(url, location.href).href)), path);
}

/**
 * Holds the router's data requests (a client-side navigation) until the returned function is called: the navigation
 * stays slow exactly as long as the test needs it to.
 */
async function holdNavigations(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The merchant's other addresses (sandbox domainList: demo.localhost:8787, localhost:8787): only demo.localhost answers. */
async function otherDomains(context: BrowserContext): Promise<void> {
  await context.route(/^http:\/\/(demo\.)?localhost:8787\/wps\/system\/test\/ping/, async (route) => {
    if (new URL(route.request().url()).hostname === "demo.localhost") {
      await route.fulfill({ status: 200, contentType: "application/json", body: '{"success":true}' });
    } else {
      await route.abort("connectionrefused");
    }
  });
}

test.describe("later layers", () => {
  /** Records the page's requests for the app-like layer's, the tracking layer's and the download overlays' code. */
  function layerRequests(page: Page): string[] {
    const asked: string[] = [];
    page.on("request", (request) => {
      const layer = /\/assets\/(PwaOverlays|TrackingLayer|DownloadOverlays)-[\w-]+\.js$/.exec(request.url())?.[1];
      if (layer) asked.push(layer);
    });
    return asked;
  }

  test("untouched, the page asks for the app-like and tracking layers and the download overlays 10 s after the navigation began, not before", async ({
    page,
  }) => {
    const asked = layerRequests(page);
    await pauseClock(page);
    await page.goto("/m/home");
    await waitForHydration(page);
    // The page's effects have run (this decision is one of them).
    await shellState(page, "install-prompt", "none");
    await page.clock.runFor(9_500);
    await expect(page.locator(".mc-toasts")).toHaveCount(0);
    expect(asked).toEqual([]);
    await page.clock.runFor(1_500);
    await expect(page.locator(".mc-toasts")).toBeAttached();
    expect(asked.sort()).toEqual(["DownloadOverlays", "PwaOverlays", "TrackingLayer"]);
  });
});

test.describe("service worker", () => {
  test("registers /m/sw.js for the whole site and keeps build files cache-first", async ({ page }) => {
    await page.goto("/m/home");
    await shellLayerLoaded(page);
    const worker = await activeWorker(page);
    expect(worker.scope).toBe(`http://demo.localhost:${PORT}/`);
    expect(new URL(worker.script).pathname).toBe("/m/sw.js");
    // Versioned caches of this build: assets, pages, offline.
    await expect
      .poll(() => page.evaluate(() => caches.keys()), { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([expect.stringMatching(/^mc-assets-[0-9a-f]{8}$/), expect.stringMatching(/^mc-offline-[0-9a-f]{8}$/)]),
      );
    // The platform proxy and the update check's manifest are never cached.
    const names = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    expect(names.filter((url) => /\/wps\/|\/__sandbox\/|asset-manifest/.test(url))).toEqual([]);
  });

  test("offline: a visited page comes from the cache, any other page shows the offline page", async ({ page, context }) => {
    await page.goto("/m/home");
    await shellLayerLoaded(page);
    await activeWorker(page);
    // Now under the worker's control: this page load is kept.
    await page.goto("/m/login");
    await waitForHydration(page);
    await expect.poll(() => cached(page, "/m/login"), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => cached(page, "/m/offline?fallback=1"), { timeout: 10_000 }).toBe(true);

    await context.setOffline(true);
    await page.goto("/m/login");
    await expect(page.locator("#login-username")).toBeVisible();
    // A link inside the app, offline: a browser navigation the worker answers, not Remix's error page.
    await waitForHydration(page);
    await shellLayerLoaded(page);
    await page.getByRole("link", { name: "Demo Play", exact: true }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await page.goto("/m/member/home");
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Retry" })).toBeVisible();
    await page.screenshot(shot("offline-served", "en"));
    await context.setOffline(false);
    // Retry reloads the address that failed.
    await page.getByRole("link", { name: "Retry" }).click();
    await expect(page).toHaveURL(/\/m\/(member\/home|login)/);
    await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0);
  });

  test("inside the Line browser the product's old workers are removed", async ({ page, context }) => {
    await page.goto("/m/home");
    await shellLayerLoaded(page);
    await activeWorker(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setUserAgentOverride", {
      userAgent: "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 Line/13.1.0",
    });
    await page.reload();
    await shellLayerLoaded(page);
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), { timeout: 10_000 })
      .toBe(0);
  });
});

test.describe("update check", () => {
  test("a different stored hash (what a new build looks like) shows the alert once; Refresh reloads", async ({ page }) => {
    await page.goto("/m/home");
    await shellLayerLoaded(page);
    const hash = await page.waitForFunction((key) => localStorage.getItem(key), HASH_KEY, { timeout: 10_000 });
    const current = (await hash.jsonValue()) as string;
    expect(current).toMatch(/^[0-9a-f]{32}$/); // MD5 of the manifests (docs/behaviour/install.md#update-check)
    // A real deployment changes /m/asset-manifest.json; here the stored value changes instead.
    await page.evaluate((key) => localStorage.setItem(key, "0".repeat(32)), HASH_KEY);
    await page.reload();
    await touchPage(page);
    const alert = page.getByRole("alertdialog", { name: "Update available" });
    await expect(alert).toBeVisible({ timeout: 10_000 });
    await expect(alert).toContainText("A new version has been found. Tap refresh to update.");
    await page.screenshot(shot("update-alert", "en"));
    expect(await page.evaluate((key) => localStorage.getItem(key), HASH_KEY)).toBe(current);

    await page.evaluate(() => ((window as unknown as { beforeRefresh: boolean }).beforeRefresh = true));
    // /m/home is a page that reloads: a new document loads, without the mark. (Polled instead, the mark's check could
    // run while the old document was being replaced, and fail on it.)
    const reloaded = page.waitForEvent("load", { timeout: 10_000 });
    await alert.getByRole("button", { name: "Refresh" }).click();
    await reloaded;
    expect(await page.evaluate(() => "beforeRefresh" in window)).toBe(false);
    await expect(page).toHaveURL(/\/m\/home$/);
    await shellLayerLoaded(page);
    // The reloaded page's own check found the build it stored: no alert.
    await shellState(page, "update-check", "same");
    await expect(page.getByRole("alertdialog", { name: "Update available" })).toHaveCount(0);
  });

  test.describe("with a changed manifest from the server", () => {
    // page.route cannot see requests a service worker answers: this test runs without one.
    test.use({ serviceWorkers: "block" });

    test("a new /m/asset-manifest.json shows the alert; after Refresh it does not come back", async ({ page }) => {
      await page.goto("/m/home");
      await shellLayerLoaded(page);
      await page.waitForFunction((key) => localStorage.getItem(key), HASH_KEY, { timeout: 10_000 });
      await page.route(/\/m\/asset-manifest\.json\?t=\d+$/, (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: '{"files":["/assets/entry.client-NEWBUILD.js"]}\n' }),
      );
      await page.reload();
      await touchPage(page);
      const alert = page.getByRole("alertdialog", { name: "Update available" });
      await expect(alert).toBeVisible({ timeout: 10_000 });
      // The next document's load: waitForLoadState would answer at once for the document Refresh is about to replace.
      const reloaded = page.waitForEvent("load", { timeout: 10_000 });
      await alert.getByRole("button", { name: "Refresh" }).click();
      await reloaded;
      await shellLayerLoaded(page);
      await shellState(page, "update-check", "same");
      await expect(page.getByRole("alertdialog", { name: "Update available" })).toHaveCount(0);
    });
  });
});

test.describe("network toasts", () => {
  test("offline toast for 1.5 s when the network is cut", async ({ page, context }) => {
    // On a paused clock the toast's 1.5 s pass only when the test says so, however long the screenshot takes.
    await pauseClock(page);
    await page.goto("/m/home");
    await waitForHydration(page);
    // Touched, the shell layer loads from an idle callback, which the paused clock holds back until it moves.
    await touchPage(page);
    await page.clock.runFor(100);
    await shellLayerLoaded(page);
    await context.setOffline(true);
    const toast = page.locator(".mc-toasts").getByText("You are offline. Check your connection.");
    await expect(toast).toBeVisible();
    await page.screenshot(shot("toast-offline", "en"));
    await page.clock.runFor(1_499);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1);
    await expect(toast).toBeHidden();
    await context.setOffline(false);
  });

  test.describe("slow platform", () => {
    test.use({ serviceWorkers: "block" });

    test("a ping slower than 5 s shows the slow toast, then a working address of the merchant", async ({ page, context }) => {
      await otherDomains(context);
      // The page's ping gets no answer, and on a paused clock its 5 s limit passes when the test says so: no platform
      // latency (a fault for the whole merchant) and no real 5 s.
      let answerPing!: () => void;
      const pingAnswered = new Promise<void>((resolve) => (answerPing = resolve));
      const isPing = (url: URL) => url.host === `demo.localhost:${PORT}` && url.pathname === "/wps/system/test/ping";
      await page.route(isPing, async (route) => {
        await pingAnswered;
        await route.abort().catch(() => undefined);
      });
      const pinged = page.waitForRequest((request) => isPing(new URL(request.url())));
      await pauseClock(page);
      await page.goto("/m/home");
      await waitForHydration(page);
      await touchPage(page);
      await page.clock.runFor(100);
      await shellLayerLoaded(page);
      const region = page.locator(".mc-toasts");
      await pinged;
      await page.clock.runFor(5_000);
      await expect(region.getByText("The network is slow.")).toBeVisible();
      const link = region.getByRole("link", { name: "Try demo.localhost:8787" });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", "http://demo.localhost:8787/m/home");
      await page.screenshot(shot("toast-slow", "en"));
      await region.getByRole("button", { name: "Close" }).click();
      await expect(link).toHaveCount(0);
      answerPing();
    });
  });

  test.describe("domain not available", { tag: EXCLUSIVE }, () => {
    test.use({ serviceWorkers: "block" });

    test("the domain-unavailable notice offers the address that answered", async ({ page, context, faults }) => {
      await otherDomains(context);
      await faults({ merchant: "demo", domainUnavailable: true });
      await page.goto("/m/home");
      const dialog = page.getByRole("alertdialog", { name: "Notice" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("link", { name: "Try demo.localhost:8787" })).toBeVisible({ timeout: 15_000 });
      await page.screenshot(shot("domain-suggestion", "en"));
    });
  });
});

test.describe("navigation spinner", () => {
  test.use({ serviceWorkers: "block" });

  test("a page change slower than 300 ms shows the branded spinner", async ({ page }) => {
    await page.goto("/m/home");
    await shellLayerLoaded(page);
    const release = await holdNavigations(page);
    await page.getByRole("link", { name: "Log in" }).first().click();
    const spinner = page.locator(".mc-spinner");
    await expect(spinner).toBeVisible();
    await expect(spinner).toContainText("Demo Play");
    await expect(spinner.getByText("Please wait…")).toBeAttached();
    await page.screenshot(shot("spinner", "en"));
    release();
    await expect(page).toHaveURL(/\/m\/login/);
    await expect(spinner).toHaveCount(0);
  });

  test("the spinner shows from 300 ms and hides itself at 10 s of a page change that does not end", async ({ page }) => {
    await page.goto("/m/home");
    await shellLayerLoaded(page);
    const release = await holdNavigations(page);
    await page.getByRole("link", { name: "Log in" }).first().click();
    const spinner = page.locator(".mc-spinner");
    await expect(spinner).toBeAttached();
    // Its timing is the stylesheet's (app/styles/pwa.css): the test seeks its animations instead of waiting 10 s.
    const at = (ms: number) =>
      spinner.evaluate((element, time) => {
        for (const animation of element.getAnimations()) {
          animation.pause();
          animation.currentTime = time;
        }
        return getComputedStyle(element).visibility;
      }, ms);
    expect(await at(299)).toBe("hidden");
    expect(await at(300)).toBe("visible");
    expect(await at(9_999)).toBe("visible");
    expect(await at(10_000)).toBe("hidden");
    release();
    await expect(page).toHaveURL(/\/m\/login/);
  });
});

// The same surfaces in Vietnamese and Urdu, for review by eye.
for (const language of [
  { code: "VI", file: "vi" },
  { code: "UR", file: "ur" },
] as const) {
  test.describe(`screenshots ${language.code}`, { tag: SCREENSHOT }, () => {
    test.use({ serviceWorkers: "block" });

    test(`offline page, toasts, update alert, spinner in ${language.code}`, async ({ page, context }) => {
      test.setTimeout(40_000);
      await page.goto(urlOn("demo.localhost", `/m/offline?language=${language.code}`));
      await page.screenshot(shot("offline", language.file));

      await page.goto(urlOn("demo.localhost", `/m/home?language=${language.code}`));
      await shellLayerLoaded(page);
      await page.waitForFunction((key) => localStorage.getItem(key), HASH_KEY, { timeout: 10_000 });
      await context.setOffline(true);
      await expect(page.locator(".mc-toast")).toHaveCount(1);
      await page.screenshot(shot("toast-offline", language.file));
      await context.setOffline(false);

      await page.evaluate((key) => localStorage.setItem(key, "0".repeat(32)), HASH_KEY);
      await page.reload();
      await touchPage(page);
      await expect(page.getByRole("alertdialog")).toBeVisible({ timeout: 10_000 });
      await page.screenshot(shot("update-alert", language.file));
      await page.keyboard.press("Escape");

      const release = await holdNavigations(page);
      await page.locator(`a[href^="/m/login"]`).first().click();
      await expect(page.locator(".mc-spinner")).toBeVisible();
      await page.screenshot(shot("spinner", language.file));
      release();
      await expect(page.locator(".mc-spinner")).toHaveCount(0);
    });
  });
}
