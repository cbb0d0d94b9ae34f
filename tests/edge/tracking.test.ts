// Tracking and attribution at the edge, without JavaScript (docs/behaviour/tracking.md): the ad campaign parameters of
// any landing address kept in first-party cookies and delivered with a registration posted as a plain form; the
// tracking parameters kept on the links and redirects the product makes.
import { describe, expect, it } from "vitest";
import { decodeEntities, getPage, hostFor, originFor, request, type RawReply } from "../support/http";
import { developmentSessionSecret, memberSession } from "../support/member";
import { AD_PARAM_NAMES, readAdParams } from "~/tracking/registration-info.server";
import { AD_TRACKING_NAMES } from "~/tracking/ad-tracking";
import { solvedCaptcha } from "../support/captcha";
import { cookieJar, inputValue, postForm, uniqueUsername } from "../support/forms";

const FORM = { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Mozilla/5.0 (Linux; Android 14) Mobile" };

/** The href of the link whose text is `text`. */
function linkHref(html: string, text: string): string | undefined {
  const match = new RegExp(`<a\\b[^>]*href="([^"]*)"[^>]*>${text}</a>`).exec(html);
  return match ? decodeEntities(match[1]!) : undefined;
}

/** A form post from a demo page, by a phone (the register method and Device header follow the user agent). */
function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return postForm("demo.localhost", path, fields, { "User-Agent": FORM["User-Agent"], ...headers });
}

type TrackingCall = { channel: string; eventName: string; eventID: string; body: Record<string, unknown>; at: number };

/** The sandbox's recorded tracking calls for a merchant that match, waited for: the edge sends after answering. */
async function trackingCalls(match: (call: TrackingCall) => boolean, count = 1, merchant = "demo"): Promise<TrackingCall[]> {
  let found: TrackingCall[] = [];
  await expect
    .poll(
      async () => {
        const reply = await getPage("demo.localhost", `/__sandbox/events?merchant=${merchant}`);
        found = reply.json<{ value: TrackingCall[] }>().value.filter(match);
        return found.length;
      },
      { timeout: 5_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** Unique per run: the sandbox keeps what earlier runs recorded. */
const AFF = `AFF-${Date.now().toString(36)}`;
const LANDING = `/m/home?affiliateCode=${AFF}&fbclid=fb-h1&gclid=g-h1&ttclid=tt-h1&fbPixelId=px-h1&utm_source=ignored`;

describe("attribution from any landing page", () => {
  it("keeps the parameters of /m/home for 90 days and delivers them with a registration posted three pages later", async () => {
    const landing = await getPage("demo.localhost", LANDING);
    expect(landing.status).toBe(200);
    const reg = landing.cookies.find((c) => c.startsWith("mc_reg="));
    const ad = landing.cookies.find((c) => c.startsWith("mc_ad="));
    expect(reg).toMatch(/HttpOnly/i);
    expect(reg).toMatch(/Max-Age=7776000/);
    expect(ad).toMatch(/Max-Age=7776000/);

    // Home's links keep the tracking parameters (not the pixel id, not utm_*).
    const register = linkHref(landing.body, "Register");
    expect(register).toBe(`/m/register?affiliateCode=${AFF}&fbclid=fb-h1&gclid=g-h1&ttclid=tt-h1`);
    const login = linkHref(landing.body, "Log in");
    expect(login).toBe(`/m/login?affiliateCode=${AFF}&fbclid=fb-h1&gclid=g-h1&ttclid=tt-h1`);

    // Page two and three without any parameter: the cookies carry them.
    const cookie = cookieJar(landing);
    const promotions = await getPage("demo.localhost", "/m/activity", { Cookie: cookie });
    expect(promotions.status).toBe(200);
    const form = await getPage("demo.localhost", "/m/register", { Cookie: cookie });
    expect(inputValue(form.body, "affiliateCode")).toBe(AFF);

    const username = uniqueUsername("trk");
    const reply = await post(
      "/m/register",
      {
        mode: "username",
        username,
        password: "abc12345",
        referralCode: "",
        affiliateCode: inputValue(form.body, "affiliateCode")!,
        ...(await solvedCaptcha("demo.localhost", "register")),
      },
      { Cookie: cookie },
    );
    expect(reply.status, reply.body.slice(0, 300)).toBe(302);
    // The edge's events wait for the next page's pixels (demo has two), signed, for the browser session only.
    const queue = reply.cookies.find((c) => c.startsWith("mc_pixq="));
    expect(queue).toMatch(/HttpOnly/i);
    expect(queue).not.toMatch(/Max-Age|Expires/i);
    const next = await getPage("demo.localhost", "/m/home", { Cookie: cookieJar(landing, reply) });
    expect(next.cookies.find((c) => c.startsWith("mc_pixq="))).toMatch(/Max-Age=0/);
    const member = await getPage("demo.localhost", `/__sandbox/member?merchant=demo&username=${username}`);
    const info = member.json<{ value: { registerInfo: Record<string, unknown> } }>().value.registerInfo;
    expect(info.affiliateCode).toBe(AFF);
    expect(info.referralCode).toBeNull();
    expect(info.pixelTrack).toEqual({ fbPixelId: "px-h1", ad_fbclid: "fb-h1", ad_gclid: "g-h1", ad_ttclid: "tt-h1" });

    // The edge sent registerSubmit and register to the platform (docs/behaviour/tracking.md#edge-events).
    const events = await trackingCalls(
      (call) => call.channel === "s2s" && (call.body.eventValue as { customerName?: string }).customerName === username,
    );
    expect(events.map((e) => e.eventName)).toEqual(["register"]);
    expect(events[0]!.body).toMatchObject({
      domain: hostFor("demo.localhost"),
      affiliateCode: AFF,
      eventName: "register",
      fbp: "",
      pwaType: "H5",
      eventValue: { channels: ["facebook", "tiktok"], customerName: username },
    });
    expect(events[0]!.body.fbc).toMatch(/^fb\.1\.\d+\.fb-h1$/);
    expect(events[0]!.eventID).toMatch(/^[0-9a-f-]{36}$/);
    const submits = await trackingCalls((call) => call.eventName === "registerSubmit" && call.body.affiliateCode === AFF);
    expect(submits[0]!.body).toMatchObject({ affiliateCode: AFF, pwaType: "H5" });
  });

  it("stores nothing for an address without campaign parameters", async () => {
    const page = await getPage("demo.localhost", "/m/home?utm_source=x");
    expect(page.cookies.some((c) => /^mc_(reg|ad)=/.test(c))).toBe(false);
  });

  it("every ad parameter at its longest over two landings: an ad cookie under 4096 bytes, the second landing's kept", async () => {
    // Half the parameters per landing, each at the 256 characters a value keeps (one address cannot carry them all).
    const value = (landing: string, name: string) => `${landing}-${name}-`.padEnd(256, "x");
    const half = Math.ceil(AD_PARAM_NAMES.length / 2);
    const [earlier, later] = [AD_PARAM_NAMES.slice(0, half), AD_PARAM_NAMES.slice(half)];
    const landing = (names: readonly string[], headers: Record<string, string> = {}) =>
      getPage("demo.localhost", `/m/home?${new URLSearchParams(names.map((name) => [name, value("one", name)]))}`, headers);
    const adCookie = (reply: RawReply) => reply.cookies.find((c) => c.startsWith("mc_ad="))!;
    const readBack = (line: string) =>
      readAdParams(
        new Request(`${originFor("demo.localhost")}/m/home`, { headers: { Cookie: line.split(";")[0]! } }),
        developmentSessionSecret(),
      );

    const first = await landing(earlier);
    expect(first.status).toBe(200);
    const second = await landing(later, { Cookie: adCookie(first).split(";")[0]! });
    expect(second.status).toBe(200);
    expect(new TextEncoder().encode(adCookie(second)).byteLength).toBeLessThan(4096);
    const stored = await readBack(adCookie(second));
    for (const name of later) expect(stored[name], name).toBe(value("one", name));
  });
});

describe("the stored ad-tracking info of an app shell", () => {
  it("a landing address's ids reach the registration's pixelTrack and the register event's value", async () => {
    const aff = `ADT-${Date.now().toString(36)}`;
    const ids = Object.fromEntries(AD_TRACKING_NAMES.map((name) => [name, `${name}-1`]));
    const landing = await getPage("demo.localhost", `/m/home?${new URLSearchParams({ affiliateCode: aff, ...ids })}`);
    expect(landing.status).toBe(200);
    const cookie = cookieJar(landing);
    const form = await getPage("demo.localhost", "/m/register", { Cookie: cookie });
    const username = uniqueUsername("adt");
    const reply = await post(
      "/m/register",
      {
        mode: "username",
        username,
        password: "abc12345",
        affiliateCode: inputValue(form.body, "affiliateCode")!,
        ...(await solvedCaptcha("demo.localhost", "register")),
      },
      { Cookie: cookie },
    );
    expect(reply.status, reply.body.slice(0, 300)).toBe(302);
    const member = await getPage("demo.localhost", `/__sandbox/member?merchant=demo&username=${username}`);
    const info = member.json<{ value: { registerInfo: { pixelTrack: Record<string, string> } } }>().value.registerInfo;
    expect(info.pixelTrack).toEqual(ids);
    const [event] = await trackingCalls(
      (call) =>
        call.channel === "s2s" &&
        call.eventName === "register" &&
        (call.body.eventValue as { customerName?: string }).customerName === username,
    );
    expect((event!.body.eventValue as { adTracking?: unknown }).adTracking).toEqual(ids);
  });

  it("all nine at their longest beside the ad parameters: an ad cookie under 4096 bytes that keeps all nine", async () => {
    const long = (name: string) => `${name}-`.padEnd(256, "y");
    const ids = Object.fromEntries(AD_TRACKING_NAMES.map((name) => [name, long(name)]));
    const first = await getPage("demo.localhost", `/m/home?${new URLSearchParams(AD_PARAM_NAMES.slice(0, 8).map((n) => [n, long(n)]))}`);
    const earlier = first.cookies.find((c) => c.startsWith("mc_ad="))!;
    const second = await getPage("demo.localhost", `/m/home?${new URLSearchParams(ids)}`, { Cookie: earlier.split(";")[0]! });
    const line = second.cookies.find((c) => c.startsWith("mc_ad="))!;
    expect(new TextEncoder().encode(line).byteLength).toBeLessThan(4096);
    const stored = await readAdParams(
      new Request(`${originFor("demo.localhost")}/m/home`, { headers: { Cookie: line.split(";")[0]! } }),
      developmentSessionSecret(),
    );
    for (const name of AD_TRACKING_NAMES) expect(stored[name], name).toBe(long(name));
  });
});

describe("tracking parameters on the product's redirects", () => {
  it("login carries the login page's parameters to where it sends the member, and logout back to the login page", async () => {
    const login = await post(`/m/login?affiliateCode=${AFF}-L&gclid=g-l`, { username: "demo01", password: "demo1234" });
    expect(login.status).toBe(302);
    expect(login.header("location")).toBe(`/m/home?affiliateCode=${AFF}-L&gclid=g-l`);
    // …and the edge sent the login event, with the address's affiliate code.
    const [event] = await trackingCalls((call) => call.eventName === "login" && call.body.affiliateCode === `${AFF}-L`);
    expect(event!.body).toMatchObject({ eventValue: { customerName: "demo01" }, pwaType: "H5" });

    const logout = await post(
      "/m/logout",
      {},
      { Cookie: cookieJar(login), Referer: `${originFor("demo.localhost")}/m/home?r=INV1&fbclid=f-o&x=1` },
    );
    expect(logout.status).toBe(302);
    expect(logout.header("location")).toBe("/m/login?r=INV1&fbclid=f-o");

    // A Referer from another site is not followed.
    const foreign = await post("/m/logout", {}, { Referer: "https://elsewhere.example/?affiliateCode=EVIL" });
    expect(foreign.header("location")).toBe("/m/login");
  });
});

describe("events", () => {
  it("a page's report: the edge adds domain, attribution, device and the session's member, never the body's", async () => {
    const landing = await getPage("demo.localhost", "/m/home?affiliateCode=AFF-EV&fbclid=fb-ev");
    const login = await post("/m/login", { username: "demo01", password: "demo1234" }, { Cookie: cookieJar(landing) });
    expect(login.status).toBe(302);
    const eventID = crypto.randomUUID();
    const reply = await post(
      "/m/track",
      { eventName: "viewContent", eventID, displayMode: "standalone", contentId: "/m/activity", customerId: "1", customerName: "someone" },
      { Cookie: `${cookieJar(landing, login)}; _fbp=fb.1.1700000000000.123456` },
    );
    expect(reply.status).toBe(204);
    const demo01 = await getPage("demo.localhost", "/__sandbox/member?merchant=demo&username=demo01");
    const [event] = await trackingCalls((call) => call.eventID === eventID);
    expect(event!.body).toEqual({
      domain: hostFor("demo.localhost"),
      affiliateCode: "AFF-EV",
      eventName: "viewContent",
      eventValue: {
        content_id: "/m/activity",
        customerId: String(demo01.json<{ value: { id: number } }>().value.id),
        customerName: "demo01",
        channels: ["facebook", "tiktok"],
      },
      fbc: expect.stringMatching(/^fb\.1\.\d+\.fb-ev$/) as unknown,
      fbp: "fb.1.1700000000000.123456",
      eventID,
      pwaType: "PWA",
    });
  });

  it("a visitor's report names no member, whatever the body says", async () => {
    const eventID = crypto.randomUUID();
    const reply = await post("/m/track", { eventName: "firstOpen", eventID, customerId: "1", customerName: "demo01", amount: "5" });
    expect(reply.status).toBe(204);
    const [event] = await trackingCalls((call) => call.eventID === eventID);
    expect(event!.body.eventValue).toEqual({ channels: ["facebook", "tiktok"] });
  });

  it("refuses what a page may not report (money events, the edge's own events, bad ids) and posts from another site", async () => {
    const refused = await post("/m/track", {
      eventName: "firstDeposit",
      eventID: crypto.randomUUID(),
      amount: "999999999",
      customerId: "1",
    });
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ error: "event-not-reported-by-browser" });
    expect((await post("/m/track", { eventName: "register", eventID: crypto.randomUUID() })).status).toBe(403);
    expect((await post("/m/track", { eventName: "viewContent", eventID: "x" })).status).toBe(400);
    expect(
      (await post("/m/track", { eventName: "viewContent", eventID: crypto.randomUUID() }, { Origin: "https://elsewhere.example" })).status,
    ).toBe(403);
  });

  it("a post without Origin (not from a browser page) is refused, and the platform gets nothing", async () => {
    const eventID = crypto.randomUUID();
    const reply = await request({
      host: hostFor("demo.localhost"),
      path: "/m/track?affiliateCode=ATTACKER1",
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ eventName: "viewContent", eventID }).toString(),
    });
    expect(reply.status).toBe(403);
    expect(reply.json()).toEqual({ error: "same-origin-required" });
    // A same-origin post sent after it arrives, so the refused one would have been recorded before it.
    const marker = crypto.randomUUID();
    expect((await post("/m/track", { eventName: "viewContent", eventID: marker })).status).toBe(204);
    await trackingCalls((call) => call.eventID === marker);
    const all = await getPage("demo.localhost", "/__sandbox/events?merchant=demo");
    expect(all.json<{ value: TrackingCall[] }>().value.some((call) => call.eventID === eventID)).toBe(false);
  });

  it("refuses an oversized event with 413", async () => {
    const reply = await post("/m/track", { eventName: "viewContent", eventID: crypto.randomUUID(), contentId: "/m/".padEnd(3_000, "x") });
    expect(reply.status).toBe(413);
    expect(reply.json()).toEqual({ error: "event-too-large" });
  });

  it("limits one client to 100 events in 10 s: of 101 sent at once one is answered 429, another client is not limited", async () => {
    // A client address of its own, so no other test's events count.
    const client = { "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
    // All at once: the window is counted from the first to arrive, and one after another they could outlast it.
    const replies = await Promise.all(
      Array.from({ length: 101 }, () => post("/m/track", { eventName: "viewContent", eventID: crypto.randomUUID() }, client)),
    );
    expect(replies.filter((reply) => reply.status === 204)).toHaveLength(100);
    const limited = replies.filter((reply) => reply.status === 429);
    expect(limited).toHaveLength(1);
    expect(limited[0]!.json()).toEqual({ error: "too-many-events" });
    expect(Number(limited[0]!.header("retry-after"))).toBeGreaterThanOrEqual(1);
    const other = await post("/m/track", { eventName: "viewContent", eventID: crypto.randomUUID() }, { "CF-Connecting-IP": "192.0.2.77" });
    expect(other.status).toBe(204);
  });

  it("a game launch without JavaScript: the edge sends gameLaunch", async () => {
    const { cookie } = await memberSession();
    const launch = await getPage("demo.localhost", "/m/launchGame?prize_mode=Lott&code=VNL45&nojs=1", { Cookie: cookie });
    expect(launch.status).toBe(302);
    const [event] = await trackingCalls(
      (call) => call.eventName === "gameLaunch" && String((call.body.eventValue as { content_id?: string }).content_id).includes("VNL45"),
    );
    expect(event!.body).toMatchObject({ domain: hostFor("demo.localhost"), pwaType: "H5" });
  });
});

describe("pixel consent", () => {
  function postConsent(choice: string, headers: Record<string, string> = {}) {
    return request({
      host: hostFor("br.localhost"),
      path: "/m/consent",
      method: "POST",
      headers: { ...FORM, Origin: originFor("br.localhost"), ...headers },
      body: new URLSearchParams({ choice }).toString(),
    });
  }

  it("keeps the player's choice in a first-party cookie for 180 days; refuses anything else and other sites", async () => {
    const granted = await postConsent("granted");
    expect(granted.status).toBe(204);
    const cookie = granted.cookies.find((c) => c.startsWith("mc_consent="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=15552000/);
    expect((await postConsent("maybe")).status).toBe(400);
    expect((await postConsent("granted", { Origin: "https://elsewhere.example" })).status).toBe(403);
  });

  it("a money event is refused and nothing waits for the pixels, on a merchant with pixels (demo) and without (vn88)", async () => {
    const report = (host: string) =>
      request({
        host: hostFor(host),
        path: "/m/track",
        method: "POST",
        headers: { ...FORM, Origin: originFor(host) },
        body: new URLSearchParams({ eventName: "firstDeposit", eventID: crypto.randomUUID(), amount: "50", currency: "VND" }).toString(),
      });
    for (const host of ["demo.localhost", "vn.localhost"]) {
      const reply = await report(host);
      expect(reply.status, host).toBe(403);
      expect(
        reply.cookies.some((c) => c.startsWith("mc_pixq=")),
        host,
      ).toBe(false);
    }
  });
});
