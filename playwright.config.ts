// End-to-end tests in Debian's Chromium (never a downloaded browser) against the server scripts/test.sh starts on TEST_PORT.
import { defineConfig } from "@playwright/test";
import { HEADLESS_SHELL } from "./tests/e2e/support/browsers";

const port = Number(process.env.TEST_PORT ?? 8790);
/** Tests that change what other tests see (platform faults, sandbox data): tests/e2e/fixtures.ts. */
const EXCLUSIVE = /@exclusive/;
/** Tests that take screenshots for review by eye: only in `npm run screenshots` (SCREENSHOTS=1), never in `npm test`. */
const SCREENSHOT = /@screenshot/;
/**
 * Tests of Firebase (sign-in against the Auth emulator, web push; tests/e2e/firebase.spec.ts, push.spec.ts):
 * scripts/test.sh runs them in the exclusive tests' run, after those, which has time to spare beside the others.
 */
const FIREBASE = /@firebase/;
const screenshotsRun = process.env.SCREENSHOTS === "1";
/**
 * scripts/test.sh runs the exclusive project apart, in its own Playwright run against a server (and sandbox database)
 * of its own, at the same time as the others; then it must not wait for them. A plain `playwright test` against one
 * server keeps them after the others.
 */
const exclusiveApart = process.env.E2E_EXCLUSIVE_APART === "1";
const teardown = exclusiveApart ? {} : { teardown: "exclusive" };
/**
 * Files whose tests scripts/test.sh runs in the exclusive tests' run, one at a time, once those and the Firebase tests
 * are done (E2E_LANE=side), and leaves out of the run on two workers (E2E_LANE=main): the exclusive run used to end a
 * minute before the other, with a core to spare (docs/decisions/0087-e2e-lanes-balanced.md). Without E2E_LANE, as in a
 * plain `playwright test`, they run with the others.
 */
const SIDE_FILES = /[\\/]install\.spec\.ts$/;
const lane = process.env.E2E_LANE;
const laneFiles = lane === "main" ? [SIDE_FILES] : [];
const laneMatch = lane === "side" ? { testMatch: SIDE_FILES } : {};

export default defineConfig({
  testDir: "tests/e2e",
  // Not test-results itself: Playwright empties its output folder, and screenshots and reports live beside it.
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? "test-results/playwright",
  globalSetup: "./tests/e2e/global-setup.ts",
  // Two workers for the two cores. Tests tagged @exclusive run afterwards in the "exclusive" project, one at a time.
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // scripts/test.sh sets the JSON file; a manual run writes elsewhere, so it cannot overwrite the report test.sh sums.
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? "test-results/e2e-last-run.json" }]],
  use: {
    baseURL: `http://demo.localhost:${port}`,
    viewport: { width: 360, height: 740 },
    locale: "en-US",
    // No motion: animations are not what these tests check, and an endless one (the download bar's gift, on most
    // pages) keeps Chromium drawing frames for as long as a page is open. Screenshots show where animations end.
    reducedMotion: "reduce",
    // Uncompressed answers: the test server (Miniflare) gzips every response anew, standing in for Cloudflare's edge,
    // and the browser unzips it: about a tenth of these tests' time on two cores, for work that is not the product's.
    // `npm run bench` still loads pages compressed, as a phone does (docs/decisions/0090-tests-without-compression.md).
    extraHTTPHeaders: { "Accept-Encoding": "identity" },
    // No service worker unless a test is about it (pwa.spec.ts, install.spec.ts's installability): in every fresh
    // context it would install and fill its cache with the build's files, work no other test looks at.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    trace: "off",
    // The headless shell; a spec that needs the full browser says so itself (push.spec.ts).
    launchOptions: HEADLESS_SHELL,
  },
  projects: [
    // Every test on its own, spread over both workers; the exclusive project runs once both have finished (as their
    // "teardown", so it runs even when one of them had a failure).
    {
      name: "js",
      use: { javaScriptEnabled: true },
      grepInvert: [EXCLUSIVE, SCREENSHOT, FIREBASE],
      testIgnore: laneFiles,
      ...laneMatch,
      fullyParallel: true,
      ...teardown,
    },
    {
      name: "no-js",
      use: { javaScriptEnabled: false },
      testIgnore: [/screenshots\.spec\.ts$/, ...laneFiles],
      ...laneMatch,
      grepInvert: [EXCLUSIVE, SCREENSHOT, FIREBASE],
      fullyParallel: true,
      ...teardown,
    },
    // One worker, nothing else running: the tests that inject faults or reset data. Scripts on; the ones that also
    // run without scripts say so themselves (exclusiveBothWays in fixtures.ts).
    { name: "exclusive", use: { javaScriptEnabled: true }, grep: EXCLUSIVE, grepInvert: SCREENSHOT, workers: 1, fullyParallel: false },
    // Scripts on (social sign-in and SMS codes by Firebase need them); they change nothing other tests see.
    // One worker: beside the other run's two, a second one here only slows both down on two cores.
    { name: "firebase", use: { javaScriptEnabled: true }, grep: FIREBASE, grepInvert: [EXCLUSIVE, SCREENSHOT], workers: 1 },
    // `npm run screenshots`: every screenshot test, one at a time (some inject platform faults), scripts on.
    ...(screenshotsRun
      ? [{ name: "screenshots", use: { javaScriptEnabled: true }, grep: SCREENSHOT, workers: 1, fullyParallel: false }]
      : []),
  ],
});
