// The captcha, end to end: the sandbox's Geetest stand-in scripts (v3 and v4 interfaces), and the product's
// <CaptchaField> on /m/register (demo: register captcha on, Geetest v3).
import type { Page, Request } from "@playwright/test";
import { EXCLUSIVE, expect, shellState, test, touchPage, urlOn, waitForHydration } from "./fixtures";

const DIALOG = { name: "Security check" } as const;

function uniqueUsername(): string {
  return `cap${Date.now().toString(36).slice(-8)}`.slice(0, 12);
}

async function fillRegisterForm(page: Page) {
  await page.getByRole("textbox", { name: "Username" }).fill(uniqueUsername());
  await page.getByLabel("Password", { exact: true }).fill("abc12345");
}

function registerPost(page: Page): Promise<Request> {
  return page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname.startsWith("/m/register"));
}

/** The form fields of a posted request (a urlencoded or multipart body). */
function postedFields(request: Request): Record<string, string> {
  const body = request.postData() ?? "";
  const type = request.headers()["content-type"] ?? "";
  if (type.includes("multipart/form-data")) {
    const fields: Record<string, string> = {};
    for (const m of body.matchAll(/name="([^"]+)"\r\n\r\n([\s\S]*?)\r\n--/g)) fields[m[1]!] = m[2]!;
    return fields;
  }
  return Object.fromEntries(new URLSearchParams(body));
}

test.describe("sandbox widget scripts", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the widget is JavaScript");
  // These tests load the widget over /m/home, where a visitor's announcement popup would open over it after 1 s.
  test.use({ announcements: "dismissed" });

  test("gt.js: initGeetest (v3), Escape closes → onClose, 'I am human' → onSuccess and getValidate", async ({ page }) => {
    await page.goto("/m/home");
    await waitForHydration(page);
    await page.addScriptTag({ url: "/wps/sandbox-pages/geetest/gt.js" });
    await page.evaluate(async () => {
      const reply = (await (await fetch("/m/captcha?product=register")).json()) as { gt: string; challenge: string };
      const w = window as unknown as Record<string, unknown> & { events: string[]; captcha: Record<string, () => unknown> };
      w.events = [];
      (w.initGeetest as (c: object, cb: (o: Record<string, (f?: unknown) => unknown>) => void) => void)(
        { gt: reply.gt, challenge: reply.challenge, offline: false, new_captcha: true, product: "bind", lang: "en", merchant: "demo" },
        (captcha) => {
          w.captcha = captcha as never;
          captcha.onReady!(() => w.events.push("ready"));
          captcha.onSuccess!(() => w.events.push("success"));
          captcha.onClose!(() => w.events.push("close"));
          captcha.onError!(() => w.events.push("error"));
        },
      );
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as { events: string[] }).events)).toEqual(["ready"]);

    await page.evaluate(() => (window as unknown as { captcha: { verify(): void } }).captcha.verify());
    const dialog = page.getByRole("dialog", DIALOG);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "I am human" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect.poll(() => page.evaluate(() => (window as unknown as { events: string[] }).events)).toEqual(["ready", "close"]);
    expect(await page.evaluate(() => (window as unknown as { captcha: { getValidate(): unknown } }).captcha.getValidate())).toBe(false);

    await page.evaluate(() => (window as unknown as { captcha: { verify(): void } }).captcha.verify());
    await dialog.getByRole("button", { name: "I am human" }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => page.evaluate(() => (window as unknown as { events: string[] }).events)).toEqual(["ready", "close", "success"]);
    const validate = await page.evaluate(() =>
      (window as unknown as { captcha: { getValidate(): Record<string, string> } }).captcha.getValidate(),
    );
    expect(Object.keys(validate).sort()).toEqual(["geetest_challenge", "geetest_seccode", "geetest_validate"]);
    expect(validate.geetest_seccode).toBe(`${validate.geetest_validate}|jordan`);
  });

  test("gt4.js: initGeetest4 (v4), Close button → onClose, solve → the four v4 fields", async ({ page }) => {
    await page.goto(urlOn("vn.localhost", "/m/home"));
    await waitForHydration(page);
    await page.addScriptTag({ url: "/wps/sandbox-pages/geetest/gt4.js" });
    await page.evaluate(async () => {
      const reply = (await (await fetch("/m/captcha?product=sms")).json()) as { captchaId: string };
      const w = window as unknown as Record<string, unknown> & { events: string[] };
      w.events = [];
      (w.initGeetest4 as (c: object, cb: (o: Record<string, (f?: unknown) => unknown>) => void) => void)(
        { captchaId: reply.captchaId, product: "bind", language: "vie", merchant: "vn88" },
        (captcha) => {
          w.captcha = captcha;
          captcha.onReady!(() => w.events.push("ready"));
          captcha.onSuccess!(() => w.events.push("success"));
          captcha.onClose!(() => w.events.push("close"));
        },
      );
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as { events: string[] }).events)).toEqual(["ready"]);
    await page.evaluate(() => (window as unknown as { captcha: { showCaptcha(): void } }).captcha.showCaptcha());
    const dialog = page.getByRole("dialog", DIALOG);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await page.evaluate(() => (window as unknown as { captcha: { showCaptcha(): void } }).captcha.showCaptcha());
    await dialog.getByRole("button", { name: "I am human" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { events: string[] }).events)).toEqual(["ready", "close", "success"]);
    const validate = await page.evaluate(() =>
      (window as unknown as { captcha: { getValidate(): Record<string, string> } }).captcha.getValidate(),
    );
    expect(Object.keys(validate).sort()).toEqual(["captcha_output", "gen_time", "lot_number", "pass_token"]);
  });

  test("gt4.js: appendTo with the float product draws the slider; moved to the end it solves → the four v4 fields", async ({ page }) => {
    await page.goto(urlOn("vn.localhost", "/m/home"));
    await waitForHydration(page);
    await page.addScriptTag({ url: "/wps/sandbox-pages/geetest/gt4.js" });
    await page.evaluate(async () => {
      const reply = (await (await fetch("/m/captcha?product=sms")).json()) as { captchaId: string };
      const w = window as unknown as Record<string, unknown> & { events: string[] };
      w.events = [];
      const host = document.createElement("div");
      document.querySelector("main")!.insertAdjacentElement("afterbegin", host);
      (w.initGeetest4 as (c: object, cb: (o: Record<string, (f?: unknown) => unknown>) => void) => void)(
        { captchaId: reply.captchaId, product: "float", language: "vie", merchant: "vn88" },
        (captcha) => {
          w.captcha = captcha;
          captcha.onReady!(() => {
            w.events.push("ready");
            captcha.appendTo!(host);
          });
          captcha.onSuccess!(() => w.events.push("success"));
        },
      );
    });
    const slider = page.getByRole("slider", { name: "Slide to verify" });
    await expect(slider).toBeVisible();
    await slider.focus();
    await page.keyboard.press("End");
    await expect.poll(() => page.evaluate(() => (window as unknown as { events: string[] }).events)).toEqual(["ready", "success"]);
    const validate = await page.evaluate(() =>
      (window as unknown as { captcha: { getValidate(): Record<string, string> } }).captcha.getValidate(),
    );
    expect(Object.keys(validate).sort()).toEqual(["captcha_output", "gen_time", "lot_number", "pass_token"]);
  });
});

// Needs /m/register (see the note at the top).
test.describe("/m/register captcha", () => {
  test.describe("with JavaScript", () => {
    test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JavaScript flow");

    test("captcha passed: Register opens the security check, 'I am human' fills the fields and the form posts", async ({ page }) => {
      await page.goto("/m/register");
      await waitForHydration(page);
      await fillRegisterForm(page);
      await expect(page.getByRole("button", { name: "Tap to verify" })).toBeVisible({ timeout: 10_000 });
      await page.getByRole("button", { name: "Register", exact: true }).click();
      const dialog = page.getByRole("dialog", DIALOG);
      await expect(dialog).toBeVisible();
      const posted = registerPost(page);
      await dialog.getByRole("button", { name: "I am human" }).click();
      const fields = postedFields(await posted);
      expect(fields.geetestChallenge).toMatch(/^[0-9a-f]+$/);
      expect(fields.geetestValidate).toBeTruthy();
      expect(fields.geetestSeccode).toBe(`${fields.geetestValidate}|jordan`);
    });

    test("captcha closed: a 'verify first' notice, and nothing is posted", async ({ page }) => {
      await page.goto("/m/register");
      await waitForHydration(page);
      let posts = 0;
      page.on("request", (r) => {
        if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/m/register")) posts += 1;
      });
      await fillRegisterForm(page);
      await expect(page.getByRole("button", { name: "Tap to verify" })).toBeVisible({ timeout: 10_000 });
      await page.getByRole("button", { name: "Register", exact: true }).click();
      const dialog = page.getByRole("dialog", DIALOG);
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).click();
      const notice = page.getByRole("alertdialog", { name: "Notice" });
      await expect(notice).toContainText("Please complete the security check first.");
      await notice.getByRole("button", { name: "Confirm" }).click();
      await expect(notice).toBeHidden();
      expect(posts).toBe(0);
      // The widget is still usable.
      await expect(page.getByRole("button", { name: "Tap to verify" })).toBeVisible();
    });

    test("the plain captcha's code is not requested before the player is on the form; a tap in the form loads it", async ({ page }) => {
      const asked: string[] = [];
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (/^\/assets\/widget-[\w-]+\.js$/.test(path) || path.endsWith("/gt.js")) asked.push(path.endsWith("/gt.js") ? "gt.js" : "widget");
      });
      await page.goto("/m/register");
      await waitForHydration(page);
      // The page's effects have run (this decision is one of them), the captcha's included.
      await shellState(page, "install-prompt", "none");
      // The box shows the button it will be, not a gap.
      await expect(page.getByRole("group", { name: "Security check" }).getByRole("button", { name: "Tap to verify" })).toBeVisible();
      expect(asked).toEqual([]);
      await page.getByRole("textbox", { name: "Username" }).click();
      await expect.poll(() => asked, { timeout: 10_000 }).toEqual(["widget", "gt.js"]);
    });

    test("'Tap to verify' tapped before the captcha's code has arrived loads it and opens the security check", async ({ page }) => {
      await page.goto("/m/register");
      await waitForHydration(page);
      await shellState(page, "install-prompt", "none");
      await page.getByRole("button", { name: "Tap to verify" }).click();
      await expect(page.getByRole("dialog", DIALOG)).toBeVisible({ timeout: 10_000 });
    });

    test("a tap still held when the captcha's code arrives opens the security check once released", async ({ page }) => {
      await page.goto("/m/register");
      await waitForHydration(page);
      await shellState(page, "install-prompt", "none");
      const button = page.getByRole("button", { name: "Tap to verify" });
      const pressed = await button.elementHandle();
      await button.hover();
      await page.mouse.down();
      // The code arrived under the finger: the widget's status has taken the button's place.
      await page.waitForFunction((element) => !element?.isConnected, pressed);
      await page.mouse.up();
      await expect(page.getByRole("dialog", DIALOG)).toBeVisible({ timeout: 10_000 });
    });

    test("a post before any focus, tap or key in the form loads the captcha and opens it", async ({ page }) => {
      await page.goto("/m/register");
      await waitForHydration(page);
      await shellState(page, "install-prompt", "none");
      // Not a player's way to post (a player taps or types in the form first), but the one that reaches the form's
      // submit without any of that: the fields filled and the form submitted from a script.
      await page.evaluate((username) => {
        const form = document.getElementById("register-form") as HTMLFormElement;
        (form.elements.namedItem("username") as HTMLInputElement).value = username;
        (form.elements.namedItem("password") as HTMLInputElement).value = "abc12345";
        form.requestSubmit();
      }, uniqueUsername());
      await expect(page.getByRole("dialog", DIALOG)).toBeVisible({ timeout: 10_000 });
    });

    // The script servers are the merchant's setting: changing them is a fault for everyone on demo, so these run alone.
    test(
      "first script server dead: the widget is ready after the 3 s fallback and still passes",
      { tag: EXCLUSIVE },
      async ({ page, faults }) => {
        await faults({ merchant: "demo", captchaServers: ["/wps/sandbox-pages/geetest-dead", "/wps/sandbox-pages/geetest"] });
        // Not until "load": the dead server's script, when the widget asks for it before the page has loaded, holds the
        // load event for its 20 s.
        await page.goto("/m/register", { waitUntil: "domcontentloaded" });
        // The widget starts loading when the player is on the form.
        const started = Date.now();
        await fillRegisterForm(page);
        const loading = page.getByRole("status").filter({ hasText: "Loading the security check" });
        await expect(loading).toBeVisible();
        await expect(loading).toBeHidden({ timeout: 9_000 });
        await expect(page.getByRole("button", { name: "Tap to verify" })).toBeVisible();
        expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
        await page.getByRole("button", { name: "Register", exact: true }).click();
        const posted = registerPost(page);
        await page.getByRole("dialog", DIALOG).getByRole("button", { name: "I am human" }).click();
        expect(postedFields(await posted).geetestValidate).toBeTruthy();
      },
    );

    test(
      "every script server dead: 'Network failure' with a Retry link that returns to loading",
      { tag: EXCLUSIVE },
      async ({ page, faults }) => {
        test.setTimeout(45_000);
        await faults({ merchant: "demo", captchaServers: ["/wps/sandbox-pages/geetest-dead"] });
        await page.goto("/m/register", { waitUntil: "domcontentloaded" });
        await fillRegisterForm(page);
        await expect(page.getByRole("alert").filter({ hasText: "Network failure (60204)" })).toBeVisible({ timeout: 8_000 });
        await faults({ merchant: "demo", captchaServers: ["/wps/sandbox-pages/geetest"] });
        await page.getByRole("button", { name: "Retry" }).click();
        // The page still has the dead server from its loader; the retry shows loading again, then the same error.
        await expect(page.getByRole("status").filter({ hasText: "Loading the security check" })).toBeVisible();
      },
    );
  });

  // br777 has the login slider flag on (settings login.slider): its register captcha is the slider.
  test.describe("the slider (br.localhost)", () => {
    test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JavaScript flow");

    async function openBrRegister(page: Page) {
      await page.goto(urlOn("br.localhost", "/m/register?language=EN"));
      // The consent banner comes with the tracking layer, once the player first touches the page.
      await touchPage(page);
      await page.getByRole("region", { name: "Advertising pixels" }).getByRole("button", { name: "Decline" }).click();
      await waitForHydration(page);
      const slider = page.getByRole("slider", { name: "Slide to verify" });
      await expect(slider).toBeVisible({ timeout: 10_000 });
      // The plain captcha's button is not there.
      await expect(page.getByRole("button", { name: "Tap to verify" })).toHaveCount(0);
      await fillRegisterForm(page);
      return slider;
    }

    test("dragged to the end with the mouse, it verifies and Register posts the result", async ({ page }) => {
      const slider = await openBrRegister(page);
      await slider.scrollIntoViewIfNeeded();
      const handle = await slider.boundingBox();
      const track = await slider.locator("..").boundingBox();
      expect(handle && track).toBeTruthy();
      await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
      await page.mouse.down();
      await page.mouse.move(track!.x + track!.width - 2, handle!.y + handle!.height / 2, { steps: 8 });
      await page.mouse.up();
      await expect(page.getByRole("status").filter({ hasText: "Verified" })).toBeVisible();
      const posted = registerPost(page);
      await page.getByRole("button", { name: "Register", exact: true }).click();
      const fields = postedFields(await posted);
      expect(fields.geetestChallenge).toMatch(/^[0-9a-f]+$/);
      expect(fields.geetestSeccode).toBe(`${fields.geetestValidate}|jordan`);
    });

    test("moved with the keyboard (arrow keys, then End), it verifies; Register before that asks for it and posts nothing", async ({
      page,
    }) => {
      const slider = await openBrRegister(page);
      let posts = 0;
      page.on("request", (r) => {
        if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/m/register")) posts += 1;
      });
      await page.getByRole("button", { name: "Register", exact: true }).click();
      const notice = page.getByRole("alertdialog", { name: "Notice" });
      await expect(notice).toContainText("Please complete the security check first.");
      await notice.getByRole("button", { name: "Confirm" }).click();
      expect(posts).toBe(0);

      await slider.focus();
      await page.keyboard.press("ArrowRight");
      await expect(slider).toHaveAttribute("aria-valuenow", "10");
      await page.keyboard.press("End");
      await expect(page.getByRole("status").filter({ hasText: "Verified" })).toBeVisible();
      // The form takes a new submit 500 ms after the one that asked for the slider (docs/behaviour/identity.md#submit-lock).
      await shellState(page, "submit-lock", "open");
      const posted = registerPost(page);
      await page.getByRole("button", { name: "Register", exact: true }).click();
      expect(postedFields(await posted).geetestValidate).toBeTruthy();
    });
  });

  test.describe("without JavaScript", () => {
    test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "no-JavaScript flow");

    test("the field says the check needs JavaScript, and a post is refused with the platform's message", async ({ page }) => {
      await page.goto("/m/register");
      // getByText and textContent skip <noscript> content; the rendered text (innerText) has it.
      await expect(page.getByRole("group", { name: "Security check" })).toContainText(
        "This form needs JavaScript for its security check.",
        {
          useInnerText: true,
        },
      );
      await fillRegisterForm(page);
      await page.getByRole("button", { name: "Register", exact: true }).click();
      // The sandbox answers geetest.required; the page shows its message in the Notice alert instead of registering.
      await expect(page).toHaveURL(/\/m\/register/);
      await expect(page.getByRole("alertdialog", { name: "Notice" })).toContainText("Please complete the captcha verification");
    });
  });
});
