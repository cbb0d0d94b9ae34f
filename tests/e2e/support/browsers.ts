// The two Debian Chromium builds the browser tests run in (decision 0060); neither is ever downloaded.
import type { LaunchOptions } from "@playwright/test";

/**
 * V8 without its optimising compilers (TurboFan, Maglev): a test's page lives seconds, too short for optimised code to
 * pay for its compiling, which cost 15% of Chromium's CPU in `npm test` (decision 0077). The page behaves the same.
 */
const JS_FLAGS = "--js-flags=--no-opt --no-maglev";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", JS_FLAGS];

/**
 * The headless shell (package chromium-headless-shell): the same engine without the desktop browser around it, the
 * browser Playwright itself runs headless tests in. Half the CPU of the full browser per test: the default.
 */
export const HEADLESS_SHELL: LaunchOptions = { executablePath: "/usr/bin/chromium-headless-shell", args: ARGS };

/** The full browser (package chromium): for what only it has, such as the Push API and installation. */
export const FULL_CHROMIUM: LaunchOptions = { executablePath: "/usr/bin/chromium", args: ARGS };
