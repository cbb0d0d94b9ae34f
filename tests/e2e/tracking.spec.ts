// Tracking with JavaScript (docs/behaviour/tracking.md): the ad parameters of a landing page reach a registration made
// three pages later and are mirrored to web storage. The same without JavaScript: tests/edge/tracking.test.ts.
import { getPage } from "../support/http";
import { expect, test, urlOn, waitForHydration } from "./fixtures";

test.use({ announcements: "dismissed" });

type TrackingCall = {
  channel: string;
  eventName: string;
  eventID: string;
  body: { affiliateCode: string; eventValue: { content_id?: string } };
};

/** The merchant's recorded tracking calls of this test (its unique affiliate code). */
async function callsOf(affiliateCode: string, merchant = "demo"): Promise<TrackingCall[]> {
  const reply = await getPage("demo.localhost", `/__sandbox/events?merchant=${merchant}`);
  return reply
    .json<{ value: TrackingCall[] }>()
    .value.filter((call) => call.body.affiliateCode === affiliateCode || call.channel !== "s2s");
}

/** "eventName path" of each server-to-server event of this test, in order. */
async function s2sEvents(affiliateCode: string): Promise<string[]> {
  return (await callsOf(affiliateCode))
    .filter((call) => call.channel === "s2s")
    .map((call) => `${call.eventName} ${call.body.eventValue.content_id ?? ""}`.trim());
}

function uniqueUsername(prefix = "trk"): string {
  return `${prefix}${Date.now().toString(36).slice(-7)}${Math.floor(Math.random() * 36).toString(36)}`.slice(0, 16);
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "client navigation and web storage");

  test("land on home with ad parameters, go through three pages, register: pixelTrack and the codes arrive", async ({ page }) => {
    await page.goto(urlOn("demo.localhost", "/m/home?affiliateCode=AFF-JS&fbclid=fb-js&gclid=g-js&ttclid=tt-js&tiktokPixelId=tk-js"));
    await waitForHydration(page);
    // Mirrored to web storage once the page is idle (docs/behaviour/tracking.md#browser-mirror).
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("adParams") ?? "{}") as Record<string, unknown>))
      .toMatchObject({ fbclid: "fb-js", gclid: "g-js", ttclid: "tt-js", tiktokPixelId: "tk-js" });

    await page.getByRole("link", { name: "Log in" }).first().click();
    await expect(page).toHaveURL(/\/m\/login\?affiliateCode=AFF-JS&fbclid=fb-js&gclid=g-js&ttclid=tt-js$/);
    await page.getByRole("link", { name: "Register" }).last().click();
    await expect(page).toHaveURL(/\/m\/register\?affiliateCode=AFF-JS/);
    await expect(page.getByLabel("Affiliate code")).toHaveValue("AFF-JS");

    const username = uniqueUsername();
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password", { exact: true }).fill("abc12345");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Security check" });
    await dialog.getByRole("button", { name: "I am human" }).click();
    await expect(page).toHaveURL(/\/m\/home\?affiliateCode=AFF-JS/, { timeout: 10_000 });

    const member = await getPage("demo.localhost", `/__sandbox/member?merchant=demo&username=${username}`);
    const info = member.json<{ value: { registerInfo: Record<string, unknown> } }>().value.registerInfo;
    expect(info.affiliateCode).toBe("AFF-JS");
    expect(info.pixelTrack).toEqual({ tiktokPixelId: "tk-js", ad_fbclid: "fb-js", ad_gclid: "g-js", ad_ttclid: "tt-js" });
  });
});

test.describe("browser events", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the browser's own events need JavaScript");

  test("firstOpen once per device, viewContent once per page view: a back navigation sends nothing again", async ({ page }) => {
    const aff = `EVT-${Date.now().toString(36)}`;
    await page.goto(urlOn("demo.localhost", `/m/home?affiliateCode=${aff}`));
    await waitForHydration(page);
    await expect.poll(() => s2sEvents(aff)).toEqual(["firstOpen", "viewContent /m/home"]);

    await page.getByRole("link", { name: "Log in" }).first().click();
    await expect.poll(() => s2sEvents(aff)).toContain("viewContent /m/login");
    await page.goBack();
    await expect(page).toHaveURL(/\/m\/home\?/);
    await page.getByRole("link", { name: "Register" }).first().click();
    await expect.poll(() => s2sEvents(aff)).toContain("viewContent /m/register");
    expect(await s2sEvents(aff)).toEqual(["firstOpen", "viewContent /m/home", "viewContent /m/login", "viewContent /m/register"]);

    // A new page load in the same tab (the layer loads again): firstOpen is not sent again.
    await page.goto(urlOn("demo.localhost", "/m/activity"));
    await expect.poll(() => s2sEvents(aff)).toContain("viewContent /m/activity");
    expect((await s2sEvents(aff)).filter((e) => e === "firstOpen")).toHaveLength(1);
  });
});
