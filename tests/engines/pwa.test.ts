// The installable shell in WebKit and Firefox: the offline page once the service worker has installed
// (docs/behaviour/shell.md, decision 0016), and where an engine lacks what the product uses, the product's fallback
// (docs/behaviour/firebase.md#notification-prompt, docs/behaviour/install.md#home-screen-sheet).
import { expect, it } from "vitest";
import { IOS_SAFARI } from "../e2e/support/user-agents";
import { arriveWithPopupDismissed } from "./support/announcements";
import { expectGone, expectUrl, expectVisible, waitForHydration, waitForPage, type EnginePage } from "./support/engines";
import { engineSuite, urlOn } from "./support/suite";

/** Resolves once the product's service worker is active for the page's scope. */
async function workerActive(page: EnginePage): Promise<void> {
  await waitForPage(
    page,
    "the service worker to be active",
    `async () => { const r = await navigator.serviceWorker.getRegistration(); return r?.active?.state === "activated"; }`,
  );
}

/** True once the worker's caches hold `path`. */
const cachedPage = (path: string) => `async () => {
  for (const name of await caches.keys()) {
    if (await (await caches.open(name)).match(${JSON.stringify(path)})) return true;
  }
  return false;
}`;

engineSuite("installable shell", ({ page, engine, reopen }) => {
  it("offline after the worker installed: a page not visited shows the offline page; Retry works once back", async () => {
    await arriveWithPopupDismissed(page(), "demo.localhost");
    await waitForHydration(page());
    // The app-like layer, which registers the worker, loads once the player first touches the page.
    await page().touch();
    await workerActive(page());
    await waitForPage(page(), "the offline page in the cache", cachedPage("/m/offline?fallback=1"));

    await page().setOffline(true);
    await page().goto(urlOn("demo.localhost", "/m/member/home"));
    await expectVisible(page(), { role: "heading", level: 1, name: "You are offline" });
    await page().setOffline(false);
    await page().click({ role: "link", name: "Retry" });
    await expectUrl(page(), /\/m\/(member\/home|login)/);
    await expectGone(page(), { role: "heading", level: 1, name: "You are offline" });
  });

  it("web push: the prompt where the engine has the Push API (Firefox), no prompt and no error where not (WebKitGTK)", async () => {
    const hasPush = await (async () => {
      await page().goto(urlOn("demo.localhost", "/m/login"));
      await waitForHydration(page());
      return page().evaluate<boolean>(`() => "PushManager" in window && "Notification" in window`);
    })();
    expect(hasPush).toBe(engine === "firefox");
    await page().fill({ role: "textbox", name: "Username" }, "demo01");
    await page().fill({ label: "Password" }, "demo1234");
    await page().click({ role: "button", name: "Log in" });
    await expectUrl(page(), /\/m\/home$/);
    // A page without home's own popups, which the prompt waits behind.
    await page().goto(urlOn("demo.localhost", "/m/activity"));
    await waitForHydration(page());
    // The push layer loads once the player first touches the page.
    await page().touch();
    const prompt = { role: "dialog", name: "Turn on notifications?" } as const;
    if (hasPush) {
      await waitForPage(page(), "the push prompt", `() => document.documentElement.dataset.push === "prompt"`);
      await expectVisible(page(), { role: "button", name: "Allow", within: prompt });
      await expectVisible(page(), { role: "button", name: "Not now", within: prompt });
    } else {
      await waitForPage(page(), "the push layer's decision", `() => document.documentElement.dataset.push === "none"`);
      await expectGone(page(), prompt);
    }
  });

  it("install: an iPhone's Safari (WebKit) gets the add-to-home-screen sheet; Firefox, without an install event, no offer", async () => {
    if (engine === "webkit") {
      await reopen({ userAgent: IOS_SAFARI });
      await arriveWithPopupDismissed(page(), "demo.localhost");
      await waitForHydration(page());
      const sheet = { role: "dialog", name: "Add Demo Play to your Home Screen" } as const;
      await expectVisible(page(), sheet);
      await expectVisible(page(), { text: "Tap the Share button in the toolbar of Safari.", within: sheet });
      await waitForPage(page(), "the sheet's signal", `() => document.documentElement.dataset.installPrompt === "sheet"`);
    } else {
      await arriveWithPopupDismissed(page(), "demo.localhost");
      await waitForHydration(page());
      await waitForPage(page(), "the install decision", `() => document.documentElement.dataset.installPrompt === "none"`);
      await expectGone(page(), { role: "dialog", name: "Install Demo Play" });
    }
  });
});
