// Web push in the browser (docs/behaviour/firebase.md#notification-prompt, #push-token, #push-bind,
// #push-notifications): the product's prompt, the token from Firebase's messaging SDK through the product's own
// service worker, bind and subscribe once per member and token, unsubscribe at logout, the SDK's 7-day renewal and
// re-creation, and a pushed message shown by /m/sw.js. Chromium here reaches no push service: the push manager's
// subscription and the provider's two APIs are stood in for; everything else is the real SDK, worker and sandbox.
// Tagged @firebase: run with the Firebase sign-in tests (scripts on; without scripts there is no push). Screenshots (npm run screenshots):
// test-results/screenshots/push-<prompt|notice>-<en|vi|ur>.png.
import type { BrowserContext, Page } from "@playwright/test";
import { expect, FIREBASE, SCREENSHOT, test, touchPage, waitForHydration } from "./fixtures";
import { forgetMemberSessions, openAsMember } from "./support/member";
import { FULL_CHROMIUM } from "./support/browsers";
import { getPage, PORT } from "../support/http";

// The full browser: the headless shell has no Push API (decision 0060).
test.use({ serviceWorkers: "allow", launchOptions: FULL_CHROMIUM });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "push needs scripts and the service worker");

/** A page without home's own popups (announcements, image popup), which the prompt would wait behind. */
const PAGE = "/m/activity";
const ORIGIN = `http://demo.localhost:${PORT}`;
const DAY = 24 * 3600 * 1000;

type ProviderCall = { method: string; path: string; token?: string };

/**
 * Stands in for the push service and Firebase's two APIs for this context: PushManager's subscription (its endpoint
 * and keys kept in localStorage "__testPushSubscription", so a test can change them), the installations API, and the
 * FCM registrations API, which hands out `<prefix>-<n>` tokens. Returns the registrations calls as they happen.
 */
async function standInPushService(context: BrowserContext, prefix: string): Promise<ProviderCall[]> {
  await context.addInitScript(() => {
    const KEY = "__testPushSubscription";
    const bytes = (text: string) => new TextEncoder().encode(text).buffer;
    const make = (saved: { endpoint: string; auth: string; p256dh: string }) =>
      // What the SDK reads of a subscription (a real PushSubscription's fields are read-only).
      ({
        endpoint: saved.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        getKey: (name: string) => bytes(name === "auth" ? saved.auth : saved.p256dh),
        toJSON: () => ({ endpoint: saved.endpoint, keys: { auth: saved.auth, p256dh: saved.p256dh } }),
        unsubscribe: () => {
          localStorage.removeItem(KEY);
          return Promise.resolve(true);
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.getSubscription = function () {
      const saved = localStorage.getItem(KEY);
      return Promise.resolve(saved ? make(JSON.parse(saved) as { endpoint: string; auth: string; p256dh: string }) : null);
    };
    PushManager.prototype.subscribe = function () {
      const saved = { endpoint: `https://push.invalid/send/${crypto.randomUUID()}`, auth: "auth-secret-1", p256dh: "p256dh-key-1" };
      localStorage.setItem(KEY, JSON.stringify(saved));
      return Promise.resolve(make(saved));
    };
  });
  await context.route("https://firebaseinstallations.googleapis.com/**", async (route) => {
    const url = new URL(route.request().url());
    const authToken = { token: `fis-${Date.now()}`, expiresIn: "604800s" };
    if (url.pathname.endsWith("/authTokens:generate")) return route.fulfill({ json: authToken });
    const { fid } = route.request().postDataJSON() as { fid: string };
    return route.fulfill({ json: { name: `projects/demo-mobile-web/installations/${fid}`, fid, refreshToken: "refresh", authToken } });
  });
  const calls: ProviderCall[] = [];
  let issued = 0;
  await context.route("https://fcmregistrations.googleapis.com/**", async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    const call: ProviderCall = { method: request.method(), path };
    calls.push(call);
    if (request.method() === "DELETE") return route.fulfill({ json: {} });
    call.token = `${prefix}-${++issued}_APA91b`;
    return route.fulfill({ json: { token: call.token } });
  });
  return calls;
}

type SandboxPush = {
  bindings: { registrationToken: string; userName: string; topics: string[] }[];
  calls: { call: string; registrationToken: string; userName: string | null; topic: string | null }[];
};

/** "call token" of every push call the platform received for tokens of this test. */
async function platformCalls(prefix: string): Promise<string[]> {
  const state = (await getPage("demo.localhost", "/__sandbox/push?merchant=demo")).json<{ value: SandboxPush }>().value;
  return state.calls
    .filter((call) => call.registrationToken.startsWith(`${prefix}-`))
    .map((call) => `${call.call} ${call.registrationToken.replace("_APA91b", "")}`);
}

function pushState(page: Page) {
  return expect(page.locator("html"), "the push layer's decision");
}

function stored(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem("FCM_webToken"),
    member: localStorage.getItem("FCM_boundMember"),
    skip: sessionStorage.getItem("FCM_skipNotification"),
  }));
}

const prompt = (page: Page) => page.getByRole("dialog", { name: "Turn on notifications?" });

test(
  "the prompt: Allow binds the device to the member once, and the logout unsubscribes it",
  { tag: FIREBASE },
  async ({ page, context }, info) => {
    const prefix = `accept${info.parallelIndex}${Date.now().toString(36)}`;
    const provider = await standInPushService(context, prefix);
    await openAsMember(page, "demo01", PAGE);
    await touchPage(page);
    await expect(prompt(page)).toBeVisible({ timeout: 10_000 });
    await expect(prompt(page).getByRole("button", { name: "Allow" })).toBeFocused();
    // The player's answer to the browser's own question.
    await context.grantPermissions(["notifications"]);
    await prompt(page).getByRole("button", { name: "Allow" }).click();
    await pushState(page).toHaveAttribute("data-push", "bound");
    await expect(prompt(page)).toBeHidden();
    expect(await platformCalls(prefix)).toEqual([`bind ${prefix}-1`, `subscribe ${prefix}-1`]);
    expect(await stored(page)).toEqual({ token: `${prefix}-1_APA91b`, member: "demo01", skip: null });
    expect(provider.map((call) => call.method)).toEqual(["POST"]);

    // The next page finds the same token bound: nothing is asked, nothing is called.
    await page.reload();
    await touchPage(page);
    await pushState(page).toHaveAttribute("data-push", "bound");
    expect(await platformCalls(prefix)).toHaveLength(2);
    await expect(prompt(page)).toHaveCount(0);

    await page.getByRole("button", { name: "Log out" }).first().click();
    await expect(page).toHaveURL(/\/m\/login/);
    // The login page's push layer, once touched, unsubscribes the device the ended session had bound.
    await touchPage(page);
    await expect.poll(() => platformCalls(prefix)).toEqual([`bind ${prefix}-1`, `subscribe ${prefix}-1`, `unsubscribe ${prefix}-1`]);
    expect(await stored(page)).toMatchObject({ token: `${prefix}-1_APA91b`, member: null });
    // This worker's kept demo01 session ended with the logout.
    forgetMemberSessions();
  },
);

test(
  "the prompt: closing it (Escape, as Not now) skips it for the session, and Firebase never loads",
  { tag: FIREBASE },
  async ({ page, context }) => {
    const firebase: string[] = [];
    page.on("request", (request) => {
      if (/googleapis\.com/.test(request.url())) firebase.push(request.url());
    });
    await context.route(/\/assets\/index\.esm-/, (route) => {
      firebase.push(route.request().url());
      return route.continue();
    });
    await openAsMember(page, "demo01", PAGE);
    await touchPage(page);
    await expect(prompt(page)).toBeVisible({ timeout: 10_000 });
    await page.keyboard.press("Escape");
    await expect(prompt(page)).toBeHidden();
    // The dialog's "close" event, which stores the flag, comes a task after the dialog has closed.
    await expect.poll(async () => (await stored(page)).skip).toBe("1");
    await page.reload();
    await touchPage(page);
    await waitForHydration(page);
    await pushState(page).toHaveAttribute("data-push", "none");
    await expect(prompt(page)).toHaveCount(0);
    expect(firebase).toEqual([]);
  },
);

test(
  "blocked notifications: the tips notice once a session, and after the player says no",
  { tag: FIREBASE },
  async ({ page, context }) => {
    // The player blocked notifications earlier.
    await context.addInitScript(() => {
      if (!sessionStorage.getItem("__testAskFirst")) Object.defineProperty(Notification, "permission", { get: () => "denied" });
      Notification.requestPermission = () => Promise.resolve("denied");
    });
    await openAsMember(page, "demo01", PAGE);
    await touchPage(page);
    const notice = page.getByRole("alertdialog", { name: "Notice" });
    await expect(notice).toContainText("Notifications are blocked for this site", { timeout: 10_000 });
    await notice.getByRole("button", { name: "Confirm" }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await touchPage(page);
    await pushState(page).toHaveAttribute("data-push", "none");
    await expect(notice).toHaveCount(0);

    // A new session, permission not yet asked: the prompt, then the browser's "no".
    await page.evaluate(() => {
      sessionStorage.clear();
      sessionStorage.setItem("__testAskFirst", "1");
    });
    await page.reload();
    await touchPage(page);
    await prompt(page).getByRole("button", { name: "Allow" }).click({ timeout: 10_000 });
    await expect(notice).toContainText("Notifications are blocked for this site");
    await expect.poll(async () => (await stored(page)).skip).toBe("1");
  },
);

test(
  "already granted: bound without asking, renewed after 7 days, re-created when the subscription changes",
  { tag: FIREBASE },
  async ({ page, context }, info) => {
    const prefix = `grant${info.parallelIndex}${Date.now().toString(36)}`;
    const provider = await standInPushService(context, prefix);
    await context.grantPermissions(["notifications"]);
    const start = Date.now();
    await page.clock.install({ time: start });
    await openAsMember(page, "demo01", PAGE);
    await touchPage(page);
    await pushState(page).toHaveAttribute("data-push", "bound", { timeout: 10_000 });
    await expect(prompt(page)).toHaveCount(0);
    expect(await platformCalls(prefix)).toEqual([`bind ${prefix}-1`, `subscribe ${prefix}-1`]);

    // Eight days on, the SDK renews the token (PATCH); the provider's new token is bound, the old one dropped.
    await page.clock.setSystemTime(start + 8 * DAY);
    await page.reload();
    await touchPage(page);
    await pushState(page).toHaveAttribute("data-push", "bound");
    await expect.poll(() => provider.map((call) => call.method)).toEqual(["POST", "PATCH"]);
    expect(provider[1]!.path).toMatch(new RegExp(`/registrations/${prefix}-1_APA91b$`));
    await expect
      .poll(() => platformCalls(prefix))
      .toEqual([`bind ${prefix}-1`, `subscribe ${prefix}-1`, `unsubscribe ${prefix}-1`, `bind ${prefix}-2`, `subscribe ${prefix}-2`]);

    // The browser's push subscription changed: the SDK deletes the old registration and creates a new one.
    await page.evaluate(() =>
      localStorage.setItem(
        "__testPushSubscription",
        JSON.stringify({ endpoint: "https://push.invalid/send/changed", auth: "auth-secret-2", p256dh: "p256dh-key-2" }),
      ),
    );
    await page.reload();
    await touchPage(page);
    await expect.poll(() => provider.map((call) => call.method)).toEqual(["POST", "PATCH", "DELETE", "POST"]);
    await expect.poll(async () => (await platformCalls(prefix)).slice(-2)).toEqual([`bind ${prefix}-3`, `subscribe ${prefix}-3`]);
    expect((await stored(page)).token).toBe(`${prefix}-3_APA91b`);

    // The session is gone (its cookie expired): the first page without one unsubscribes the device.
    await context.clearCookies();
    await page.reload();
    await touchPage(page);
    await pushState(page).toHaveAttribute("data-push", "unbound");
    expect((await platformCalls(prefix)).at(-1)).toBe(`unsubscribe ${prefix}-3`);
    expect(await stored(page)).toMatchObject({ token: `${prefix}-3_APA91b`, member: null });
  },
);

test("a pushed message: /m/sw.js shows it, with a click target on this site only", { tag: FIREBASE }, async ({ page, context }) => {
  await context.grantPermissions(["notifications"]);
  await page.goto(PAGE);
  await touchPage(page);
  await waitForHydration(page);
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      const running = versions.find((version) => version.scriptURL.endsWith("/m/sw.js") && version.status === "activated");
      if (running) resolve(running.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const id = await registrationId;
  // What the worker asks the browser to show, recorded as it asks. Headless Chromium sometimes drops a notification
  // it has just shown (showNotification resolved, getNotifications() empty a moment later, in about 1 run in 20), so
  // the browser's list of shown notifications is not a signal a test can wait for.
  const worker = context.serviceWorkers().find((w) => w.url().endsWith("/m/sw.js")) ?? (await context.waitForEvent("serviceworker"));
  await worker.evaluate(() => {
    type Shown = { title: string; body?: string; icon?: string; url?: string };
    const scope = self as unknown as { shownForTest: Shown[]; registration: ServiceWorkerRegistration };
    scope.shownForTest = [];
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.registration.showNotification = (title: string, options: NotificationOptions = {}) => {
      const url = (options.data as { url?: string } | undefined)?.url;
      scope.shownForTest.push({ title, body: options.body ?? "", icon: options.icon, url });
      return show(title, options);
    };
  });
  const shown = () => worker.evaluate(() => (self as unknown as { shownForTest: unknown[] }).shownForTest);
  const deliver = (payload: unknown) =>
    cdp.send("ServiceWorker.deliverPushMessage", { origin: ORIGIN, registrationId: id, data: JSON.stringify(payload) });
  await deliver({
    notification: { title: "Draw results", body: "Your numbers are in", icon: "https://cdn.invalid/icon.png" },
    fcmOptions: { link: "/m/activity?from=push" },
  });
  await deliver({ notification: { title: "Elsewhere", click_action: "https://evil.invalid/phish" } });
  await expect.poll(shown).toEqual([
    { title: "Draw results", body: "Your numbers are in", icon: "https://cdn.invalid/icon.png", url: `${ORIGIN}/m/activity?from=push` },
    { title: "Elsewhere", body: "", icon: `${ORIGIN}/m/icons/192.png`, url: `${ORIGIN}/m/home` },
  ]);
});

for (const language of [
  { code: "EN", file: "en", prompt: "Turn on notifications?" },
  { code: "VI", file: "vi", prompt: "Bật thông báo?" },
  { code: "UR", file: "ur", prompt: "اطلاعات آن کریں؟" },
] as const) {
  test(`screenshots: the prompt and the blocked notice ${language.code}`, { tag: SCREENSHOT }, async ({ page }) => {
    // vn88 has no push key: Vietnamese is shown on demo.
    await openAsMember(page, "demo01", `${PAGE}?language=${language.code}`);
    await touchPage(page);
    const dialog = page.getByRole("dialog", { name: language.prompt });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await page.screenshot({ path: `test-results/screenshots/push-prompt-${language.file}.png`, animations: "disabled" });
    await page.evaluate(() => (Notification.requestPermission = () => Promise.resolve("denied")));
    await dialog.getByRole("button").first().click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/push-notice-${language.file}.png`, animations: "disabled" });
    // demo01's platform language followed the page's: back to English for the other tests.
    await page.goto(`${PAGE}?language=EN`);
    await touchPage(page);
  });
}
