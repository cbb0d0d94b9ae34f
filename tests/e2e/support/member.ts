// A logged-in member without the login form, for tests that only need to be logged in (the login form itself is
// tested in identity-login.spec.ts). One login per member and host in each worker: the session cookies are kept
// and added to each test's browser context.
import { expect, type BrowserContext, type Cookie, type Page } from "@playwright/test";
import { hostFor, originFor, request } from "../../support/http";
import { parseSetCookie } from "./browser-cookie";
import { solvedCaptcha } from "../../support/captcha";
import { dismissAnnouncements } from "./announcements";

const sessions = new Map<string, Promise<Cookie[]>>();

async function logIn(host: string, username: string, password: string): Promise<Cookie[]> {
  // The plain form post a browser without scripts sends; success redirects away from /m/login with the session cookie.
  const post = (captcha: Record<string, string>) =>
    request({
      host: hostFor(host),
      path: "/m/login?mode=username",
      method: "POST",
      // The language the browser contexts ask for (locale en-US): the session keeps it as the member's language.
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: originFor(host), "Accept-Language": "en-US,en;q=0.9" },
      body: new URLSearchParams({ intent: "login", mode: "username", username, password, ...captcha }).toString(),
    });
  let reply = await post({});
  // A merchant with a captcha on login answers the form again, asking for the security check.
  if (reply.status !== 302) reply = await post(await solvedCaptcha(host, "login"));
  expect(reply.status, `log in ${username} on ${host}`).toBe(302);
  expect(reply.header("location") ?? "").not.toMatch(/^\/m\/login/);
  const cookies = reply.cookies.map((line) => parseSetCookie(line, host)).filter((cookie) => cookie !== null);
  expect(cookies.map((cookie) => cookie.name)).toContain("mc_session");
  return cookies;
}

/** Logs `username` in for this browser context (demo.localhost unless `host` is given). */
export async function addMemberSession(
  context: BrowserContext,
  username: string,
  password: string,
  host = "demo.localhost",
): Promise<void> {
  const key = `${host} ${username}`;
  let cookies = sessions.get(key);
  if (!cookies) {
    cookies = logIn(host, username, password);
    sessions.set(key, cookies);
    // A failed login is not kept: the next test tries afresh.
    cookies.catch(() => sessions.delete(key));
  }
  await context.addCookies(await cookies);
}

/** Forgets the kept sessions (after a sandbox data reset, which ends them). */
export function forgetMemberSessions(): void {
  sessions.clear();
}

/**
 * A sandbox member (password demo1234) logged in for this page's context, the announcement popup already dismissed so
 * it cannot cover what the test looks at, then `path` opened on `host` (demo.localhost unless given).
 */
export async function openAsMember(page: Page, username: string, path = "/m/home", host = "demo.localhost"): Promise<void> {
  await addMemberSession(page.context(), username, "demo1234", host);
  await dismissAnnouncements(page.context(), host);
  await page.goto(host === "demo.localhost" ? path : `http://${hostFor(host)}${path}`);
}
