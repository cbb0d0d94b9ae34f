// Login, remembered login and auto-login, two-factor, forced password change, guards and logout, end to end
// against the sandbox platform. Both projects: "js" (Remix forms, modals, countdowns) and "no-js" (plain HTML posts).
import { createHmac } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { getPage, hostFor, request } from "../support/http";
import { testTimings } from "../support/timings";
import { THROTTLE_LIMITS } from "~/identity/throttle-limits";
import {
  EXCLUSIVE,
  exclusiveBothWays,
  expect,
  pauseClock,
  scripts,
  shellState,
  test,
  touchPage,
  urlOn,
  waitForHydration,
  watchFor,
} from "./fixtures";
import { seriousAxeFindings } from "./support/axe";
import { loginAs } from "./support/login";

const SHOTS = "test-results/screenshots";

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) from a base32 secret, as an authenticator app computes it. */
function totp(secret: string, now = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of secret.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, "0");
}

/** The newest SMS code the sandbox "sent" to a number. */
async function smsCode(host: string, merchant: string, mobileNum: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const reply = await getPage(host, `/__sandbox/sms?merchant=${merchant}&mobileNum=${encodeURIComponent(mobileNum)}`);
      code = reply.json<{ value: { code: string }[] }>().value[0]?.code;
      return code;
    })
    .toBeTruthy();
  return code!;
}

async function openLogin(page: Page, path = "/m/login", host = "demo.localhost"): Promise<void> {
  await page.goto(urlOn(host, path));
  // JavaScript project: wait for React before typing.
  if (scripts() === "js") await waitForHydration(page);
}

async function fillCredentials(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole("textbox", { name: "Username" }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

/** A form ignores submits until 500 ms after the previous one finished (JavaScript only): wait until it takes them. */
async function waitForSubmitLock(page: Page): Promise<void> {
  if (scripts() === "js") await shellState(page, "submit-lock", "open");
}

const loginButton = (page: Page) => page.getByRole("button", { name: "Log in", exact: true });

async function startTwoFactor(page: Page, username: string) {
  await openLogin(page);
  await fillCredentials(page, username, "demo1234");
  await loginButton(page).click();
  await expect(page.getByRole("heading", { name: "Verify it is you" })).toBeVisible();
}

/** Verify, then the success message (shown for half a second, with scripts) and home, logged in. */
async function verifyAndPass(page: Page) {
  const passed = scripts() === "js" ? await watchFor(page, "status", "Verification passed. Logging you in…") : null;
  await page.getByRole("button", { name: "Verify" }).click();
  await passed?.();
  await expect(page).toHaveURL(/\/m\/home$/);
  await expect(page.getByRole("link", { name: /Logged in as/ })).toBeVisible();
}

/**
 * A fresh context holding the given cookies except the session (a new visit with the remembered login). It takes the
 * config's and the project's options (phone size, scripts on or off), as every context a test opens does.
 */
async function newVisit(context: BrowserContext): Promise<BrowserContext> {
  const browser = context.browser()!;
  const cookies = (await context.cookies()).filter((c) => c.name !== "mc_session");
  const next = await browser.newContext();
  await next.addCookies(cookies);
  return next;
}

test.describe("login", () => {
  test("demo01 logs in and lands on home, logged in", async ({ page }) => {
    await openLogin(page);
    await expect(page).toHaveTitle("Log in · Demo Play");
    await expect(page.getByRole("heading", { level: 1, name: "Log in to Demo Play" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/login-${scripts()}.png` });
    await fillCredentials(page, "demo01", "demo1234");
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByRole("link", { name: "Logged in as demo01" })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "mc_session")?.httpOnly).toBe(true);
    await page.screenshot({ path: `${SHOTS}/home-member-${scripts()}.png` });
  });

  test("a wrong password shows the platform's message and keeps the username, not the password", async ({ page }) => {
    await openLogin(page);
    await fillCredentials(page, "demo01", "wrong-password");
    await loginButton(page).click();
    const notice = page.getByRole("alertdialog", { name: "Notice" });
    await expect(notice).toContainText("Incorrect username or password");
    await page.screenshot({ path: `${SHOTS}/login-wrong-${scripts()}.png` });
    await notice.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/m\/login/);
    await expect(page.getByRole("textbox", { name: "Username" })).toHaveValue("demo01");
    if (scripts() === "no-js") await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });

  test("submits are ignored while one is processing (500 ms lock)", async ({ page }) => {
    test.skip(scripts() !== "js", "the lock is the JavaScript form's");
    await openLogin(page);
    await fillCredentials(page, "demo01", "wrong-password");
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/m/login")) posts += 1;
    });
    // Three submits in a row, as an impatient double (triple) tap would send them.
    await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>("#login-panel")!;
      form.requestSubmit();
      form.requestSubmit();
      form.requestSubmit();
    });
    await expect(page.getByRole("alertdialog", { name: "Notice" })).toBeVisible();
    // Open again only after the one submit that went out has finished: the other two were dropped, not queued.
    await shellState(page, "submit-lock", "open");
    expect(posts).toBe(1);
  });

  test("empty fields get translated field errors", async ({ page }) => {
    await openLogin(page);
    await loginButton(page).click();
    await expect(page.getByText("Please enter your username.")).toBeVisible();
    await expect(page.getByText("Please enter your password.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Username" })).toHaveAttribute("aria-invalid", "true");
  });

  test("a visitor is sent from /m/member/home to the login page and back after login", async ({ page }) => {
    await page.goto("/m/member/home");
    await expect(page).toHaveURL(/\/m\/login\?redirectUrl=%2Fm%2Fmember%2Fhome$/);
    if (scripts() === "js") await waitForHydration(page);
    await fillCredentials(page, "demo01", "demo1234");
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/m\/member\/home$/);
    await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
    await expect(page.getByTestId("member-username")).toHaveText("demo01");
    await page.screenshot({ path: `${SHOTS}/member-home-${scripts()}.png` });
  });

  test("log out ends the session; protected pages send the visitor to login again", async ({ page }) => {
    await loginAs(page, "demo01", "demo1234");
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/m\/login$/);
    await expect(page.getByRole("link", { name: /Logged in as/ })).toHaveCount(0);
    await page.goto("/m/member/home");
    await expect(page).toHaveURL(/\/m\/login\?redirectUrl=/);
  });
});

test.describe("loading toast", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the toast needs scripts");

  test("a login still in flight after 5 s shows the 'still working' toast with a close button, gone when the answer comes", async ({
    page,
  }) => {
    await pauseClock(page);
    await openLogin(page);
    // The login post is held here until the test lets it go.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/m/login*", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await held;
      await route.continue();
    });
    await fillCredentials(page, "demo01", "demo1234");
    const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname.startsWith("/m/login"));
    await loginButton(page).click();
    await posted;
    const toast = page.getByRole("status").filter({ hasText: "Still working on it" });
    // The 5 s start when the button turns busy: its effect sets the timer, so the paused clock moves only once that
    // render is on screen and React has run its effects (they run in a later task, behind this page's next message).
    await expect(page.getByRole("button", { name: "Please wait" })).toBeVisible();
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
    await page.clock.runFor(4_900);
    await expect(toast).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(toast).toBeVisible();
    // A toast the player can close, not a line under the button.
    await expect(toast.getByRole("button", { name: "Close" })).toBeVisible();
    answer();
    await page.clock.resume();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(toast).toHaveCount(0);
  });
});

test.describe("remembered login and auto-login", () => {
  test("remember-me, then a new visit logs in by itself; after log out it does not", async ({ page, context }) => {
    await loginAs(page, "demo01", "demo1234", { remember: true });
    const remembered = (await context.cookies()).find((c) => c.name === "mc_remember");
    expect(remembered?.httpOnly).toBe(true);
    expect(remembered?.value).not.toContain("demo1234");

    const visit = await newVisit(context);
    const again = await visit.newPage();
    await again.goto(urlOn("demo.localhost", "/m/login"));
    await expect(again).toHaveURL(/\/m\/home$/);
    await expect(again.getByRole("link", { name: "Logged in as demo01" })).toBeVisible();

    // Log out keeps the remembered username but turns auto-login off.
    await again.getByRole("button", { name: "Log out" }).click();
    await expect(again).toHaveURL(/\/m\/login$/);
    const third = await (await newVisit(visit)).newPage();
    await third.goto(urlOn("demo.localhost", "/m/home"));
    await expect(third.getByRole("link", { name: "Log in" })).toBeVisible();
    await third.goto(urlOn("demo.localhost", "/m/login"));
    await expect(third.getByRole("textbox", { name: "Username" })).toHaveValue("demo01");
    await expect(third.getByLabel("Remember me")).toBeChecked();
    await third.context().close();
    await visit.close();
  });

  test("a wrong password forgets the remembered login", async ({ page, context }) => {
    await loginAs(page, "demo01", "demo1234", { remember: true });
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/m\/login$/);
    if (scripts() === "js") await waitForHydration(page);
    await fillCredentials(page, "demo01", "nope1234");
    await loginButton(page).click();
    await expect(page.getByRole("alertdialog", { name: "Notice" })).toBeVisible();
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === "mc_remember")).toBe(false);
  });
});

test.describe("two-factor", () => {
  test("email: a wrong address is refused and cleared, the right one logs in", async ({ page }) => {
    await startTwoFactor(page, "email01");
    if (scripts() === "js") await expect(page.getByRole("dialog", { name: "Verify it is you" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/two-factor-email-${scripts()}.png` });
    const email = page.getByLabel("Email address");
    await email.fill("someone@example.com");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("The email address does not match")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("");
    if (scripts() === "js") await expect(page.getByLabel("Email address")).toBeFocused();
    await waitForSubmitLock(page);
    await page.getByLabel("Email address").fill("email01@example.com");
    await verifyAndPass(page);
  });

  test("payee name", async ({ page }) => {
    await startTwoFactor(page, "payee01");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Please enter your real name.")).toBeVisible();
    await expect(page.getByLabel("Real name (payee name)")).toHaveAttribute("aria-invalid", "true");
    if (scripts() === "js") await expect(page.getByLabel("Real name (payee name)")).toBeFocused();
    await page.getByLabel("Real name (payee name)").fill("  Nguyen Van A ");
    await verifyAndPass(page);
  });

  test("authenticator (TOTP)", async ({ page }) => {
    await startTwoFactor(page, "ga01");
    await page.getByLabel("Authenticator code").fill("12345");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Please enter the 6-digit code from your authenticator app.")).toBeVisible();
    await page.getByLabel("Authenticator code").fill(totp("JBSWY3DPEHPK3PXP"));
    await verifyAndPass(page);
  });

  test("all four methods: tabs in their fixed order, starting on the first; switching clears inputs", async ({ page }) => {
    await startTwoFactor(page, "twofa01");
    const tabs = page.getByRole("tablist", { name: "Verification methods" }).getByRole("tab");
    await expect(tabs).toHaveText(["Real name", "SMS", "Authenticator", "Email"]);
    await expect(page.getByRole("tab", { name: "Real name" })).toHaveAttribute("aria-selected", "true");
    await page.getByLabel("Real name (payee name)").fill("typed");
    await page.getByRole("tab", { name: "Email" }).click();
    await expect(page.getByRole("tab", { name: "Email" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("Email address")).toHaveValue("");
    await page.getByRole("tab", { name: "Real name" }).click();
    await expect(page.getByLabel("Real name (payee name)")).toHaveValue("");
    await page.getByRole("tab", { name: "Authenticator" }).click();
    await page.getByLabel("Authenticator code").fill(totp("JBSWY3DPEHPK3PXP"));
    await verifyAndPass(page);
  });
});

// The platform allows one SMS code to a number every 30 s: a second run of this test (the other script setting, or the
// next suite run) needs the codes sent before dropped.
exclusiveBothWays("two-factor by SMS", () => {
  test("sms: send the code, count down, verify", async ({ page, resetData }) => {
    await resetData("demo");
    await startTwoFactor(page, "sms01");
    await expect(page.getByText("Registered mobile:")).toBeVisible();
    await page.getByLabel("Mobile number").fill("900000005");
    await page.getByRole("button", { name: "Send code" }).click();
    const countdown = page.getByText(/Resend in \d+ s/);
    await expect(countdown).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/two-factor-sms-${scripts()}.png` });
    const code = await smsCode("demo.localhost", "demo", "+1900000005");
    await page.getByLabel("Verification code").fill(code);
    await verifyAndPass(page);
  });
});

// A platform slower than a form post's deadline (docs/behaviour/errors.md#action-deadline).
exclusiveBothWays("a platform slower than the form's deadline", () => {
  test("the login answers by the deadline with the notice, the username still typed", async ({ page, faults }) => {
    const { actionDeadlineMs, callTimeoutMs } = testTimings();
    await openLogin(page);
    await faults({ merchant: "demo", latencyMs: callTimeoutMs + 2_000 });
    await fillCredentials(page, "demo01", "demo1234");
    const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/m/login"));
    await loginButton(page).click();
    // The post's own deadline bounds the wait (the default 5 s would end before it).
    const notice = page.getByRole("alertdialog", { name: "Notice" });
    await expect(notice).toContainText("The server took too long to answer. Please try again.", { timeout: actionDeadlineMs + 2_000 });
    // The answer came by the form's deadline, not the call's timeout: timed from the request's start to its answer, as
    // the browser measured it (the click and the page's rendering are not the server's time).
    const timing = (await posted).request().timing();
    expect(timing.responseEnd - timing.requestStart).toBeLessThan(callTimeoutMs);
    await notice.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("textbox", { name: "Username" })).toHaveValue("demo01");
  });
});

// These change seed members' passwords: the sandbox data is reset before and after each.
exclusiveBothWays("forced password change", () => {
  test("default01 (default password) must choose a new one, then goes home", async ({ page, resetData }) => {
    await resetData("demo");
    await openLogin(page);
    await fillCredentials(page, "default01", "Default123");
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/m\/changePsw\?updatePassword=1&reason=default$/);
    await expect(page.getByText("Your account still uses the default password.")).toBeVisible();
    await expect(page.getByLabel("Current password")).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/change-password-default-${scripts()}.png` });
    await page.getByLabel("New password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm new password").fill("abd");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Use 6 to 20 letters and digits.")).toBeVisible();
    await expect(page.getByText("The passwords do not match.")).toBeVisible();
    await waitForSubmitLock(page);
    await page.getByLabel("New password", { exact: true }).fill("newpass123");
    await page.getByLabel("Confirm new password").fill("newpass123");
    await page.getByRole("button", { name: "Change password" }).click();
    const done = page.getByRole("alertdialog", { name: "Notice" });
    await expect(done).toContainText("Your password has been changed.");
    await page.screenshot({ path: `${SHOTS}/change-password-done-${scripts()}.png` });
    await done.getByRole("link", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
  });

  test("expired01 (expired password, PWDEXPFORCECHANGE3 on) is asked for the current and a new password", async ({ page, resetData }) => {
    await resetData("demo");
    await loginAs(page, "expired01", "demo1234", { expectPath: /\/m\/changePsw\?updatePassword=1&reason=expired$/ });
    await expect(page.getByText("Your password has expired.")).toBeVisible();
    await page.getByLabel("Current password").fill("wrong123");
    await page.getByLabel("New password", { exact: true }).fill("fresh1234");
    await page.getByLabel("Confirm new password").fill("fresh1234");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The current password is incorrect.")).toBeVisible();
    await waitForSubmitLock(page);
    await page.getByLabel("Current password").fill("demo1234");
    await page.getByLabel("New password", { exact: true }).fill("fresh1234");
    await page.getByLabel("Confirm new password").fill("fresh1234");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("alertdialog", { name: "Notice" })).toContainText("Your password has been changed.");
  });
});

test.describe("SMS login", () => {
  test("vn.localhost: Mobile tab, country picker, captcha, code with countdown, logged in", async ({ page }) => {
    test.skip(scripts() !== "js", "VN88 asks for a captcha, which needs JavaScript");
    await page.goto(urlOn("vn.localhost", "/m/login"));
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Mobile" }).click();
    await expect(page).toHaveURL(/mode=sms/);
    await expect(page.getByRole("tab", { name: "Mobile" })).toHaveAttribute("aria-selected", "true");

    // The dialling-code picker: a button with flag and +code opening a slide-up list; Escape closes it.
    const picker = page.getByRole("button", { name: /^Country code: Vietnam \+84$/ });
    await picker.click();
    const sheet = page.getByRole("dialog", { name: "Choose a country code" });
    await expect(sheet).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/country-picker-js.png` });
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(picker).toBeFocused();
    await picker.click();
    await sheet.getByRole("button", { name: /Thailand/ }).click();
    await expect(page.getByRole("button", { name: /^Country code: Thailand \+66$/ })).toBeVisible();
    await page.getByRole("button", { name: /^Country code:/ }).click();
    await sheet.getByRole("button", { name: /Vietnam/ }).click();

    await page.getByLabel("Mobile number").fill("900000001");
    await page.getByRole("button", { name: "Send code" }).click();
    // VN88 has the SMS captcha on: the security check comes first.
    await page.getByRole("dialog", { name: "Security check" }).getByRole("button", { name: "I am human" }).click();
    const countdown = page.getByRole("timer");
    await expect(countdown).toHaveText(/Resend in \d+ s/);
    const first = Number(/\d+/.exec((await countdown.textContent()) ?? "")![0]);
    expect(first).toBeGreaterThan(60);
    await expect.poll(async () => Number(/\d+/.exec((await countdown.textContent()) ?? "0")![0]), { timeout: 5_000 }).toBeLessThan(first);
    await page.screenshot({ path: `${SHOTS}/sms-login-countdown-js.png` });

    const code = await smsCode("vn.localhost", "vn88", "+84900000001");
    await page.getByLabel("Verification code").fill(code);
    await loginButton(page).click();
    await page.getByRole("dialog", { name: "Security check" }).getByRole("button", { name: "I am human" }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByRole("link", { name: "Logged in as demo01" })).toBeVisible();
  });

  test("br.localhost opened in SMS mode: the server's fields hydrate (their code loads on need) and send the code", async ({ page }) => {
    test.skip(scripts() !== "js", "the fields' scripts");
    const formPosts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/m/login") formPosts.push(request.url());
    });
    await openLogin(page, "/m/login?mode=sms", "br.localhost");
    // The consent banner comes with the tracking layer, once the player first touches the page.
    await touchPage(page);
    await page.getByRole("region", { name: "Advertising pixels" }).getByRole("button", { name: "Decline" }).click();
    // Hydrated: the dialling code is the picker button (a select without scripts), and Send code asks /m/sms-code.
    await expect(page.getByRole("button", { name: /^Country code: .*\+55$/ })).toBeVisible();
    await page.getByLabel("Mobile number").fill("900000002");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByRole("timer")).toContainText(/Resend in \d+ s/);
    expect(await smsCode("br.localhost", "br777", "+55900000002")).toMatch(/^\d+$/);
    expect(formPosts).toEqual([]);
  });

  test("br.localhost without JavaScript: a select for the code, Send code posts the form and keeps the number", async ({ page }) => {
    test.skip(scripts() !== "no-js", "the plain-HTML path");
    await page.goto(urlOn("br.localhost", "/m/login?mode=sms"));
    await page.getByLabel("Country code").selectOption("55");
    await page.getByLabel("Mobile number").fill("900000001");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(/Resend in \d+ s/)).toBeVisible();
    await expect(page.getByLabel("Mobile number")).toHaveValue("900000001");
    await page.screenshot({ path: `${SHOTS}/sms-login-no-js.png` });
    const code = await smsCode("br.localhost", "br777", "+55900000001");
    await page.getByLabel("Verification code").fill(code);
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/m\/home$/);
  });

  // Alone: its hundred code requests keep the server busy for seconds, which other tests' logins would wait behind.
  test(
    "br.localhost past the codes one address may ask for: Send code is answered 429 and the notice shows",
    { tag: EXCLUSIVE },
    async ({ page }) => {
      test.skip(scripts() !== "js", "the page's own script reading a 429; the form's is an edge test (tests/edge/register.test.ts)");
      // An address of its own, whose codes are used up beforehand as any client could (docs/behaviour/identity.md#throttling).
      const client = { "CF-Connecting-IP": `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
      await page.setExtraHTTPHeaders(client);
      const stem = `9${String(Date.now()).slice(-6)}`;
      const send = (i: number) =>
        request({
          host: hostFor("br.localhost"),
          path: "/m/sms-code",
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...client },
          body: new URLSearchParams({ countryDialingCode: "55", mobileNum: `${stem}${String(i).padStart(3, "0")}` }).toString(),
        });
      const limit = THROTTLE_LIMITS["sms-code"].perIp;
      for (let first = 0; first < limit; first += 10) {
        const batch = Array.from({ length: Math.min(10, limit - first) }, (_, i) => send(first + i));
        expect((await Promise.all(batch)).map((sent) => sent.status)).toEqual(batch.map(() => 200));
      }
      await openLogin(page, "/m/login?mode=sms", "br.localhost");
      // br777 asks before loading its pixels: its banner, which comes with the first touch, is answered first.
      await touchPage(page);
      await page.getByRole("region", { name: "Advertising pixels" }).getByRole("button", { name: "Decline" }).click();
      await page.getByLabel("Mobile number").fill(`${stem}999`);
      const answer = page.waitForResponse(
        (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/m/sms-code"),
      );
      await page.getByRole("button", { name: "Send code" }).click();
      expect((await answer).status()).toBe(429);
      await expect(page.getByText(/Too many attempts\. Please try again in (a minute|\d+ minutes)\./)).toBeVisible();
      await expect(page.getByRole("timer")).toHaveCount(0);
    },
  );
});

test.describe("accessibility (axe) of the identity screens", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page");

  /** Serious and critical findings inside the page's main content and dialogs (the shared header is checked elsewhere). */
  const violations = (page: Page) => seriousAxeFindings(page, { within: ["main", "dialog"] });

  test("login, SMS login with the picker open, two-factor modal, change password, member home", async ({ page }) => {
    await openLogin(page);
    expect(await violations(page)).toEqual([]);

    await openLogin(page, "/m/login?mode=sms", "vn.localhost");
    await page.getByRole("button", { name: /^Country code:/ }).click();
    await expect(page.getByRole("dialog", { name: "Choose a country code" })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await openLogin(page);
    await fillCredentials(page, "twofa01", "demo1234");
    await loginButton(page).click();
    await expect(page.getByRole("dialog", { name: "Verify it is you" })).toBeVisible();
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Please enter your real name.")).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await loginAs(page, "expired01", "demo1234", { expectPath: /\/m\/changePsw/ });
    await waitForHydration(page);
    expect(await violations(page)).toEqual([]);
    await page.goto("/m/member/home");
    await waitForHydration(page);
    expect(await violations(page)).toEqual([]);
  });
});
