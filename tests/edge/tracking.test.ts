// Tracking and attribution at the edge, without JavaScript (docs/behaviour/tracking.md): the ad campaign parameters of
// any landing address kept in first-party cookies and delivered with a registration posted as a plain form; the
// tracking parameters kept on the links and redirects the product makes.
import { describe, expect, it } from "vitest";
import { decodeEntities, getPage, hostFor, originFor, postJson, request, type RawReply } from "../support/http";

const FORM = { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Mozilla/5.0 (Linux; Android 14) Mobile" };

function uniqueUsername(prefix = "trk"): string {
  return `${prefix}${Date.now().toString(36).slice(-7)}${Math.floor(Math.random() * 36).toString(36)}`.slice(0, 16);
}

/** A cookie jar: later Set-Cookie lines replace earlier ones, expired ones leave. */
function jar(...replies: RawReply[]): string {
  const cookies = new Map<string, string>();
  for (const reply of replies) {
    for (const line of reply.cookies) {
      const pair = line.split(";")[0]!;
      const index = pair.indexOf("=");
      const value = pair.slice(index + 1);
      if (value === "" || /Max-Age=0/i.test(line)) cookies.delete(pair.slice(0, index));
      else cookies.set(pair.slice(0, index), value);
    }
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

function inputValue(html: string, name: string): string | null {
  const tag = new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no input named ${name}`);
  const value = /\bvalue="([^"]*)"/.exec(tag)?.[1];
  return value === undefined ? null : decodeEntities(value);
}

/** The href of the link whose text is `text`. */
function linkHref(html: string, text: string): string | undefined {
  const match = new RegExp(`<a\\b[^>]*href="([^"]*)"[^>]*>${text}</a>`).exec(html);
  return match ? decodeEntities(match[1]!) : undefined;
}

async function solveV3(host = "demo.localhost"): Promise<Record<string, string>> {
  const challenge = await getPage(host, `/wps/captcha/geetest?product=register&t=${Date.now()}`);
  const value = challenge.json<{ value: { challenge: string } }>().value;
  const solved = await postJson("/wps/captcha/geetest/solve", { challenge: value.challenge }, { Origin: originFor(host) }, hostFor(host));
  const v = solved.json<{ value: { geetest_challenge: string; geetest_validate: string; geetest_seccode: string } }>().value;
  return { geetestChallenge: v.geetest_challenge, geetestValidate: v.geetest_validate, geetestSeccode: v.geetest_seccode };
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return request({
    host: hostFor("demo.localhost"),
    path,
    method: "POST",
    headers: { ...FORM, Origin: originFor("demo.localhost"), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const LANDING = "/m/home?affiliateCode=AFF-H1&fbclid=fb-h1&gclid=g-h1&ttclid=tt-h1&fbPixelId=px-h1&utm_source=ignored";

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
    expect(register).toBe("/m/register?affiliateCode=AFF-H1&fbclid=fb-h1&gclid=g-h1&ttclid=tt-h1");
    const login = linkHref(landing.body, "Log in");
    expect(login).toBe("/m/login?affiliateCode=AFF-H1&fbclid=fb-h1&gclid=g-h1&ttclid=tt-h1");

    // Page two and three without any parameter: the cookies carry them.
    const cookie = jar(landing);
    const promotions = await getPage("demo.localhost", "/m/activity", { Cookie: cookie });
    expect(promotions.status).toBe(200);
    const form = await getPage("demo.localhost", "/m/register", { Cookie: cookie });
    expect(inputValue(form.body, "affiliateCode")).toBe("AFF-H1");

    const username = uniqueUsername();
    const reply = await post(
      "/m/register",
      {
        mode: "username",
        username,
        password: "abc12345",
        referralCode: "",
        affiliateCode: inputValue(form.body, "affiliateCode")!,
        ...(await solveV3()),
      },
      { Cookie: cookie },
    );
    expect(reply.status, reply.body.slice(0, 300)).toBe(302);
    const member = await getPage("demo.localhost", `/__sandbox/member?merchant=demo&username=${username}`);
    const info = member.json<{ value: { registerInfo: Record<string, unknown> } }>().value.registerInfo;
    expect(info.affiliateCode).toBe("AFF-H1");
    expect(info.referralCode).toBeNull();
    expect(info.pixelTrack).toEqual({ fbPixelId: "px-h1", ad_fbclid: "fb-h1", ad_gclid: "g-h1", ad_ttclid: "tt-h1" });
  });

  it("stores nothing for an address without campaign parameters", async () => {
    const page = await getPage("demo.localhost", "/m/home?utm_source=x");
    expect(page.cookies.some((c) => /^mc_(reg|ad)=/.test(c))).toBe(false);
  });
});

describe("tracking parameters on the product's redirects", () => {
  it("login carries the login page's parameters to where it sends the member, and logout back to the login page", async () => {
    const login = await post("/m/login?affiliateCode=AFF-L&gclid=g-l", { username: "demo01", password: "demo1234" });
    expect(login.status).toBe(302);
    expect(login.header("location")).toBe("/m/home?affiliateCode=AFF-L&gclid=g-l");

    const logout = await post(
      "/m/logout",
      {},
      { Cookie: jar(login), Referer: `${originFor("demo.localhost")}/m/home?r=INV1&fbclid=f-o&x=1` },
    );
    expect(logout.status).toBe(302);
    expect(logout.header("location")).toBe("/m/login?r=INV1&fbclid=f-o");

    // A Referer from another site is not followed.
    const foreign = await post("/m/logout", {}, { Referer: "https://elsewhere.example/?affiliateCode=EVIL" });
    expect(foreign.header("location")).toBe("/m/login");
  });
});
