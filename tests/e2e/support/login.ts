// Logs a member in through the real login form (works with JavaScript on and off).
import { expect, type Page } from "@playwright/test";
import { PORT } from "../../support/http";
import { scripts, waitForHydration } from "../fixtures";
import { dismissAnnouncements } from "./announcements";

export type LoginOptions = {
  /** Merchant host without port; default demo.localhost. */
  host?: string;
  /** Tick "Remember me". */
  remember?: boolean;
  /** Where the member should end up (default: any page but /m/login). */
  expectPath?: string | RegExp;
};

/**
 * Opens /m/login, submits username and password, and waits until the browser has left the login page. Landing on the
 * home page, the member arrives with the announcement popup dismissed (the page is loaded again with the dismissal),
 * so that it does not cover what the test does next (docs/behaviour/announcements.md#tests).
 */
export async function loginAs(page: Page, username: string, password: string, options: LoginOptions = {}): Promise<void> {
  const host = options.host ?? "demo.localhost";
  await page.goto(`http://${host}:${PORT}/m/login?mode=username`);
  // With scripts, typing before hydration could be undone by it (the Remember me box): the same form every time.
  if (scripts() === "js") await waitForHydration(page);
  await page.locator("#login-username").fill(username);
  await page.locator("#login-password").fill(password);
  if (options.remember) await page.locator('input[name="remember"]').check();
  await page.locator('#login-panel button[type="submit"]:not([aria-hidden="true"])').last().click();
  if (options.expectPath) await expect(page).toHaveURL(options.expectPath);
  else await page.waitForURL((url) => !url.pathname.startsWith("/m/login"));
  if (["/m/home", "/m/index", "/m/index.html"].includes(new URL(page.url()).pathname)) {
    await dismissAnnouncements(page.context(), host);
    await page.reload();
  }
}
