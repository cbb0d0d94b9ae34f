// /m/register as plain HTML form posts (no JavaScript) against the built Worker and the sandbox platform: the
// captcha refusal, a registration with a captcha solved the way the widget does, a taken username, the stored
// registration info, the SMS code without JavaScript and registration by mobile number.
import { beforeAll, describe, expect, it } from "vitest";
import { bodyText, dialogs, getPage, hostFor, originFor, request, resetFaults } from "../support/http";
import { solvedCaptcha } from "../support/captcha";
import { cookieJar, inputTag, inputValue, uniqueUsername } from "../support/forms";
import { THROTTLE_LIMITS } from "~/identity/throttle-limits";

beforeAll(() => resetFaults());

const FORM = { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Mozilla/5.0 (Linux; Android 14) Mobile" };

function postRegister(fields: Record<string, string>, options: { host?: string; path?: string; cookie?: string } = {}) {
  const host = options.host ?? "demo.localhost";
  return request({
    host: hostFor(host),
    path: options.path ?? "/m/register",
    method: "POST",
    headers: { ...FORM, Origin: originFor(host), ...(options.cookie ? { Cookie: options.cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

async function sandboxMember(merchant: string, username: string) {
  const reply = await getPage("demo.localhost", `/__sandbox/member?merchant=${merchant}&username=${username}`);
  return reply.json<{ success: boolean; value: { userName: string; mobileNum: string | null; registerInfo: Record<string, unknown> } }>();
}

describe("the page", () => {
  it("renders the username form with the codes from the address, and stores them (mc_reg) with the ad parameters (mc_ad)", async () => {
    const page = await getPage("demo.localhost", "/m/register?affiliateCode=AFF1&r=REF1&gclid=g-1");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Create your Demo Play account");
    expect(inputValue(page.body, "referralCode")).toBe("REF1");
    expect(inputValue(page.body, "affiliateCode")).toBe("AFF1");
    expect(inputTag(page.body, "password")).not.toMatch(/\bvalue=/);
    expect(page.cookies.some((c) => c.startsWith("mc_reg=") && /HttpOnly/i.test(c) && /Max-Age=7776000/.test(c))).toBe(true);
    expect(page.cookies.some((c) => c.startsWith("mc_ad="))).toBe(true);
    // Without JavaScript the captcha says why the form cannot pass.
    expect(page.body).toContain("This form needs JavaScript for its security check.");

    // A later visit without the codes: prefilled from the cookie; an address code wins over the stored one.
    const cookie = cookieJar(page);
    const later = await getPage("demo.localhost", "/m/register", { Cookie: cookie });
    expect(inputValue(later.body, "referralCode")).toBe("REF1");
    expect(inputValue(later.body, "affiliateCode")).toBe("AFF1");
    expect(later.cookies.some((c) => c.startsWith("mc_reg="))).toBe(false);
    const override = await getPage("demo.localhost", "/m/register?referralCode=NEW2", { Cookie: cookie });
    expect(inputValue(override.body, "referralCode")).toBe("NEW2");
    expect(inputValue(override.body, "affiliateCode")).toBe("AFF1");
  });

  it("serves /m/register.html too, posting to itself", async () => {
    const page = await getPage("demo.localhost", "/m/register.html");
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<form[^>]*action="\/m\/register\.html"/);
  });

  it("prefills a free username on vn88 (settings register.autoUsername)", async () => {
    const page = await getPage("vn.localhost", "/m/register");
    expect(page.status).toBe(200);
    expect(inputValue(page.body, "username")).toMatch(/^u\d{7}$/);
  });

  it("offers the mobile mode with the dialling codes (select without JavaScript)", async () => {
    const page = await getPage("demo.localhost", "/m/register?mode=mobile");
    expect(page.body).toMatch(/<select[^>]*name="countryDialingCode"/);
    expect(page.body).toContain('name="mobileNum"');
    expect(page.body).toContain('name="verificationCode"');
    expect(page.body).not.toContain('name="username"');
  });
});

describe("posting without JavaScript", () => {
  it("without a captcha: the platform's geetest.required message as the notice, typed values kept except the password", async () => {
    const reply = await postRegister({
      mode: "username",
      username: "edgenocap1",
      password: "abc12345",
      referralCode: "R-KEEP",
      affiliateCode: "",
    });
    expect(reply.status).toBe(400);
    const notice = dialogs(reply.body).find((d) => d.role === "alertdialog");
    expect(notice?.text).toMatch(/^Notice .*captcha.* Confirm$/i);
    expect(inputValue(reply.body, "username")).toBe("edgenocap1");
    expect(inputValue(reply.body, "referralCode")).toBe("R-KEEP");
    expect(inputTag(reply.body, "password")).not.toMatch(/\bvalue=/);
    expect(reply.body).not.toContain("abc12345");
  });

  it("checks the rules first: translated field errors, linked to the inputs", async () => {
    const reply = await postRegister({ mode: "username", username: "9lives", password: "no spaces!" });
    expect(reply.status).toBe(400);
    const text = bodyText(reply.body);
    expect(text).toContain("Use 4 to 16 letters and digits, starting with a letter.");
    expect(text).toContain("Use 6 to 20 letters and digits.");
    expect(inputTag(reply.body, "username")).toMatch(/aria-invalid="true"/);
    expect(inputTag(reply.body, "username")).toMatch(/aria-describedby="[^"]*register-username-error/);
    expect(dialogs(reply.body).some((d) => d.role === "alertdialog")).toBe(false);
  });

  it("with a solved captcha: 302 to home with the session, the member shown, and the register payload as specified", async () => {
    const username = uniqueUsername("edge");
    const page = await getPage("demo.localhost", "/m/register?affiliateCode=AFF9&ttclid=tt-9");
    const reply = await postRegister(
      {
        mode: "username",
        username,
        password: "abc12345",
        referralCode: "REF9",
        affiliateCode: "AFF9",
        ...(await solvedCaptcha("demo.localhost", "register")),
      },
      { path: "/m/register?affiliateCode=AFF9&fbclid=fb-9", cookie: cookieJar(page) },
    );
    expect(reply.status, reply.body.slice(0, 500)).toBe(302);
    expect(reply.header("location")).toBe("/m/home?affiliateCode=AFF9&fbclid=fb-9");
    const session = reply.cookies.find((c) => c.startsWith("mc_session="));
    expect(session).toMatch(/HttpOnly/i);

    const home = await getPage("demo.localhost", "/m/home", { Cookie: cookieJar(reply) });
    expect(bodyText(home.body)).toContain(`Logged in as ${username}`);

    const member = await sandboxMember("demo", username);
    expect(member.value.registerInfo).toMatchObject({
      moduleId: "REG3",
      device: "PWA",
      registerMethod: "H5",
      registerUrl: `http://${hostFor("demo.localhost")}/m/register?affiliateCode=AFF9&fbclid=fb-9`,
      domain: hostFor("demo.localhost"),
      referralCode: "REF9",
      affiliateCode: "AFF9",
      // From the address (fbclid) and the stored ad cookie (ttclid); nothing empty.
      pixelTrack: { ad_fbclid: "fb-9", ad_ttclid: "tt-9" },
    });
    expect(member.value.registerInfo.loginDeviceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it("remembers the new member's login only where the merchant's AUTOLOGIN3 is on (demo), not where it is off (vn88)", async () => {
    const register = async (host: string) => {
      const page = await getPage(host, "/m/register");
      const reply = await postRegister(
        { mode: "username", username: uniqueUsername("rem"), password: "abc12345", ...(await solvedCaptcha(host, "register")) },
        { host, cookie: cookieJar(page) },
      );
      expect(reply.status, reply.body.slice(0, 300)).toBe(302);
      return reply.cookies.find((c) => c.startsWith("mc_remember="));
    };
    // docs/behaviour/registration.md#register-success: a remembered login as after a login with remember-me.
    expect(await register("demo.localhost")).toMatch(/^mc_remember=[^;]+;.*Max-Age=\d{6,}/i);
    const off = await register("vn.localhost");
    expect(off === undefined || /^mc_remember=;|Max-Age=0/i.test(off), off).toBe(true);
  });

  it("registers from the native app shell as APP, with the app's device id", async () => {
    const username = uniqueUsername("app");
    const uuid = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const reply = await request({
      host: hostFor("demo.localhost"),
      path: "/m/register",
      method: "POST",
      headers: {
        ...FORM,
        "User-Agent": `Mozilla/5.0 (Linux; Android 14) MyCasinoApp/${uuid.toUpperCase()}`,
        Origin: originFor("demo.localhost"),
      },
      body: new URLSearchParams({
        mode: "username",
        username,
        password: "abc12345",
        ...(await solvedCaptcha("demo.localhost", "register")),
      }).toString(),
    });
    expect(reply.status).toBe(302);
    const info = (await sandboxMember("demo", username)).value.registerInfo;
    expect(info).toMatchObject({ registerMethod: "APP", loginDeviceId: uuid });
    expect(info.pixelTrack).toBeNull();
  });

  it("a taken username: the platform's message as the notice and on the field, typed values kept", async () => {
    const reply = await postRegister({
      mode: "username",
      username: "demo01",
      password: "abc12345",
      affiliateCode: "A-KEEP",
      ...(await solvedCaptcha("demo.localhost", "register")),
    });
    expect(reply.status).toBe(400);
    const notice = dialogs(reply.body).find((d) => d.role === "alertdialog");
    expect(notice?.text).toBe("Notice This username is already taken Confirm");
    expect(inputValue(reply.body, "username")).toBe("demo01");
    expect(inputTag(reply.body, "username")).toMatch(/aria-invalid="true"/);
    expect(inputValue(reply.body, "affiliateCode")).toBe("A-KEEP");
    expect(inputTag(reply.body, "password")).not.toMatch(/\bvalue=/);
  });

  it("a member who opens the page goes to home", async () => {
    const username = uniqueUsername("edge");
    const reply = await postRegister({
      mode: "username",
      username,
      password: "abc12345",
      ...(await solvedCaptcha("demo.localhost", "register")),
    });
    const again = await getPage("demo.localhost", "/m/register", { Cookie: cookieJar(reply) });
    expect(again.status).toBe(302);
    expect(again.header("location")).toBe("/m/home");
  });

  it("by mobile number on br777: Send code posts the form (intent=send-code), then the registration logs in", async () => {
    const mobile = `9${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}`;
    const base = { mode: "mobile", countryDialingCode: "55", mobileNum: mobile, password: "", referralCode: "BRREF" };
    const sent = await postRegister(
      { ...base, verificationCode: "", intent: "send-code" },
      { host: "br.localhost", path: "/m/register?mode=mobile" },
    );
    expect(sent.status).toBe(200);
    expect(inputValue(sent.body, "mobileNum")).toBe(mobile);
    expect(inputValue(sent.body, "referralCode")).toBe("BRREF");
    expect(sent.body).toMatch(/role="timer"/);

    const codes = await getPage("br.localhost", `/__sandbox/sms?merchant=br777&mobileNum=${encodeURIComponent(`+55${mobile}`)}`);
    const code = codes.json<{ value: { code: string }[] }>().value[0]!.code;

    // br777 requires a password for mobile registration.
    const missing = await postRegister({ ...base, verificationCode: code }, { host: "br.localhost", path: "/m/register?mode=mobile" });
    expect(missing.status).toBe(400);
    expect(inputTag(missing.body, "password")).toMatch(/aria-invalid="true"/);
    expect(inputValue(missing.body, "verificationCode")).toBe(code);

    const reply = await postRegister(
      { ...base, verificationCode: code, password: "brpass123", ...(await solvedCaptcha("br.localhost", "register")) },
      { host: "br.localhost", path: "/m/register?mode=mobile" },
    );
    expect(reply.status, reply.body.slice(0, 300)).toBe(302);
    expect(reply.header("location")).toBe("/m/home");
    const home = await getPage("br.localhost", "/m/home?language=EN", { Cookie: cookieJar(reply) });
    const name = /Logged in as (u\d{7})/.exec(bodyText(home.body))?.[1];
    expect(name).toBeTruthy();
    const member = await sandboxMember("br777", name!);
    expect(member.value.mobileNum).toBe(`+55${mobile}`);
    expect(member.value.registerInfo).toMatchObject({ moduleId: "MOBILENUMREG3", referralCode: "BRREF" });
  });
});

describe("a limit on SMS codes is answered 429, with the notice the page shows", () => {
  /** A br777 national number no other test uses. */
  const uniqueMobile = (suffix = "") => `9${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}${suffix}`;
  function sendCode(mobileNum: string, options: { path?: string; headers?: Record<string, string> } = {}) {
    return request({
      host: hostFor("br.localhost"),
      path: options.path ?? "/m/sms-code",
      method: "POST",
      headers: { ...FORM, Origin: originFor("br.localhost"), ...options.headers },
      body: new URLSearchParams({ countryDialingCode: "55", mobileNum }).toString(),
    });
  }
  /** Send code without JavaScript: mobile registration's own form (intent=send-code). */
  function sendCodeByForm(mobileNum: string, headers: Record<string, string> = {}) {
    return request({
      host: hostFor("br.localhost"),
      path: "/m/register?mode=mobile",
      method: "POST",
      headers: { ...FORM, Origin: originFor("br.localhost"), ...headers },
      body: new URLSearchParams({
        mode: "mobile",
        countryDialingCode: "55",
        mobileNum,
        password: "",
        verificationCode: "",
        intent: "send-code",
      }).toString(),
    });
  }

  it("the platform's (a second code to a number at once): 429 to a direct post, the page's script and the form", async () => {
    const mobile = uniqueMobile();
    const first = await sendCode(mobile);
    expect(first.status).toBe(200);
    expect(first.json<{ ok: boolean }>().ok).toBe(true);

    const again = await sendCode(mobile);
    expect(again.status).toBe(429);
    expect(again.header("cache-control")).toBe("no-store");
    expect(again.json()).toMatchObject({ ok: false, fieldErrors: {}, notice: null });
    // The page's script posts to the route's data address.
    expect((await sendCode(mobile, { path: "/m/sms-code.data" })).status).toBe(429);
    const form = await sendCodeByForm(mobile);
    expect(form.status).toBe(429);
    expect(inputValue(form.body, "mobileNum")).toBe(mobile);
  });

  it("the edge's (past the codes one address may ask for): 429 and 'Too many attempts', with and without JavaScript", async () => {
    const client = { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 250)}` };
    const stem = uniqueMobile();
    for (let i = 0; i < THROTTLE_LIMITS["sms-code"].perIp; i++) {
      expect((await sendCode(`${stem}${String(i).padStart(3, "0")}`, { headers: client })).status).toBe(200);
    }
    const limited = await sendCode(uniqueMobile(), { headers: client });
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({ ok: false, notice: { key: "too_many_attempts" } });
    const script = await sendCode(uniqueMobile(), { path: "/m/sms-code.data", headers: client });
    expect(script.status).toBe(429);
    expect(script.body).toContain("too_many_attempts");
    const form = await sendCodeByForm(uniqueMobile(), { ...client, Cookie: "language=EN" });
    expect(form.status).toBe(429);
    expect(
      dialogs(form.body)
        .map((d) => d.text)
        .join("\n"),
    ).toMatch(/Too many attempts\. Please try again in (a minute|\d+ minutes)\./);
  });
});
