// Login, a member page and logout, a wrong password's message, the two-factor step, registration's field errors and
// the game launch's redirect through login, in WebKit and Firefox with scripts on (docs/behaviour/identity.md); no
// uncaught script error (asserted after each test by support/suite.ts).
import { expect, it } from "vitest";
import {
  expectGone,
  expectTitle,
  expectUrl,
  expectVisible,
  textOf,
  valueOf,
  waitForHydration,
  waitForPage,
  type EnginePage,
} from "./support/engines";
import { engineSuite, urlOn } from "./support/suite";

const logIn = { role: "button", name: "Log in" } as const;

/** Opens the login form on demo and waits for React before typing (hydration could undo what was typed). */
async function openLogin(page: EnginePage, path = "/m/login"): Promise<void> {
  await page.goto(urlOn("demo.localhost", path));
  await waitForHydration(page);
}

async function fillCredentials(page: EnginePage, username: string, password: string): Promise<void> {
  await page.fill({ role: "textbox", name: "Username" }, username);
  await page.fill({ label: "Password" }, password);
}

/**
 * Where the engine has the Push API (Firefox), the product's notification prompt comes to a member once the player has
 * touched the page (docs/behaviour/firebase.md#notification-prompt): "Not now", as a player who came to do something else.
 */
async function answerPushPrompt(page: EnginePage): Promise<void> {
  await page.touch();
  await waitForPage(page, "the push layer's decision", `() => ["prompt", "none"].includes(document.documentElement.dataset.push)`);
  if ((await page.evaluate<string>(`() => document.documentElement.dataset.push`)) === "prompt") {
    await page.click({ role: "button", name: "Not now", within: { role: "dialog", name: "Turn on notifications?" } });
    await expectGone(page, { role: "dialog", name: "Turn on notifications?" });
  }
}

engineSuite("identity", ({ page }) => {
  it("demo01 logs in, sees the member page, logs out; the member page then asks for login", async () => {
    await openLogin(page());
    await expectTitle(page(), "Log in · Demo Play");
    await fillCredentials(page(), "demo01", "demo1234");
    await page().click(logIn);
    await expectUrl(page(), /\/m\/home$/);
    await expectVisible(page(), { role: "link", name: "Logged in as demo01" });
    // The session stays in the HttpOnly cookie (docs/behaviour/identity.md).
    expect((await page().cookies()).find((cookie) => cookie.name === "mc_session")?.httpOnly).toBe(true);

    await page().goto(urlOn("demo.localhost", "/m/member/home"));
    await expectVisible(page(), { role: "heading", name: "My account" });
    await waitForHydration(page());
    await answerPushPrompt(page());
    await page().click({ role: "button", name: "Log out" });
    await expectUrl(page(), /\/m\/login$/);
    await expectVisible(page(), logIn);
    await page().goto(urlOn("demo.localhost", "/m/member/home"));
    await expectUrl(page(), /\/m\/login\?redirectUrl=%2Fm%2Fmember%2Fhome$/);
  });

  it("a wrong password shows the platform's message in the notice and keeps the username", async () => {
    await openLogin(page());
    await fillCredentials(page(), "demo01", "wrong-password");
    await page().click(logIn);
    const notice = { role: "alertdialog", name: "Notice" } as const;
    expect(await textOf(page(), notice)).toContain("Incorrect username or password");
    await page().click({ role: "button", name: "Confirm", within: notice });
    await expectGone(page(), notice);
    await expectUrl(page(), /\/m\/login/);
    expect(await valueOf(page(), { role: "textbox", name: "Username" })).toBe("demo01");
  });

  it("two-factor by email: a wrong address is refused and cleared, the right one logs in", async () => {
    await openLogin(page());
    await fillCredentials(page(), "email01", "demo1234");
    await page().click(logIn);
    await expectVisible(page(), { role: "dialog", name: "Verify it is you" });
    await page().fill({ label: "Email address" }, "someone@example.com");
    await page().click({ role: "button", name: "Verify" });
    await expectVisible(page(), { text: "The email address does not match" });
    expect(await valueOf(page(), { label: "Email address" })).toBe("");
    // A form takes a new submit 500 ms after the last one finished (docs/behaviour/identity.md#submit-lock).
    await waitForPage(page(), "the submit lock to open", `() => document.documentElement.dataset.submitLock === "open"`);
    await page().fill({ label: "Email address" }, "email01@example.com");
    await page().click({ role: "button", name: "Verify" });
    await expectUrl(page(), /\/m\/home$/);
    await expectVisible(page(), { role: "link", name: "Logged in as email01" });
  });

  it("registration checks its rules before sending: translated errors on the fields", async () => {
    await page().goto(urlOn("demo.localhost", "/m/register"));
    await waitForHydration(page());
    await page().fill({ label: "Username" }, "1abc");
    await page().fill({ label: "Password" }, "short");
    await page().click({ role: "button", name: "Register" });
    await expectVisible(page(), { text: "Use 4 to 16 letters and digits, starting with a letter." });
    await expectVisible(page(), { text: "Use 6 to 20 letters and digits." });
    await waitForPage(page(), "the username marked invalid", `() => document.activeElement?.getAttribute("aria-invalid") === "true"`);
    // Nothing was sent: no security check opened.
    expect(await page().evaluate<boolean>(`() => !document.querySelector("dialog[open]")`)).toBe(true);
  });

  it("a visitor's game launch goes through login and lands on the game", async () => {
    const launch = "/m/launchGame?prize_mode=Lott&code=VNL45";
    await page().goto(urlOn("demo.localhost", launch));
    const login = await expectUrl(page(), /\/m\/login\?redirectUrl=/);
    expect(new URL(login).searchParams.get("redirectUrl")).toBe(launch);
    await waitForHydration(page());
    await fillCredentials(page(), "demo01", "demo1234");
    await page().click(logIn);
    await expectUrl(page(), /\/wps\/sandbox-pages\/game\?/);
    await expectVisible(page(), { role: "heading", level: 1, name: "Lottery game (sandbox)" });
    expect(await textOf(page(), { text: "VNL45" })).toContain("VNL45");
  });
});
