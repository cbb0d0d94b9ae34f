// End-to-end tests in Debian's Chromium (never a downloaded browser) against the server scripts/test.sh starts on TEST_PORT.
import { defineConfig } from "@playwright/test";

const port = Number(process.env.TEST_PORT ?? 8790);

export default defineConfig({
  testDir: "tests/e2e",
  // Not test-results itself: Playwright empties its output folder, and screenshots and reports live beside it.
  outputDir: "test-results/playwright",
  // One worker: the tests inject platform faults that apply to a whole merchant.
  workers: 1,
  fullyParallel: false,
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
    screenshot: "only-on-failure",
    trace: "off",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: /screenshots\.spec\.ts$/ },
  ],
});
