// Shared pieces of the end-to-end tests: merchant URLs, the sandbox's fault and data controls, and the signals the
// page gives when it has made a decision (app/shell/shell-state.ts).
//
// Tests run two ways (playwright.config.ts): most of them in parallel workers, and the ones tagged @exclusive alone,
// one at a time, after the others or (npm test) on a server of their own beside them. A test must be @exclusive when it changes what other tests would see: platform
// faults (they apply to a whole merchant) or sandbox data (members' passwords, SMS codes, a data reset that drops every
// session of the merchant). The `faults` and `resetData` fixtures refuse to run in a test without the tag.
import { test as base, expect, type Page } from "@playwright/test";
import { PORT, resetFaults, resetSandboxData, setFaults, type FaultUpdate, type MerchantCode } from "../support/http";
import { forgetMemberSessions } from "./support/member";
import { dismissAnnouncements } from "./support/announcements";

export { expect };

/** The tag of tests that change shared sandbox state; they run alone (see the file comment). */
export const EXCLUSIVE = "@exclusive";
/**
 * The tag of tests that exist to take screenshots for review by eye (EN, VI, UR at 360×740): `npm run screenshots`
 * runs them, `npm test` does not (playwright.config.ts).
 */
export const SCREENSHOT = "@screenshot";
/**
 * The tag of tests that need Firebase (the Auth emulator, the messaging SDK): `npm test` runs them after the exclusive
 * ones, on that server, where there is time to spare (playwright.config.ts, scripts/test.sh).
 */
export const FIREBASE = "@firebase";

/** A page URL on a merchant host (Chromium resolves *.localhost to loopback). */
export function urlOn(host: string, path: string): string {
  return `http://${host}:${PORT}${path}`;
}

type Fixtures = {
  /** Injects platform faults for a merchant (docs/platform-contract.md, "Control endpoint"); cleared when the test ends. */
  faults: (update: FaultUpdate) => Promise<void>;
  /** Puts a merchant's sandbox data back to the seed (members, passwords, codes, sessions); again when the test ends. */
  resetData: (merchant: MerchantCode) => Promise<void>;
  /** Automatic: remembers whether this test runs with scripts, for `scripts()`. */
  scriptsMode: void;
  /**
   * "dismissed": the test arrives as a visitor who has already closed the announcement popup ("do not show again") on
   * demo.localhost and vn.localhost, so the popup's modal cannot block its clicks (docs/behaviour/announcements.md#tests).
   * Set it with test.use({ announcements: "dismissed" }); a test that logs a member in calls dismissAnnouncements itself.
   */
  announcements: "shown" | "dismissed";
};

let currentScripts: "js" | "no-js" = "js";

/** "js" or "no-js": whether this test's page runs scripts (its project's or its describe block's setting). */
export function scripts(): "js" | "no-js" {
  return currentScripts;
}

function requireExclusive(tags: string[], what: string): void {
  if (!tags.includes(EXCLUSIVE)) {
    throw new Error(`${what} change what other tests see: tag the test ${EXCLUSIVE} so it runs alone, after the parallel ones.`);
  }
}

export const test = base.extend<Fixtures>({
  // Playwright fixtures must destructure their first argument; `provide` is Playwright's `use`, not a React hook.
  // eslint-disable-next-line no-empty-pattern
  faults: async ({}, provide, testInfo) => {
    requireExclusive(testInfo.tags, "Platform faults");
    const touched = new Set<string>();
    await provide(async (update) => {
      touched.add(update.merchant);
      await setFaults(update);
    });
    for (const merchant of touched) await resetFaults(merchant);
  },
  // eslint-disable-next-line no-empty-pattern
  resetData: async ({}, provide, testInfo) => {
    requireExclusive(testInfo.tags, "Sandbox data resets");
    const touched = new Set<MerchantCode>();
    const reset = async (merchant: MerchantCode) => {
      touched.add(merchant);
      await resetSandboxData(merchant);
      // The reset dropped the merchant's sessions: members logged in earlier in this worker must log in again.
      forgetMemberSessions();
    };
    await provide(reset);
    for (const merchant of touched) await reset(merchant);
  },
  announcements: ["shown", { option: true }],
  // Applied to the test's own context when the test (or its page) asks for one: a test skipped before it starts, or one
  // that opens only contexts of its own, then makes no context it would not use.
  context: async ({ announcements, context }, provide) => {
    if (announcements === "dismissed") {
      for (const host of ["demo.localhost", "vn.localhost"]) await dismissAnnouncements(context, host);
    }
    await provide(context);
  },
  scriptsMode: [
    async ({ javaScriptEnabled }, provide) => {
      currentScripts = javaScriptEnabled ? "js" : "no-js";
      await provide();
    },
    { auto: true },
  ],
});

/**
 * Exclusive tests that also run without scripts: the exclusive project has one setting of its own, so `body`'s tests
 * are declared twice under `title`, once per setting ("js" and "no-js" in their titles).
 */
export function exclusiveBothWays(title: string, body: () => void): void {
  test.describe(title, { tag: EXCLUSIVE }, () => {
    for (const mode of ["js", "no-js"] as const) {
      test.describe(mode, () => {
        test.use({ javaScriptEnabled: mode === "js" });
        body();
      });
    }
  });
}

/** True once React has hydrated the document (Remix sets this when the client router starts). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => "__remixRouter" in window && document.readyState === "complete");
}

/**
 * The player's first touch of the page, as a key press that changes nothing (Shift). The layers that wait for it (the
 * app-like layer, tracking and pixels, push, the mini-game box) load then, not 10 s in (docs/behaviour/shell.md#later-layers).
 * Pressed once the page has hydrated (its install-prompt decision is an effect), so that what the test does next meets
 * a page whose scripts have started. A key during hydration is tested on its own (hydration.spec.ts).
 */
export async function touchPage(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-install-prompt", /./);
  await page.keyboard.press("Shift");
}

/**
 * The shell's decisions, as <html data-…> attributes set by app/shell/shell-state.ts. Waiting for one is waiting until
 * the page has decided, not for a fixed time: an absence checked after it fails if the thing comes late.
 */
export type ShellSignal =
  | ["download-overlays", "none" | "ready"]
  | ["image-popup", "skipped" | "waiting" | "due" | "shown" | "done"]
  | ["upgrade-modal", "none" | "shown" | "closed"]
  | ["install-prompt", "none" | "loading" | "suppressed" | "waiting" | "modal" | "sheet"]
  | ["update-check", "first" | "same" | "changed" | "unread"]
  | ["submit-lock", "locked" | "open"];

export async function shellState(page: Page, ...[name, value]: ShellSignal): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute(`data-${name}`, value);
}

/**
 * Installs Playwright's fake clock, paused: the page's timers, intervals and idle callbacks fire only when the test
 * moves the clock (page.clock.runFor). What the page does on its own then no longer depends on how fast this machine
 * happens to be. Call it before the page loads: it pauses at the current time. (The fake clock runs from its
 * installation until pauseAt, which cannot go back, so it is installed a minute early.)
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = Date.now();
  await page.clock.install({ time: now - 60_000 });
  await page.clock.pauseAt(now);
}

/**
 * Starts watching for `text` in an element with the given (explicit) role; the returned function then expects that it
 * has appeared, however briefly it stayed. The watch is a MutationObserver in the page, armed before the action that
 * shows the text: an expect() alone polls from here and can miss a message that is replaced after half a second.
 */
export async function watchFor(page: Page, role: string, text: string): Promise<() => Promise<void>> {
  const watch = await page.evaluateHandle(
    ([r, t]) => {
      const state = { seen: false };
      const check = () => {
        state.seen ||= Array.from(document.querySelectorAll(`[role="${r}"]`)).some((element) => element.textContent?.includes(t));
        if (state.seen) observer.disconnect();
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, characterData: true });
      check();
      return state;
    },
    [role, text] as const,
  );
  return async () => {
    await expect.poll(() => watch.evaluate((state) => state.seen), { message: `"${text}" in a ${role}` }).toBe(true);
    await watch.dispose();
  };
}

/** Resolves when the page's finite animations (a dialog's entrance) have finished: what a reader ends up seeing. */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/** Console errors, uncaught page errors and failed requests, collected from now on. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  // A background request cut off by a navigation (update check, ping, lazy chunk) is aborted, not failed.
  page.on("requestfailed", (request) => {
    const reason = request.failure()?.errorText ?? "";
    if (reason !== "net::ERR_ABORTED") errors.push(`requestfailed: ${request.url()} ${reason}`);
  });
  return errors;
}
