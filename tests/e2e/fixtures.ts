// Shared pieces of the end-to-end tests: merchant URLs and the sandbox's fault control, reset after every test.
import { test as base, expect, type Page } from "@playwright/test";
import { PORT, resetFaults, setFaults, type FaultUpdate } from "../support/http";

export { expect };

/** A page URL on a merchant host (Chromium resolves *.localhost to loopback). */
export function urlOn(host: string, path: string): string {
  return `http://${host}:${PORT}${path}`;
}

type Fixtures = {
  /** Injects platform faults for a merchant (docs/platform-contract.md, "Control endpoint"). */
  faults: (update: FaultUpdate) => Promise<void>;
  /** Automatic: every test starts and ends with no faults. (A fixture, not beforeEach/afterEach in this module:
   * hooks here would be registered only in the first spec file that imports it in each worker.) */
  cleanSandbox: void;
};

export const test = base.extend<Fixtures>({
  // Playwright fixtures must destructure their first argument; `provide` is Playwright's `use`, not a React hook.
  // eslint-disable-next-line no-empty-pattern
  faults: async ({}, provide) => {
    await provide(setFaults);
  },
  cleanSandbox: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      await resetFaults();
      await provide();
      await resetFaults();
    },
    { auto: true },
  ],
});

/** True once React has hydrated the document (Remix sets this when the client router starts). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => "__remixRouter" in window && document.readyState === "complete");
}

/** Resolves once the page's main thread has been idle (requestIdleCallback), at most after 3 s. */
export async function waitForIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(), { timeout: 3000 });
        else setTimeout(resolve, 500);
      }),
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
