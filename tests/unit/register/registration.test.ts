// Registration's pure rules: pixelTrack, the register method and ModuleId, the call body, field validation,
// the referral/affiliate prefill and the stored registration info.
import { describe, expect, it } from "vitest";
import {
  AD_PARAM_NAMES,
  adParamsCookie,
  buildPixelTrack,
  nextRegistrationInfo,
  readAdParams,
  readRegistrationInfo,
  registrationCodes,
  registrationInfoCookie,
  rememberArrival,
} from "~/tracking/registration-info.server";
import {
  captchaFieldsFrom,
  moduleIdFor,
  registerBody,
  registerPathFor,
  registerSettingsFrom,
  type RegisterContext,
} from "~/identity/register/registration.server";
import { siteSettingsSchema } from "~/.server/platform/site";
import { fieldForErrorCode, keptValues, validateRegistration } from "~/identity/register/register-form";
import { registerMethod } from "~/identity/device";

const q = (search: string) => new URLSearchParams(search);

describe("pixelTrack", () => {
  it("maps the address's click ids and pixel ids to the pixelTrack keys", () => {
    expect(
      buildPixelTrack(
        q(
          "fbclid=FB&gclid=G&ttclid=T&kwai_click_id=KC&kwai_pixel_id=KP&fbPixelId=1&tiktokPixelId=2&kwaiPixelBaseCode=3&kwaiPixelId=4&gtagId=5&appsflyerId=6&adjustId=7",
        ),
      ),
    ).toEqual({
      ad_fbclid: "FB",
      ad_gclid: "G",
      ad_ttclid: "T",
      kwai_click_id: "KC",
      kwai_pixel_id: "KP",
      fbPixelId: "1",
      tiktokPixelId: "2",
      kwaiPixelBaseCode: "3",
      kwaiPixelId: "4",
      gtagId: "5",
      appsflyerId: "6",
      adjustId: "7",
    });
  });

  it("adds the stored ad-tracking info under its own names, the address first, then the cookie", () => {
    expect(buildPixelTrack(q("gpsAdid=G&idfa=I&appsflyerId=AF&unknownId=x"), { adid: "AD", idfa: "OLD", afOaid: "" })).toEqual({
      appsflyerId: "AF",
      gpsAdid: "G",
      adid: "AD",
      idfa: "I",
    });
  });

  it("omits empty and blank values, and is undefined when nothing is left", () => {
    expect(buildPixelTrack(q("fbclid=&gclid=%20%20&ttclid=T"))).toEqual({ ad_ttclid: "T" });
    expect(buildPixelTrack(q("fbclid=&gclid="))).toBeUndefined();
    expect(buildPixelTrack(q(""), {})).toBeUndefined();
    expect(buildPixelTrack(q("utm_source=x&affiliateCode=A"))).toBeUndefined();
  });

  it("prefers the address over the stored cookie, and fills gaps from the cookie", () => {
    expect(buildPixelTrack(q("fbclid=NEW"), { fbclid: "OLD", gclid: "G-OLD", kwai_click_id: "" })).toEqual({
      ad_fbclid: "NEW",
      ad_gclid: "G-OLD",
    });
  });

  it("trims and bounds values", () => {
    const track = buildPixelTrack(q(`gclid=${"x".repeat(400)}&fbclid=%20a%20`));
    expect(track?.ad_gclid).toHaveLength(256);
    expect(track?.ad_fbclid).toBe("a");
  });
});

describe("register method and device", () => {
  const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36";
  it("is APP inside the native app shell (a UUID in the user agent)", () => {
    expect(registerMethod({ userAgent: `${android} TCGApp/0F8FAD5B-D9CB-469F-A165-70867728950E` })).toBe("APP");
    expect(registerMethod({ userAgent: `${android} TCGApp/0F8FAD5B-D9CB-469F-A165-70867728950E`, displayMode: "standalone" })).toBe("APP");
  });
  it("is WEBCLIP from an iOS home-screen web clip, PWA when installed, H5 in a browser tab", () => {
    expect(registerMethod({ userAgent: "Mozilla/5.0 (iPhone)", displayMode: "webclip" })).toBe("WEBCLIP");
    expect(registerMethod({ userAgent: android, displayMode: "standalone" })).toBe("PWA");
    expect(registerMethod({ userAgent: android, displayMode: "browser" })).toBe("H5");
    // JavaScript off: the browser said nothing about how it was launched.
    expect(registerMethod({ userAgent: android })).toBe("H5");
    expect(registerMethod({ userAgent: null })).toBe("H5");
  });
});

describe("ModuleId and path", () => {
  it("uses REG3 on /wps/member/register for username and MOBILENUMREG3 on /wps/member/register/mobile", () => {
    expect(moduleIdFor("username")).toBe("REG3");
    expect(registerPathFor("username")).toBe("/wps/member/register");
    expect(moduleIdFor("mobile")).toBe("MOBILENUMREG3");
    expect(registerPathFor("mobile")).toBe("/wps/member/register/mobile");
  });
});

describe("register body", () => {
  const context: RegisterContext = {
    registerMethod: "H5",
    registerUrl: "https://demo.example.com/m/register?r=X",
    domain: "demo.example.com",
    loginDeviceId: "0f8fad5b-d9cb-469f-a165-70867728950e",
    pixelTrack: undefined,
    captcha: { geetestChallenge: "c", geetestValidate: "v", geetestSeccode: "v|jordan" },
    device: "PWA",
  };

  it("username: credentials, login true, captcha fields; empty codes and pixelTrack left out", () => {
    const body = registerBody({ mode: "username", username: "alice1", password: "abc123", referralCode: "", affiliateCode: "" }, context);
    expect(body).toEqual({
      registerMethod: "H5",
      registerUrl: "https://demo.example.com/m/register?r=X",
      loginDeviceId: "0f8fad5b-d9cb-469f-a165-70867728950e",
      domain: "demo.example.com",
      login: true,
      username: "alice1",
      password: "abc123",
      geetestChallenge: "c",
      geetestValidate: "v",
      geetestSeccode: "v|jordan",
    });
  });

  it("mobile: '+' + dialling code + number on the wire, the bare code beside it; no password when none was typed", () => {
    const body = registerBody(
      {
        mode: "mobile",
        countryDialingCode: "84",
        mobileNum: "0912345678",
        verificationCode: "123456",
        password: "",
        referralCode: "R",
        affiliateCode: "A",
      },
      { ...context, pixelTrack: { ad_fbclid: "F" }, captcha: { geetestValidateV4: "{}" } },
    );
    expect(body).toMatchObject({
      mobileNum: "+84912345678",
      countryDialingCode: "84",
      verificationCode: "123456",
      referralCode: "R",
      affiliateCode: "A",
      pixelTrack: { ad_fbclid: "F" },
      geetestValidateV4: "{}",
      login: true,
    });
    expect(body).not.toHaveProperty("password");
    expect(body).not.toHaveProperty("username");
  });

  it("keeps only captcha fields that carry a value", () => {
    const form = new FormData();
    form.append("geetestChallenge", "");
    form.append("geetestValidateV4", ' {"a":1} ');
    form.append("geetestChallenge", "second");
    expect(captchaFieldsFrom(form)).toEqual({ geetestValidateV4: '{"a":1}' });
  });
});

describe("register settings", () => {
  const settings = (raw: unknown) => siteSettingsSchema.parse(raw);
  it("reads settings register and captcha.register", () => {
    expect(
      registerSettingsFrom(
        settings({ captcha: { register: true }, register: { autoUsername: true, mobile: true, passwordRequiredForMobile: false } }),
      ),
    ).toEqual({ autoUsername: true, mobile: true, passwordRequiredForMobile: false, captcha: true });
  });
  it("means username only, password required, when the block is missing or odd", () => {
    const safe = { autoUsername: false, mobile: false, passwordRequiredForMobile: true, captcha: false };
    expect(registerSettingsFrom(null)).toEqual(safe);
    expect(registerSettingsFrom(settings({}))).toEqual(safe);
    expect(registerSettingsFrom(settings({ register: "yes" }))).toEqual(safe);
    expect(registerSettingsFrom(settings({ register: { mobile: "true" } }))).toEqual(safe);
  });
});

describe("field validation", () => {
  const both = { mobileAllowed: true, passwordRequiredForMobile: true };
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };

  it.each([
    ["abcd", true],
    ["a234567890123456", true],
    ["Alice2024", true],
    ["abc", false],
    ["a2345678901234567", false],
    ["1abc", false],
    ["ab_cd", false],
    ["abcé", false],
    ["", false],
  ])("username %j valid: %s", (username, valid) => {
    const result = validateRegistration(form({ mode: "username", username, password: "abc123" }), both);
    expect(result.ok).toBe(valid);
    if (!result.ok) expect(result.fieldErrors.username).toBe(username ? "register_username_invalid" : "error_username_required");
  });

  it.each([
    ["abc123", true],
    ["ABCdef123456789012xy", true],
    ["abc12", false],
    ["abc123456789012345678", false],
    ["abc 123", false],
    ["abc-123", false],
    ["", false],
  ])("password %j valid: %s", (password, valid) => {
    const result = validateRegistration(form({ mode: "username", username: "alice1", password }), both);
    expect(result.ok).toBe(valid);
    if (!result.ok) expect(result.fieldErrors.password).toBe(password ? "error_password_rule" : "error_password_required");
  });

  it.each([
    ["123456", true],
    ["123456789012345", true],
    ["0912 345-678", true],
    ["12345", false],
    ["1234567890123456", false],
    ["12ab5678", false],
  ])("mobile %j valid: %s", (mobileNum, valid) => {
    const result = validateRegistration(
      form({ mode: "mobile", countryDialingCode: "+84", mobileNum, verificationCode: "123456", password: "abc123" }),
      both,
    );
    expect(result.ok).toBe(valid);
    if (!result.ok) expect(result.fieldErrors.mobileNum).toBe("register_mobile_invalid");
  });

  it("mobile mode needs a dialling code and the SMS code; the password only when the merchant requires it", () => {
    const fields = { mode: "mobile", countryDialingCode: "", mobileNum: "912345678", verificationCode: "", password: "" };
    const strict = validateRegistration(form(fields), both);
    expect(strict.ok).toBe(false);
    if (!strict.ok) {
      expect(strict.fieldErrors).toEqual({
        countryDialingCode: "error_country_code",
        verificationCode: "error_code_required",
        password: "error_password_required",
      });
    }
    const relaxed = validateRegistration(form({ ...fields, countryDialingCode: "84", verificationCode: "1234" }), {
      mobileAllowed: true,
      passwordRequiredForMobile: false,
    });
    expect(relaxed).toEqual({
      ok: true,
      input: {
        mode: "mobile",
        countryDialingCode: "84",
        mobileNum: "912345678",
        verificationCode: "1234",
        password: "",
        referralCode: "",
        affiliateCode: "",
      },
    });
    // An optional password that is typed must still follow the rule.
    const bad = validateRegistration(form({ ...fields, countryDialingCode: "84", verificationCode: "1234", password: "ab" }), {
      mobileAllowed: true,
      passwordRequiredForMobile: false,
    });
    expect(bad.ok ? null : bad.fieldErrors).toEqual({ password: "error_password_rule" });
  });

  it("falls back to username mode when the merchant does not allow mobile registration", () => {
    const result = validateRegistration(form({ mode: "mobile", mobileNum: "912345678", password: "abc123" }), {
      mobileAllowed: false,
      passwordRequiredForMobile: true,
    });
    expect(result.ok ? null : result.fieldErrors).toEqual({ username: "error_username_required" });
  });

  it("keeps every typed value except the password", () => {
    const values = keptValues(form({ mode: "username", username: " bob1 ", password: "secret1", referralCode: "R", affiliateCode: "A" }));
    expect(values).toEqual({
      mode: "username",
      username: "bob1",
      countryDialingCode: "",
      mobileNum: "",
      verificationCode: "",
      referralCode: "R",
      affiliateCode: "A",
    });
    expect(JSON.stringify(values)).not.toContain("secret1");
  });

  it("names the field a platform error belongs to", () => {
    expect(fieldForErrorCode("username.exists")).toBe("username");
    expect(fieldForErrorCode("password.invalid")).toBe("password");
    expect(fieldForErrorCode("mobile.exists")).toBe("mobileNum");
    expect(fieldForErrorCode("sms.code.invalid")).toBe("verificationCode");
    expect(fieldForErrorCode("code-expired")).toBe("verificationCode");
    expect(fieldForErrorCode("geetest.required")).toBeNull();
    expect(fieldForErrorCode(null)).toBeNull();
  });
});

describe("referral and affiliate prefill", () => {
  const stored = { affiliateCode: "AFF-STORED", referralCode: "REF-STORED", originalDomain: "first.example.com" };

  it("takes the address first: referralCode, else r; affiliateCode", () => {
    expect(registrationCodes(q("referralCode=R1&r=R2&affiliateCode=A1"), stored)).toEqual({ referralCode: "R1", affiliateCode: "A1" });
    expect(registrationCodes(q("r=R2"), stored)).toEqual({ referralCode: "R2", affiliateCode: "AFF-STORED" });
  });

  it("then the stored registration info, then nothing", () => {
    expect(registrationCodes(q(""), stored)).toEqual({ referralCode: "REF-STORED", affiliateCode: "AFF-STORED" });
    expect(registrationCodes(q("referralCode=&affiliateCode=%20"), stored)).toEqual({
      referralCode: "REF-STORED",
      affiliateCode: "AFF-STORED",
    });
    expect(registrationCodes(q(""), null)).toEqual({ referralCode: "", affiliateCode: "" });
  });

  it("stores new codes, keeping the first host seen as originalDomain", () => {
    expect(nextRegistrationInfo(q("affiliateCode=NEW"), stored, "second.example.com")).toEqual({
      affiliateCode: "NEW",
      referralCode: "REF-STORED",
      originalDomain: "first.example.com",
    });
    expect(nextRegistrationInfo(q("r=X"), null, "here.example.com")).toEqual({
      affiliateCode: undefined,
      referralCode: "X",
      originalDomain: "here.example.com",
    });
    expect(nextRegistrationInfo(q("fbclid=1"), stored, "x")).toBeNull();
  });
});

describe("registration cookies", () => {
  const SECRET = "unit-test-session-secret-0123456789abcdef";
  const cookieOf = (line: string) => new Request("http://x/", { headers: { Cookie: line.split(";")[0]! } });

  it("round-trips the registration info and ad parameters, and ignores tampered values", async () => {
    const arrival = new Request("http://demo.localhost/m/register?affiliateCode=A1&gclid=G1&fbclid=");
    const cookies = await rememberArrival(arrival, "demo.localhost", SECRET);
    expect(cookies).toHaveLength(2);
    const header = cookies.map((c) => c.split(";")[0]).join("; ");
    const next = new Request("http://demo.localhost/m/register", { headers: { Cookie: header } });
    expect(await readRegistrationInfo(next, SECRET)).toEqual({
      affiliateCode: "A1",
      referralCode: undefined,
      originalDomain: "demo.localhost",
    });
    expect(await readAdParams(next, SECRET)).toEqual({ gclid: "G1" });
    // Signed: another secret reads nothing.
    expect(await readRegistrationInfo(next, `${SECRET}-other`)).toBeNull();
    expect(await readAdParams(next, `${SECRET}-other`)).toEqual({});

    const junk = new Request("http://x/", { headers: { Cookie: "mc_reg=not-base64!!; mc_ad=%7B%7D" } });
    expect(await readRegistrationInfo(junk, SECRET)).toBeNull();
    expect(await readAdParams(junk, SECRET)).toEqual({});
    const any = new Request("http://x/");
    const wrongShape = await registrationInfoCookie(any, SECRET).serialize(["a"]);
    expect(await readRegistrationInfo(cookieOf(wrongShape), SECRET)).toBeNull();
    const hugeAd = await adParamsCookie(any, SECRET).serialize({ gclid: "x".repeat(300) });
    expect(await readAdParams(cookieOf(hugeAd), SECRET)).toEqual({});
  });

  it("sets nothing when the address brings nothing, and Secure on https", async () => {
    expect(await rememberArrival(new Request("http://demo.localhost/m/register"), "demo.localhost", SECRET)).toEqual([]);
    const secure = await rememberArrival(new Request("https://demo.example.com/m/register?r=1"), "demo.example.com", SECRET);
    expect(secure[0]).toMatch(/; Secure/);
    expect(secure[0]).toMatch(/HttpOnly/);
    expect(secure[0]).toMatch(/Max-Age=7776000/);
  });

  const bytes = (line: string) => new TextEncoder().encode(line).byteLength;
  const adCookieOf = (cookies: string[]) => cookies.find((line) => /^(__Host-)?mc_ad=/.test(line))!;
  /** Every ad parameter at the 256 characters a value keeps, each value telling its name and landing. */
  const everyParameter = (landing: string) =>
    new URLSearchParams(AD_PARAM_NAMES.map((name) => [name, `${landing}-${name}-`.padEnd(256, "x")]));

  it("keeps the ad cookie's Set-Cookie within 4096 bytes with every parameter at its longest, the newest kept", async () => {
    for (const origin of ["http://demo.localhost", "https://demo.example.com"]) {
      const first = await rememberArrival(new Request(`${origin}/m/home?${everyParameter("one")}`), "demo.localhost", SECRET);
      expect(bytes(adCookieOf(first))).toBeLessThanOrEqual(4096);
      const readBack = (line: string) => new Request(`${origin}/m/home`, { headers: { Cookie: line.split(";")[0]! } });
      const stored = await readAdParams(readBack(adCookieOf(first)), SECRET);
      // The address's own parameters do not all fit: the later names are kept, whole.
      expect(Object.keys(stored).length).toBeGreaterThan(5);
      expect(Object.keys(stored)).toEqual(AD_PARAM_NAMES.slice(-Object.keys(stored).length));
      for (const [name, value] of Object.entries(stored)) expect(value).toBe(`one-${name}-`.padEnd(256, "x"));

      // A later landing with two new values: those are kept, and the oldest stored ones make room.
      const later = new Request(`${origin}/m/home?gclid=${"g".repeat(256)}&fbPixelId=${"p".repeat(256)}`, {
        headers: { Cookie: adCookieOf(first).split(";")[0]! },
      });
      const second = adCookieOf(await rememberArrival(later, "demo.localhost", SECRET));
      expect(bytes(second)).toBeLessThanOrEqual(4096);
      const next = await readAdParams(readBack(second), SECRET);
      expect(next.gclid).toBe("g".repeat(256));
      expect(next.fbPixelId).toBe("p".repeat(256));
      expect(Object.keys(next).slice(-2)).toEqual(["fbPixelId", "gclid"]);
      const lastStored = AD_PARAM_NAMES.filter((name) => name !== "gclid" && name !== "fbPixelId").at(-1)!;
      expect(next[lastStored]).toBe(stored[lastStored]);
    }
  });

  it("keeps every small ad parameter, stored ones before the address's", async () => {
    const first = await rememberArrival(new Request("http://demo.localhost/m/home?gclid=G1&ttclid=T1"), "demo.localhost", SECRET);
    const later = new Request("http://demo.localhost/m/home?gclid=G2&fbclid=F2", { headers: { Cookie: adCookieOf(first).split(";")[0]! } });
    const next = await readAdParams(cookieOf(adCookieOf(await rememberArrival(later, "demo.localhost", SECRET))), SECRET);
    expect(Object.entries(next)).toEqual([
      ["ttclid", "T1"],
      ["fbclid", "F2"],
      ["gclid", "G2"],
    ]);
  });
});
