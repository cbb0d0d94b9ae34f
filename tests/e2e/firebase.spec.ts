// Social sign-in and SMS codes by Firebase against the Firebase Auth emulator (docs/behaviour/firebase.md). Tagged
// @firebase: scripts/test.sh runs them beside the exclusive tests, on that server (playwright.config.ts).
import { expect, FIREBASE, test, touchPage, urlOn, waitForHydration } from "./fixtures";
import { emulatorSmsCode } from "../support/firebase-emulator";
import type { Page } from "@playwright/test";

const ANDROID_APP_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 " +
  "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

test.use({ announcements: "dismissed" });

function uniqueEmail(): string {
  return `player${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** A national number no seed member has: 9005 and six digits. */
function uniqueMobile(): string {
  return `9005${String(Date.now() % 1_000_000).padStart(6, "0")}`;
}

/** br777 asks before loading its pixels: the banner is answered first, so it covers no button. */
async function openBrLogin(page: Page): Promise<void> {
  await page.goto(urlOn("br.localhost", "/m/login"));
  // The consent banner comes with the tracking layer, once the player first touches the page.
  await touchPage(page);
  await page.getByRole("region", { name: "Advertising pixels" }).getByRole("button", { name: "Decline" }).click();
}

/** Taps a provider's button and, in the emulator's stand-in for the provider's window, signs in as `email`. */
async function signInWith(page: Page, provider: string, email: string): Promise<void> {
  await page.getByRole("button", { name: `Continue with ${provider}` }).click();
  const chooser = page.getByRole("dialog", { name: `Test sign-in with ${provider}` });
  await chooser.getByLabel("Email address").fill(email);
  await chooser.getByRole("button", { name: "Confirm" }).click();
}

test.describe("social sign-in", { tag: FIREBASE }, () => {
  test("a member whose Google account is linked is signed in", async ({ page }) => {
    await page.goto(urlOn("demo.localhost", "/m/login"));
    await signInWith(page, "Google", "social01@example.com");
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByText("social01").first()).toBeVisible();
  });

  test("a new identity on demo is offered both choices; 'Register a new account' signs in a new member", async ({ page }) => {
    await page.goto(urlOn("demo.localhost", "/m/login"));
    await signInWith(page, "Google", uniqueEmail());
    const offer = page.getByRole("dialog", { name: "Account not linked yet" });
    await expect(offer.getByRole("button", { name: "Log in to an existing account" })).toBeVisible();
    await offer.getByRole("button", { name: "Register a new account" }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
  });

  test("'Log in to an existing account' links the identity: the next sign-in with it is that member", async ({ page, browser }) => {
    const email = uniqueEmail();
    await page.goto(urlOn("demo.localhost", "/m/login"));
    await signInWith(page, "Google", email);
    await page
      .getByRole("dialog", { name: "Account not linked yet" })
      .getByRole("button", { name: "Log in to an existing account" })
      .click();
    await expect(page.getByText("Log in to link your Google account to this account.")).toBeVisible();
    await page.getByRole("textbox", { name: "Username" }).fill("member1");
    await page.getByLabel("Password", { exact: true }).fill("demo1234");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/m\/home$/);

    const again = await browser.newPage();
    await again.goto(urlOn("demo.localhost", "/m/login"));
    await signInWith(again, "Google", email);
    await expect(again).toHaveURL(/\/m\/home$/);
    await expect(again.getByText("member1").first()).toBeVisible();
    await again.close();
  });

  test("a new identity on br777 (auto-register) is registered and signed in at once", async ({ page }) => {
    await openBrLogin(page);
    await expect(page.getByRole("button", { name: "Continue with Facebook" })).toBeVisible();
    await signInWith(page, "Google", uniqueEmail());
    await expect(page).toHaveURL(/\/m\/home$/);
  });

  test("a private window is refused with a 1.5 s toast, before any sign-in window", async ({ page }) => {
    // Chromium's private windows have a small storage quota: the product's sign of one.
    await page.addInitScript(() => {
      navigator.storage.estimate = async () => ({ quota: 100 * 1024 * 1024, usage: 0 });
    });
    await page.clock.install();
    await page.goto(urlOn("demo.localhost", "/m/login"));
    await page.getByRole("button", { name: "Continue with Google" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Not supported in incognito mode" });
    await expect(toast).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.clock.runFor(1_600);
    await expect(toast).toHaveCount(0);
  });
});

test.describe("social sign-in inside the Android app", { tag: FIREBASE }, () => {
  test.use({ userAgent: ANDROID_APP_UA, isMobile: true, hasTouch: true });

  test("Facebook without the app's own sign-in says 'coming soon'; Google goes on", async ({ page }) => {
    await openBrLogin(page);
    await page.getByRole("button", { name: "Continue with Facebook" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Coming soon" })).toBeVisible();
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByRole("dialog", { name: "Test sign-in with Google" })).toBeVisible();
  });
});

test.describe("SMS codes by Firebase", { tag: FIREBASE }, () => {
  test("SMS login: Firebase sends the code, the member is signed in", async ({ page }) => {
    await page.goto(urlOn("demo.localhost", "/m/login?mode=sms"));
    // Firebase sends and checks the code from the page's scripts: wait for React before typing (as the login specs do).
    await waitForHydration(page);
    await page.getByLabel("Mobile number").fill("900000001");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(/Resend in \d+ s/)).toBeVisible();
    await page.getByLabel("Verification code").fill(await emulatorSmsCode("+1900000001"));
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByText("demo01").first()).toBeVisible();
  });

  test("a code typed before any was sent: 'code expired', and nothing is posted", async ({ page }) => {
    await page.goto(urlOn("demo.localhost", "/m/login?mode=sms"));
    await waitForHydration(page);
    await page.getByLabel("Mobile number").fill("900000001");
    await page.getByLabel("Verification code").fill("123456");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByText("The verification code has expired or was not sent. Please request a new code.")).toBeVisible();
    await expect(page).toHaveURL(/\/m\/login\?mode=sms$/);
  });

  test("SMS registration: a new number registers by identity provider and is signed in", async ({ page }) => {
    const mobile = uniqueMobile();
    await page.goto(urlOn("demo.localhost", "/m/register?mode=mobile"));
    await waitForHydration(page);
    await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
    await page.getByLabel("Mobile number").fill(mobile);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(/Resend in \d+ s/)).toBeVisible();
    await page.getByLabel("Verification code").fill(await emulatorSmsCode(`+1${mobile}`));
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page.getByRole("alertdialog").or(page.getByRole("dialog"))).toBeVisible();
    await expect(page).toHaveURL(/\/m\/home$/);
  });
});
