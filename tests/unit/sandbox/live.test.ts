// End-to-end checks against a running sandbox. Skipped unless SANDBOX_URL is set:
//   (cd workers/wps-sandbox && wrangler dev --port 8799) &
//   SANDBOX_URL=http://127.0.0.1:8799 vitest run --config tests/unit/sandbox/vitest.config.ts live
// `npm test` runs them with the edge tests (vitest.edge.config.ts), through the app's /__sandbox passthrough.
// One file on purpose: the tests reset sandbox data, so they must not run in parallel with each other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authenticatorCode,
  BASE,
  call,
  control,
  jsonPost,
  modulus,
  post,
  resetMerchant,
  securePost,
  sendAndReadCode,
  sentCodes,
  solveCaptcha,
} from "./live-client";
import { customerServiceUrl, encryptCall, md5 } from "./wire-client";

const DEFAULT_PASSWORD = "Default123"; // [vars] DEFAULT_MEMBER_PASSWORD in workers/wps-sandbox/wrangler.toml
const TOTP_SECRET = "JBSWY3DPEHPK3PXP";
const DIAL = { demo: "1", vn88: "84", br777: "55" } as const;
type Code = keyof typeof DIAL;
const MERCHANT_CODES = Object.keys(DIAL) as Code[];

interface LoginValue {
  id: number;
  token: string;
  userName: string;
  customerType: number;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
}

const loginBody = (merchant: string, username: string, password: string, extra: Record<string, unknown> = {}) => ({
  username,
  password,
  type: "username",
  loginDeviceId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  merchant,
  ...extra,
});

/** Logs in with a solved captcha where the merchant wants one (vn88). */
async function login(merchant: Code, username: string, password: string, extra: Record<string, unknown> = {}) {
  const captcha = merchant === "vn88" ? await solveCaptcha(merchant, "login") : {};
  return securePost("/wps/session/login", merchant, loginBody(merchant, username, password, { ...captcha, ...extra }));
}

const verify = (merchant: Code, username: string, method: "E" | "P" | "G" | "S", fields: Record<string, unknown>, password = "demo1234") =>
  securePost("/wps/session/login/verification", merchant, { username, password, method, loginDeviceId: "dev-1", ...fields });

const registerBody = (extra: Record<string, unknown>) => ({
  registerMethod: "H5",
  registerUrl: "http://demo.localhost:8787/m/register",
  loginDeviceId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  domain: "demo.localhost",
  login: true,
  ...extra,
});

describe.skipIf(BASE === "")("sandbox over HTTP", () => {
  afterAll(async () => {
    await control("/__sandbox/reset", { data: true });
  });

  it("round-trips an encrypted request through /__sandbox/echo-encrypted", async () => {
    const n = await modulus("demo");
    expect(n).toMatch(/^[0-9a-f]{256}$/);
    const payload = { hello: "world", brand: "VN88 Xổ Số", list: [1, 2, 3] };
    const { status, body } = await post("/__sandbox/echo-encrypted", "demo", encryptCall(payload, n));
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, value: payload });
  });

  it("refuses broken encryption with specific codes", async () => {
    const n = await modulus("demo");
    const enc = encryptCall({ a: 1 }, n);
    const missing = await call("/__sandbox/echo-encrypted", { method: "POST", merchant: "demo", body: enc.body });
    expect(missing).toMatchObject({ status: 400, body: { errorCode: "encryption.missing" } });
    const otherKey = await post("/__sandbox/echo-encrypted", "demo", enc, { "X-RSA": md5("x").slice(0, 16) });
    expect(otherKey).toMatchObject({ status: 400, body: { errorCode: "encryption.key.mismatch" } });
    const garbled = await post("/__sandbox/echo-encrypted", "demo", enc, { Encryption: "abcdef" });
    expect(garbled).toMatchObject({ status: 400, body: { errorCode: "encryption.decrypt.failed" } });
    const digest = await post("/__sandbox/echo-encrypted", "demo", enc, { "X-Digest": md5(enc.json) });
    expect(digest).toMatchObject({ status: 400, body: { errorCode: "encryption.digest.mismatch" } });
    // A key from another merchant does not fit this merchant.
    const vnKey = encryptCall({ a: 1 }, await modulus("vn88"));
    expect(await post("/__sandbox/echo-encrypted", "demo", vnKey)).toMatchObject({
      body: { errorCode: "encryption.key.mismatch" },
    });
  });

  it("logs in, reads member info, changes language, logs out", async () => {
    await control("/__sandbox/reset", { merchant: "demo", data: true });
    const n = await modulus("demo");
    const creds = { username: "demo01", password: "demo1234", loginDeviceId: "a-device", merchant: "demo" };
    const login = await post("/wps/session/login", "demo", encryptCall(creds, n));
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      success: true,
      value: { userName: "demo01", customerType: 0, firstTimeLogin: true, passwordExpired: false },
    });
    const { token } = login.body.value as { token: string };
    expect(token).toMatch(/^[0-9a-f]{32}$/);

    const again = await post("/wps/session/login", "demo", encryptCall(creds, n));
    expect(again.body).toMatchObject({ value: { firstTimeLogin: false } });

    const info = await call("/wps/member/info", { merchant: "demo", headers: { Authorization: token } });
    expect(info.body).toMatchObject({
      success: true,
      value: {
        userName: "demo01",
        type: 0,
        language: "EN",
        currency: "USD",
        clubLabel: { type: "MANUAL", rankLevel: 1 },
        mobileNum: "+1900000001",
      },
    });
    const otherMerchant = await call("/wps/member/info", { merchant: "vn88", headers: { Authorization: token } });
    expect(otherMerchant.status).toBe(401);

    const lang = (language: string) =>
      call("/wps/member/language", {
        method: "POST",
        merchant: "demo",
        headers: { Authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ language }),
      });
    expect((await lang("PT-BR")).body).toEqual({ success: true });
    expect((await lang("XX")).body).toMatchObject({ success: false, errorCode: "language.invalid" });
    const after = await call("/wps/member/info", { merchant: "demo", headers: { Authorization: token } });
    expect(after.body).toMatchObject({ value: { language: "PT-BR" } });

    const out = await call("/wps/session/logout", { method: "POST", merchant: "demo", headers: { Authorization: token } });
    expect(out.body).toEqual({ success: true });
    const gone = await call("/wps/member/info", { merchant: "demo", headers: { Authorization: token } });
    expect(gone).toMatchObject({ status: 401, body: { errorCode: "customer.not.login", message: "Please log in" } });
  });

  it("answers login.cred.err for a wrong password, not.exists.user for an unknown user", async () => {
    const n = await modulus("br777");
    const wrong = await post("/wps/session/login", "br777", encryptCall({ username: "demo01", password: "wrong" }, n));
    expect(wrong).toEqual({
      status: 200,
      body: { success: false, errorCode: "login.cred.err", message: "Incorrect username or password" },
    });
    const unknown = await post("/wps/session/login", "br777", encryptCall({ username: "nobody", password: "demo1234" }, n));
    expect(unknown.body).toMatchObject({ success: false, errorCode: "not.exists.user" });
    const restricted = await post("/wps/session/login", "br777", encryptCall({ username: "restricted01", password: "demo1234" }, n));
    expect(restricted.body).toMatchObject({ success: true, value: { customerType: 4 } });
  });

  it("applies faults in order and clears them on reset", async () => {
    const set = await control("/__sandbox/faults", { merchant: "br777", latencyMs: 300, malformedJson: true });
    expect(set.body).toMatchObject({ success: true, value: { latencyMs: 300, malformedJson: true, httpStatus: null } });

    const started = Date.now();
    const malformed = await fetch(`${BASE}/wps/system/test/ping`, { headers: { Merchant: "br777" } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await malformed.text()).toBe('{"success": tru');

    await control("/__sandbox/faults", { merchant: "br777", latencyMs: 0, httpStatus: 502 });
    const bad = await fetch(`${BASE}/wps/system/status`, { headers: { Merchant: "br777" } });
    expect(bad.status).toBe(502);
    expect(bad.headers.get("content-type")).toMatch(/^text\/html/);

    await control("/__sandbox/faults", {
      merchant: "br777",
      httpStatus: null,
      malformedJson: false,
      maintenance: { end: 1_900_000_000_000, desc: "Upgrade" },
      regionRestriction: true,
    });
    const status = await call("/wps/system/status", {
      merchant: "br777",
      headers: { "X-Forwarded-For": "203.0.113.7, 10.0.0.1" },
    });
    expect(status.body.value).toMatchObject({
      maintenance: true,
      maintenanceEnd: 1_900_000_000_000,
      maintenanceDesc: "Upgrade",
      regionRestriction: true,
    });
    // Other merchants are untouched.
    const demo = await call("/wps/system/status", { merchant: "demo" });
    expect(demo.body.value).toMatchObject({ maintenance: false, regionRestriction: false });

    await control("/__sandbox/faults", { merchant: "br777", domainUnavailable: true });
    const domain = await call("/wps/system/status", { merchant: "br777" });
    expect(domain.body).toEqual({ success: false, errorCode: "domain_not_available", message: "Domain not available" });

    await control("/__sandbox/reset", { merchant: "br777" });
    const cleared = await call("/__sandbox/faults?merchant=br777");
    // toMatchObject: other helpers may add fault kinds; these must all be off.
    expect(cleared.body.value).toMatchObject({
      latencyMs: 0,
      httpStatus: null,
      malformedJson: false,
      maintenance: null,
      regionRestriction: false,
      domainUnavailable: false,
      captchaServers: null,
    });
  });

  it("serves customer-service links that open the sandbox chat page", async () => {
    for (const merchant of ["demo", "vn88"]) {
      const config = await call("/wps/system/config", { merchant });
      const [entry] = (config.body.value as { customerService: { csType: string; path: string }[] }).customerService;
      expect(entry?.path.startsWith("http")).toBe(merchant !== "demo");
      const url = customerServiceUrl(entry?.path ?? "");
      expect(url).toBe(`${BASE}/wps/sandbox-pages/chat?merchant=${merchant}&type=LIVECHAT`);
      const page = await fetch(url);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await page.text()).toContain("Customer service (sandbox)");
    }
  });

  it("rejects bad control bodies with platform-shaped 400s", async () => {
    const notJson = await call("/__sandbox/faults", { method: "POST", body: "{nope" });
    expect(notJson).toMatchObject({ status: 400, body: { success: false, errorCode: "request.invalid" } });
    const badField = await control("/__sandbox/faults", { merchant: "demo", httpStatus: 503 });
    expect(badField).toMatchObject({ status: 400, body: { errorCode: "request.invalid" } });
    const unknown = await control("/__sandbox/faults", { merchant: "nope" });
    expect(unknown).toMatchObject({ status: 400, body: { errorCode: "merchant.not.found" } });
  });
});

describe.skipIf(BASE === "")("identity calls over HTTP", () => {
  // The dead script server's 20 s run while the other tests of this block do (see the last test).
  let deadServer: Promise<{ elapsedMs: number; status: number } | { error: unknown }>;
  beforeAll(() => {
    const started = Date.now();
    deadServer = fetch(`${BASE}/wps/sandbox-pages/geetest-dead/gt.js`).then(
      (res) => ({ elapsedMs: Date.now() - started, status: res.status }),
      (error: unknown) => ({ error }),
    );
  });

  afterAll(async () => {
    await control("/__sandbox/reset", { data: true });
  });

  it("publishes the identity settings of each merchant", async () => {
    const expected = {
      demo: {
        captcha: { login: false, sms: false, register: true },
        version: "v3",
        autoLogin: true,
        register: { autoUsername: false, mobile: true, passwordRequiredForMobile: true },
        login: { sms: true },
        sms: { firebase: true, apiKey: "sandbox-web-api-key", projectId: "demo-mobile-web", providers: ["google"], autoRegister: false },
      },
      vn88: {
        captcha: { login: true, sms: true, register: true },
        version: "v4",
        autoLogin: false,
        register: { autoUsername: true, mobile: true, passwordRequiredForMobile: false },
        login: { sms: true },
        sms: { firebase: false, apiKey: null },
      },
      br777: {
        captcha: { login: false, sms: false, register: true },
        version: "v3",
        autoLogin: true,
        register: { autoUsername: false, mobile: true, passwordRequiredForMobile: true },
        login: { sms: true },
        sms: { firebase: false, apiKey: "sandbox-web-api-key", providers: ["google", "facebook"], autoRegister: true },
      },
    } as const;
    for (const code of MERCHANT_CODES) {
      await control("/__sandbox/reset", { merchant: code });
      const { body } = await call("/wps/system/setting", { merchant: code });
      const e = expected[code];
      expect(body.value, code).toMatchObject({
        captcha: e.captcha,
        gw: {
          GEETEST_VERSION: e.version,
          GEETEST_SCRIPT_SERVERS: ["/wps/sandbox-pages/geetest"],
          GEETEST_ID: expect.stringMatching(/^[0-9a-f]{32}$/),
        },
        whitelabelVal: { AUTOLOGIN3: e.autoLogin, UPDATEMOBILEICC3: code !== "demo", PWDEXPFORCECHANGE3: code === "demo" },
        register: e.register,
        login: e.login,
        sms: e.sms,
      });
    }
  });

  it("overrides the captcha script servers with a fault until reset", async () => {
    const servers = ["/wps/sandbox-pages/geetest-dead", "/wps/sandbox-pages/geetest"];
    const set = await control("/__sandbox/faults", { merchant: "vn88", captchaServers: servers });
    expect(set.body).toMatchObject({ success: true, value: { captchaServers: servers } });
    const vn = await call("/wps/system/setting", { merchant: "vn88" });
    expect(vn.body.value).toMatchObject({ gw: { GEETEST_SCRIPT_SERVERS: servers } });
    const demo = await call("/wps/system/setting", { merchant: "demo" });
    expect(demo.body.value).toMatchObject({ gw: { GEETEST_SCRIPT_SERVERS: ["/wps/sandbox-pages/geetest"] } });
    await control("/__sandbox/reset", { merchant: "vn88" });
    const after = await call("/wps/system/setting", { merchant: "vn88" });
    expect(after.body.value).toMatchObject({ gw: { GEETEST_SCRIPT_SERVERS: ["/wps/sandbox-pages/geetest"] } });
    const bad = await control("/__sandbox/faults", { merchant: "vn88", captchaServers: "x" });
    expect(bad).toMatchObject({ status: 400, body: { errorCode: "request.invalid" } });
  });

  it("seeds the demo members in every merchant", async () => {
    for (const code of MERCHANT_CODES) {
      await resetMerchant(code);
      const demo = await login(code, "demo01", "demo1234");
      expect(demo.body, code).toMatchObject({
        success: true,
        value: { userName: "demo01", customerType: 0, firstTimeLogin: true, passwordExpired: false },
      });
      const { token } = demo.body.value as LoginValue;
      const info = await call("/wps/member/info", { merchant: code, headers: { Authorization: token } });
      expect(info.body.value).toMatchObject({ userName: "demo01", mobileNum: `+${DIAL[code]}900000001` });
      expect((await login(code, "demo01", "demo1234")).body.value).toMatchObject({ firstTimeLogin: false });

      expect((await login(code, "restricted01", "demo1234")).body.value).toMatchObject({ customerType: 4 });
      expect((await login(code, "expired01", "demo1234")).body.value).toMatchObject({ passwordExpired: true, firstTimeLogin: true });
      expect((await login(code, "default01", DEFAULT_PASSWORD)).body).toMatchObject({ success: true, value: { userName: "default01" } });
      expect((await login(code, "default01", "demo1234")).body).toMatchObject({ errorCode: "login.cred.err" });

      const restrictedToken = ((await login(code, "restricted01", "demo1234")).body.value as LoginValue).token;
      const restrictedInfo = await call("/wps/member/info", { merchant: code, headers: { Authorization: restrictedToken } });
      expect(restrictedInfo.body.value).toMatchObject({ type: 4, mobileNum: null });
    }
  });

  it("answers login_verify_required with the member's 2FA methods and masked mobile", async () => {
    await resetMerchant("demo");
    const cases = {
      email01: { email: true, ga: false, sms: false, payeeName: false, mobileNum: null },
      payee01: { email: false, ga: false, sms: false, payeeName: true, mobileNum: null },
      ga01: { email: false, ga: true, sms: false, payeeName: false, mobileNum: null },
      sms01: { email: false, ga: false, sms: true, payeeName: false, mobileNum: "+1*****0005" },
      twofa01: { email: true, ga: true, sms: true, payeeName: true, mobileNum: "+1*****0006" },
    };
    for (const [username, value] of Object.entries(cases)) {
      const res = await login("demo", username, "demo1234");
      expect(res.body, username).toMatchObject({ success: false, errorCode: "login_verify_required", value });
      expect(typeof res.body.message).toBe("string");
    }
    // A wrong password is still a credential error, not a 2FA prompt.
    expect((await login("demo", "email01", "nope123")).body).toMatchObject({ errorCode: "login.cred.err" });
    expect((await login("vn88", "sms01", "demo1234")).body.value).toMatchObject({ mobileNum: "+84*****0005" });
  });

  it("verifies 2FA by email (E)", async () => {
    await resetMerchant("demo");
    const missing = await verify("demo", "email01", "E", {});
    expect(missing.body).toMatchObject({ success: false, errorCode: "verify.failed", message: expect.stringMatching(/email/i) });
    const wrong = await verify("demo", "email01", "E", { email: "other@example.com" });
    expect(wrong.body).toMatchObject({ errorCode: "verify.failed", message: expect.stringMatching(/email/i) });
    const otherMethod = await verify("demo", "email01", "P", { payeeName: "Nguyen Van A" });
    expect(otherMethod.body).toMatchObject({ errorCode: "verify.failed" });
    const badPassword = await verify("demo", "email01", "E", { email: "email01@example.com" }, "wrong1");
    expect(badPassword.body).toMatchObject({ errorCode: "login.cred.err" });
    const unknown = await verify("demo", "ghost01", "E", { email: "email01@example.com" });
    expect(unknown.body).toMatchObject({ errorCode: "not.exists.user" });
    const ok = await verify("demo", "email01", "E", { email: "  Email01@Example.com " });
    expect(ok.body).toMatchObject({
      success: true,
      value: {
        userName: "email01",
        customerType: 0,
        firstTimeLogin: true,
        passwordExpired: false,
        token: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    });
    const { token } = ok.body.value as LoginValue;
    expect((await call("/wps/member/info", { merchant: "demo", headers: { Authorization: token } })).body.value).toMatchObject({
      userName: "email01",
    });
    expect((await verify("demo", "email01", "E", { email: "email01@example.com" })).body.value).toMatchObject({ firstTimeLogin: false });
  });

  it("verifies 2FA by payee name (P)", async () => {
    await resetMerchant("br777");
    expect((await verify("br777", "payee01", "P", {})).body).toMatchObject({
      errorCode: "verify.failed",
      message: expect.stringMatching(/payee/i),
    });
    expect((await verify("br777", "payee01", "P", { payeeName: "Nguyen Van B" })).body).toMatchObject({
      errorCode: "verify.failed",
      message: expect.stringMatching(/payee/i),
    });
    const ok = await verify("br777", "payee01", "P", { payeeName: "nguyen  van a" });
    expect(ok.body).toMatchObject({ success: true, value: { userName: "payee01" } });
  });

  it("verifies 2FA by authenticator (G, RFC 6238, ±1 step)", async () => {
    await resetMerchant("vn88");
    const now = Date.now();
    expect((await verify("vn88", "ga01", "G", {})).body).toMatchObject({
      errorCode: "verify.failed",
      message: expect.stringMatching(/authenticator/i),
    });
    const stale = authenticatorCode(TOTP_SECRET, now - 5 * 30_000);
    const current = authenticatorCode(TOTP_SECRET, now);
    if (stale !== current) {
      expect((await verify("vn88", "ga01", "G", { authCode: stale })).body).toMatchObject({ errorCode: "verify.failed" });
    }
    expect((await verify("vn88", "ga01", "G", { authCode: "12345" })).body).toMatchObject({ errorCode: "verify.failed" });
    // The sandbox's helper and an independent implementation agree.
    const helper = await call("/__sandbox/totp?merchant=vn88&username=ga01");
    expect([authenticatorCode(TOTP_SECRET, now), authenticatorCode(TOTP_SECRET, Date.now())]).toContain(
      (helper.body.value as { code: string }).code,
    );
    const ok = await verify("vn88", "ga01", "G", { authCode: authenticatorCode(TOTP_SECRET) });
    expect(ok.body).toMatchObject({ success: true, value: { userName: "ga01" } });
    // The previous step's code still passes (clock drift). Counted from a moment at least 3 s before the next step
    // boundary: the sandbox checks a moment later, and past a boundary "now minus one step" would be two steps back.
    const nowMs = Date.now();
    const base = nowMs % 30_000 > 27_000 ? nowMs + 3_000 : nowMs;
    const previous = await verify("vn88", "ga01", "G", { authCode: authenticatorCode(TOTP_SECRET, base - 30_000) });
    expect(previous.body).toMatchObject({ success: true });
  });

  it("verifies 2FA by SMS (S)", async () => {
    await resetMerchant("br777");
    const mobileNum = "+55900000005";
    const noCode = await verify("br777", "sms01", "S", { mobileNum, countryDialingCode: "55", verificationCode: "123456" });
    expect(noCode.body).toMatchObject({ success: false, errorCode: "code-expired" });
    expect((await verify("br777", "sms01", "S", {})).body).toMatchObject({
      errorCode: "verify.failed",
      message: expect.stringMatching(/mobile/i),
    });

    const code = await sendAndReadCode("br777", "55", mobileNum);
    const otherNumber = await verify("br777", "sms01", "S", {
      mobileNum: "+55900000009",
      countryDialingCode: "55",
      verificationCode: code,
    });
    expect(otherNumber.body).toMatchObject({ errorCode: "verify.failed", message: expect.stringMatching(/mobile/i) });
    const wrong = await verify("br777", "sms01", "S", {
      mobileNum,
      countryDialingCode: "55",
      verificationCode: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.body).toMatchObject({ errorCode: "verify.failed", message: expect.stringMatching(/code/i) });
    const ok = await verify("br777", "sms01", "S", { mobileNum, countryDialingCode: "55", verificationCode: code });
    expect(ok.body).toMatchObject({ success: true, value: { userName: "sms01" } });
    const reused = await verify("br777", "sms01", "S", { mobileNum, countryDialingCode: "55", verificationCode: code });
    expect(reused.body).toMatchObject({ errorCode: "code-expired" });
  });

  it("lets twofa01 pass with any one of its four methods", async () => {
    await resetMerchant("demo");
    const email = await verify("demo", "twofa01", "E", { email: "email01@example.com" });
    expect(email.body).toMatchObject({ success: true, value: { firstTimeLogin: true } });
    expect((await verify("demo", "twofa01", "P", { payeeName: "Nguyen Van A" })).body).toMatchObject({ success: true });
    expect((await verify("demo", "twofa01", "G", { authCode: authenticatorCode(TOTP_SECRET) })).body).toMatchObject({ success: true });
    const code = await sendAndReadCode("demo", "1", "+1900000006");
    const sms = await verify("demo", "twofa01", "S", { mobileNum: "+1900000006", countryDialingCode: "1", verificationCode: code });
    expect(sms.body).toMatchObject({ success: true, value: { userName: "twofa01", firstTimeLogin: false } });
  });

  it("sends SMS codes: 90 s expiry, 30 s resend limit, readable via /__sandbox/sms", async () => {
    await resetMerchant("demo");
    for (const body of [
      {},
      { countryDialingCode: "1", mobileNum: "" },
      { countryDialingCode: "1", mobileNum: "1900000123" },
      { countryDialingCode: "84", mobileNum: "+1900000123" },
      { countryDialingCode: "1", mobileNum: "+1123" },
      { countryDialingCode: "1", mobileNum: "+1 900 000 123" },
    ]) {
      const res = await jsonPost("/wps/verification/sms/noLogin", "demo", body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ success: false, errorCode: "mobile.invalid" });
    }
    const before = Date.now();
    const sent = await jsonPost("/wps/verification/sms/noLogin", "demo", { countryDialingCode: "1", mobileNum: "+1900000123" });
    expect(sent.body).toMatchObject({ success: true });
    const { expirationTime } = sent.body.value as { expirationTime: number };
    expect(expirationTime).toBeGreaterThanOrEqual(before + 90_000 - 1000);
    expect(expirationTime).toBeLessThanOrEqual(Date.now() + 90_000 + 1000);

    const again = await jsonPost("/wps/verification/sms/noLogin", "demo", { countryDialingCode: "1", mobileNum: "+1900000123" });
    expect(again.body).toMatchObject({ success: false, errorCode: "TOO_MANY_REQUEST_SMS", message: expect.stringMatching(/\d+ seconds/) });
    // Another number is not limited.
    expect(
      (await jsonPost("/wps/verification/sms/noLogin", "demo", { countryDialingCode: "1", mobileNum: "+1900000124" })).body.success,
    ).toBe(true);

    const codes = await sentCodes("demo", "+1900000123");
    expect(codes).toEqual([{ mobileNum: "+1900000123", code: expect.stringMatching(/^\d{6}$/), expirationTime }]);
    // An unencoded "+" in the query (read as a space) still finds the number.
    const raw = await call("/__sandbox/sms?merchant=demo&mobileNum=+1900000123");
    expect(raw.body.value).toEqual(codes);
    const all = await call("/__sandbox/sms?merchant=demo");
    expect((all.body.value as { mobileNum: string }[]).map((c) => c.mobileNum)).toEqual(["+1900000124", "+1900000123"]);
    expect((await call("/__sandbox/sms?merchant=nope")).body).toMatchObject({ errorCode: "merchant.not.found" });
    expect((await call("/__sandbox/sms")).status).toBe(400);
  });

  it("asks for the captcha on send-code where the merchant's captcha.sms flag is on (vn88, v4)", async () => {
    await resetMerchant("vn88");
    const body = { countryDialingCode: "84", mobileNum: "+84912000001" };
    expect((await jsonPost("/wps/verification/sms/noLogin", "vn88", body)).body).toMatchObject({ errorCode: "geetest.required" });
    expect(
      (await jsonPost("/wps/verification/sms/noLogin", "vn88", { ...body, geetestValidateV4: '{"lot_number":"x"}' })).body,
    ).toMatchObject({
      errorCode: "geetest.invalid",
    });
    const captcha = await solveCaptcha("vn88", "sms");
    const sent = await jsonPost("/wps/verification/sms/noLogin", "vn88", { ...body, ...captcha });
    expect(sent.body).toMatchObject({ success: true, value: { expirationTime: expect.any(Number) } });
    // The same captcha result does not pass twice.
    const reuse = await jsonPost("/wps/verification/sms/noLogin", "vn88", {
      countryDialingCode: "84",
      mobileNum: "+84912000002",
      ...captcha,
    });
    expect(reuse.body).toMatchObject({ errorCode: "geetest.invalid" });
  });

  it("logs in by SMS code (type sms) where the merchant offers it", async () => {
    await resetMerchant("br777");
    const sms = (mobileNum: string, verificationCode: string, merchant: Code = "br777") =>
      securePost("/wps/session/login", merchant, {
        type: "sms",
        countryDialingCode: DIAL[merchant],
        mobileNum,
        verificationCode,
        loginDeviceId: "dev-1",
        merchant,
      });
    expect((await sms("+55900000001", "123456")).body).toMatchObject({ success: false, errorCode: "code-expired" });
    const code = await sendAndReadCode("br777", "55", "+55900000001");
    expect((await sms("+55900000001", code === "000000" ? "111111" : "000000")).body).toMatchObject({ errorCode: "sms.code.invalid" });
    const ok = await sms("+55900000001", code);
    expect(ok.body).toMatchObject({ success: true, value: { userName: "demo01", firstTimeLogin: true, passwordExpired: false } });
    expect((await sms("+55900000001", code)).body).toMatchObject({ errorCode: "code-expired" });

    // A number no member has: not.exists.user once a code was sent to it.
    const strangerCode = await sendAndReadCode("br777", "55", "+55911112222");
    expect((await sms("+55911112222", strangerCode)).body).toMatchObject({ errorCode: "not.exists.user" });
    // SMS login skips 2FA: the code already proves the number.
    const twofaCode = await sendAndReadCode("br777", "55", "+55900000006");
    expect((await sms("+55900000006", twofaCode)).body).toMatchObject({ success: true, value: { userName: "twofa01" } });

    // demo's SMS codes go through Firebase: the platform's type sms logs nobody in there.
    expect((await sms("+1900000001", "123456", "demo")).body).toMatchObject({ errorCode: "login.type.unsupported" });
    // vn88 offers it behind the login captcha.
    await resetMerchant("vn88");
    expect((await sms("+84900000001", "123456", "vn88")).body).toMatchObject({ errorCode: "geetest.required" });
    const vnCode = await sendAndReadCode("vn88", "84", "+84900000001", true);
    const captcha = await solveCaptcha("vn88", "login");
    const vn = await securePost("/wps/session/login", "vn88", {
      type: "sms",
      countryDialingCode: "84",
      mobileNum: "+84900000001",
      verificationCode: vnCode,
      loginDeviceId: "dev-1",
      merchant: "vn88",
      ...captcha,
    });
    expect(vn.body).toMatchObject({ success: true, value: { userName: "demo01" } });
  });

  it("enforces the login captcha on vn88 (v4): solve → login, once", async () => {
    await resetMerchant("vn88");
    const missing = await securePost("/wps/session/login", "vn88", loginBody("vn88", "demo01", "demo1234"));
    expect(missing.body).toMatchObject({ success: false, errorCode: "geetest.required" });
    const v3Fields = await securePost(
      "/wps/session/login",
      "vn88",
      loginBody("vn88", "demo01", "demo1234", { geetestChallenge: "a", geetestValidate: "b", geetestSeccode: "b|jordan" }),
    );
    expect(v3Fields.body).toMatchObject({ errorCode: "geetest.required" });

    const challenge = await call(`/wps/captcha/geetest?t=${Date.now()}&product=login`, { merchant: "vn88" });
    expect(challenge.body).toEqual({ success: true, value: { captchaId: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    const { captchaId } = challenge.body.value as { captchaId: string };
    const solved = await jsonPost("/wps/captcha/geetest4/solve", "vn88", { captchaId });
    expect(solved.body).toEqual({
      success: true,
      value: {
        lot_number: expect.stringMatching(/^[0-9a-f]{32}$/),
        captcha_output: expect.any(String),
        pass_token: expect.any(String),
        gen_time: expect.stringMatching(/^\d{10}$/),
      },
    });
    const geetestValidateV4 = JSON.stringify(solved.body.value);
    const tampered = JSON.stringify({ ...(solved.body.value as object), pass_token: "0" });
    expect(
      (await securePost("/wps/session/login", "vn88", loginBody("vn88", "demo01", "demo1234", { geetestValidateV4: tampered }))).body,
    ).toMatchObject({
      errorCode: "geetest.invalid",
    });
    const ok = await securePost("/wps/session/login", "vn88", loginBody("vn88", "demo01", "demo1234", { geetestValidateV4 }));
    expect(ok.body).toMatchObject({ success: true, value: { userName: "demo01", firstTimeLogin: true } });
    const reuse = await securePost("/wps/session/login", "vn88", loginBody("vn88", "demo01", "demo1234", { geetestValidateV4 }));
    expect(reuse.body).toMatchObject({ errorCode: "geetest.invalid" });
    // The captcha is checked (and used up) before the password.
    const wrongPassword = await login("vn88", "demo01", "wrong1");
    expect(wrongPassword.body).toMatchObject({ errorCode: "login.cred.err" });

    // Solve errors: another merchant's id, a v3 solve on a v4 merchant.
    expect((await jsonPost("/wps/captcha/geetest4/solve", "vn88", { captchaId: "0".repeat(32) })).body).toMatchObject({
      errorCode: "geetest.invalid",
    });
    expect((await jsonPost("/wps/captcha/geetest/solve", "vn88", { challenge: "0".repeat(32) })).body).toMatchObject({
      errorCode: "geetest.invalid",
    });
    expect((await jsonPost("/wps/captcha/geetest4/solve", "vn88", {})).status).toBe(400);
  });

  it("captcha v3 (demo): challenge → solve → register and log in, each result once", async () => {
    await resetMerchant("demo");
    const challenge = await call(`/wps/captcha/geetest?t=${Date.now()}&product=register`, { merchant: "demo" });
    expect(challenge.body).toEqual({
      success: true,
      value: { gt: "3f1c0e5a9b7d4c2e8a6f0b1d2c3e4f5a", challenge: expect.stringMatching(/^[0-9a-f]{32}$/), new_captcha: true },
    });
    const { challenge: id } = challenge.body.value as { challenge: string };
    const solved = await jsonPost("/wps/captcha/geetest/solve", "demo", { challenge: id });
    const v = solved.body.value as { geetest_challenge: string; geetest_validate: string; geetest_seccode: string };
    expect(v).toEqual({
      geetest_challenge: id,
      geetest_validate: expect.stringMatching(/^[0-9a-f]{32}$/),
      geetest_seccode: `${v.geetest_validate}|jordan`,
    });
    // A challenge is solved once; an unknown one or another merchant's is refused.
    expect((await jsonPost("/wps/captcha/geetest/solve", "demo", { challenge: id })).body).toMatchObject({ errorCode: "geetest.invalid" });
    expect((await jsonPost("/wps/captcha/geetest/solve", "demo", { challenge: "f".repeat(32) })).body).toMatchObject({
      errorCode: "geetest.invalid",
    });
    const brChallenge = ((await call("/wps/captcha/geetest?product=register", { merchant: "br777" })).body.value as { challenge: string })
      .challenge;
    expect((await jsonPost("/wps/captcha/geetest/solve", "demo", { challenge: brChallenge })).body).toMatchObject({
      errorCode: "geetest.invalid",
    });
    expect((await call("/wps/captcha/geetest?product=other", { merchant: "demo" })).status).toBe(400);

    const fields = { geetestChallenge: v.geetest_challenge, geetestValidate: v.geetest_validate, geetestSeccode: v.geetest_seccode };
    const headers = { ModuleId: "REG3" };
    const wrongSeccode = await securePost(
      "/wps/member/register",
      "demo",
      registerBody({ username: "captcha01", password: "abc123", ...fields, geetestSeccode: "x" }),
      headers,
    );
    expect(wrongSeccode.body).toMatchObject({ errorCode: "geetest.invalid" });
    const reg = await securePost(
      "/wps/member/register",
      "demo",
      registerBody({ username: "captcha01", password: "abc123", ...fields }),
      headers,
    );
    expect(reg.body).toMatchObject({
      success: true,
      value: { userName: "captcha01", firstTimeLogin: true, token: expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    const { token } = reg.body.value as { token: string };
    expect((await call("/wps/member/info", { merchant: "demo", headers: { Authorization: token } })).body.value).toMatchObject({
      userName: "captcha01",
    });
    const reuse = await securePost(
      "/wps/member/register",
      "demo",
      registerBody({ username: "captcha02", password: "abc123", ...fields }),
      headers,
    );
    expect(reuse.body).toMatchObject({ errorCode: "geetest.invalid" });
    // The new member logs in by password (demo has no login captcha); no longer a first login.
    expect((await login("demo", "captcha01", "abc123")).body).toMatchObject({ success: true, value: { firstTimeLogin: false } });
  });

  it("registers by username with every validation", async () => {
    await resetMerchant("br777");
    const register = async (fields: Record<string, unknown>, headers: Record<string, string> = { ModuleId: "REG3" }, captcha = true) =>
      securePost(
        "/wps/member/register",
        "br777",
        registerBody({ ...(captcha ? await solveCaptcha("br777", "register") : {}), ...fields }),
        headers,
      );

    expect((await register({ username: "newbie01", password: "abc123" }, {})).status).toBe(400); // no ModuleId
    expect((await register({ username: "newbie01", password: "abc123" }, { ModuleId: "MOBILENUMREG3" })).status).toBe(400);
    expect((await register({ username: "newbie01", password: "abc123" }, { ModuleId: "REG3", Device: "MOBILE" })).status).toBe(400);
    expect((await register({ username: "newbie01", password: "abc123", registerMethod: "DESKTOP" })).status).toBe(400);
    expect((await register({ username: "newbie01", password: "abc123" }, { ModuleId: "REG3" }, false)).body).toMatchObject({
      errorCode: "geetest.required",
    });
    for (const username of ["abc", "1abc", "abcdefghijklmnopq", "ab_cd", ""]) {
      expect((await register({ username, password: "abc123" })).body, username).toMatchObject({ errorCode: "username.invalid" });
    }
    expect((await register({ username: "DEMO01", password: "abc123" })).body).toMatchObject({ errorCode: "username.exists" });
    for (const password of ["abc12", "a".repeat(21), "abc 123", "abc123!", ""]) {
      expect((await register({ username: "newbie01", password })).body, password).toMatchObject({ errorCode: "password.invalid" });
    }
    const noPassword = await register({ username: "newbie01" });
    expect(noPassword.body).toMatchObject({ errorCode: "password.invalid" });

    const ok = await register(
      { username: "newbie01", password: "abc123", referralCode: "REF1", affiliateCode: "AFF1", pixelTrack: { fbPixelId: "123" } },
      { ModuleId: "REG3", Device: "PWA-Android", Language: "EN" },
    );
    expect(ok.body).toEqual({
      success: true,
      value: {
        id: expect.any(Number),
        customerId: expect.any(Number),
        userName: "newbie01",
        token: expect.stringMatching(/^[0-9a-f]{32}$/),
        customerType: 0,
        firstTimeLogin: true,
      },
    });
    const value = ok.body.value as { id: number; customerId: number; token: string };
    expect(value.customerId).toBe(value.id);
    const info = await call("/wps/member/info", { merchant: "br777", headers: { Authorization: value.token } });
    expect(info.body.value).toMatchObject({ userName: "newbie01", type: 0, language: "EN", mobileNum: null, currency: "BRL" });
    const stored = await call("/__sandbox/member?merchant=br777&username=newbie01");
    expect(stored.body.value).toMatchObject({
      firstTimeLogin: false,
      registerInfo: {
        moduleId: "REG3",
        device: "PWA-Android",
        registerMethod: "H5",
        referralCode: "REF1",
        affiliateCode: "AFF1",
        pixelTrack: { fbPixelId: "123" },
      },
    });
    expect(JSON.stringify(stored.body)).not.toContain("abc123");
    expect((await register({ username: "Newbie01", password: "abc123" })).body).toMatchObject({ errorCode: "username.exists" });

    const noLogin = await register({ username: "quiet01", password: "abc123", login: false });
    expect(noLogin.body).toEqual({ success: true, value: { id: expect.any(Number), userName: "quiet01" } });
    expect((await login("br777", "quiet01", "abc123")).body).toMatchObject({ success: true, value: { firstTimeLogin: true } });
  });

  it("registers by mobile number (vn88: v4 captcha, password optional → default password)", async () => {
    await resetMerchant("vn88");
    const headers = { ModuleId: "MOBILENUMREG3" };
    const register = async (fields: Record<string, unknown>, h: Record<string, string> = headers) =>
      securePost("/wps/member/register/mobile", "vn88", registerBody({ ...(await solveCaptcha("vn88", "register")), ...fields }), h);
    const mobileNum = "+84912345001";

    expect((await register({ mobileNum, countryDialingCode: "84", verificationCode: "123456" }, { ModuleId: "REG3" })).status).toBe(400);
    expect(
      (
        await securePost(
          "/wps/member/register/mobile",
          "vn88",
          registerBody({ mobileNum, countryDialingCode: "84", verificationCode: "1" }),
          headers,
        )
      ).body,
    ).toMatchObject({ errorCode: "geetest.required" });
    expect((await register({ mobileNum: "912345001", countryDialingCode: "84", verificationCode: "123456" })).body).toMatchObject({
      errorCode: "mobile.invalid",
    });
    expect((await register({ mobileNum: "+84900000001", countryDialingCode: "84", verificationCode: "123456" })).body).toMatchObject({
      errorCode: "mobile.exists",
    });
    expect((await register({ mobileNum, countryDialingCode: "84", verificationCode: "123456" })).body).toMatchObject({
      errorCode: "code-expired",
    });
    const code = await sendAndReadCode("vn88", "84", mobileNum, true);
    expect(
      (await register({ mobileNum, countryDialingCode: "84", verificationCode: code === "000000" ? "111111" : "000000" })).body,
    ).toMatchObject({
      errorCode: "sms.code.invalid",
    });
    expect((await register({ mobileNum, countryDialingCode: "84", verificationCode: code, password: "bad!" })).body).toMatchObject({
      errorCode: "password.invalid",
    });
    expect((await register({ mobileNum, countryDialingCode: "84", verificationCode: code, username: "9bad" })).body).toMatchObject({
      errorCode: "username.invalid",
    });

    const ok = await register({ mobileNum, countryDialingCode: "84", verificationCode: code });
    expect(ok.body).toMatchObject({
      success: true,
      value: { userName: expect.stringMatching(/^u\d{7}$/), customerType: 0, firstTimeLogin: true },
    });
    const { userName, token } = ok.body.value as { userName: string; token: string };
    const info = await call("/wps/member/info", { merchant: "vn88", headers: { Authorization: token } });
    expect(info.body.value).toMatchObject({ userName, mobileNum, language: "VI" });
    // No password given: the default password works, and the SMS code was used up.
    expect((await login("vn88", userName, DEFAULT_PASSWORD)).body).toMatchObject({ success: true });
    expect((await register({ mobileNum: "+84912345002", countryDialingCode: "84", verificationCode: code })).body).toMatchObject({
      errorCode: "code-expired",
    });
    expect((await register({ mobileNum, countryDialingCode: "84", verificationCode: code })).body).toMatchObject({
      errorCode: "mobile.exists",
    });
  });

  it("registers by mobile number where a password is required (br777), with a chosen username", async () => {
    await resetMerchant("br777");
    const headers = { ModuleId: "MOBILENUMREG3", Device: "WEBCLIP" };
    const register = async (fields: Record<string, unknown>) =>
      securePost(
        "/wps/member/register/mobile",
        "br777",
        registerBody({ ...(await solveCaptcha("br777", "register")), ...fields }),
        headers,
      );
    const mobileNum = "+55119876543";
    const code = await sendAndReadCode("br777", "55", mobileNum);
    expect((await register({ mobileNum, countryDialingCode: "55", verificationCode: code })).body).toMatchObject({
      errorCode: "password.invalid",
    });
    expect(
      (await register({ mobileNum, countryDialingCode: "55", verificationCode: code, password: "pass123", username: "demo01" })).body,
    ).toMatchObject({
      errorCode: "username.exists",
    });
    const ok = await register({
      mobileNum,
      countryDialingCode: "55",
      verificationCode: code,
      password: "pass123",
      username: "brmobile1",
      login: false,
    });
    expect(ok.body).toEqual({ success: true, value: { id: expect.any(Number), userName: "brmobile1" } });
    expect((await login("br777", "brmobile1", "pass123")).body).toMatchObject({ success: true, value: { firstTimeLogin: true } });
  });

  it("suggests a free username", async () => {
    for (const code of MERCHANT_CODES) {
      const res = await call("/wps/member/register/autoUsername", { method: "POST", merchant: code, headers: { Device: "PWA" } });
      expect(res.body).toEqual({ success: true, value: { username: expect.stringMatching(/^u\d{7}$/) } });
      const { username } = res.body.value as { username: string };
      expect((await call(`/__sandbox/member?merchant=${code}&username=${username}`)).body).toMatchObject({ errorCode: "not.exists.user" });
    }
    expect((await call("/wps/member/register/autoUsername", { merchant: "demo" })).status).toBe(405);
  });

  it("changes the password: old checked, new validated and different; clears passwordExpired", async () => {
    await resetMerchant("demo");
    const first = await login("demo", "expired01", "demo1234");
    expect(first.body.value).toMatchObject({ passwordExpired: true });
    const { token } = first.body.value as LoginValue;
    const change = (oldPassword: string, newPassword: string, auth: string | null = token) =>
      securePost("/wps/member/password", "demo", { oldPassword, newPassword }, auth === null ? {} : { Authorization: auth });

    expect(await change("demo1234", "fresh123", null)).toMatchObject({ status: 401, body: { errorCode: "customer.not.login" } });
    expect((await change("wrong1", "fresh123")).body).toMatchObject({ success: false, errorCode: "password.old.wrong" });
    expect((await change("demo1234", "short")).body).toMatchObject({ errorCode: "password.invalid" });
    expect((await change("demo1234", "has space1")).body).toMatchObject({ errorCode: "password.invalid" });
    expect((await change("demo1234", "demo1234")).body).toMatchObject({ errorCode: "password.same" });
    expect((await change("demo1234", "fresh123")).body).toEqual({ success: true });

    expect((await login("demo", "expired01", "demo1234")).body).toMatchObject({ errorCode: "login.cred.err" });
    expect((await login("demo", "expired01", "fresh123")).body).toMatchObject({ success: true, value: { passwordExpired: false } });
    // The token stays valid after the change.
    expect((await call("/wps/member/info", { merchant: "demo", headers: { Authorization: token } })).status).toBe(200);

    // default01 moves off the default password.
    const def = (await login("demo", "default01", DEFAULT_PASSWORD)).body.value as LoginValue;
    const moved = await securePost(
      "/wps/member/password",
      "demo",
      { oldPassword: DEFAULT_PASSWORD, newPassword: "mine1234" },
      { Authorization: def.token },
    );
    expect(moved.body).toEqual({ success: true });
    await resetMerchant("demo");
    expect((await login("demo", "expired01", "demo1234")).body).toMatchObject({ success: true, value: { passwordExpired: true } });
    expect((await login("demo", "default01", DEFAULT_PASSWORD)).body).toMatchObject({ success: true });
  });

  it("rejects a Device header outside the contract on identity calls", async () => {
    const res = await securePost("/wps/session/login", "demo", loginBody("demo", "demo01", "demo1234"), { Device: "DESKTOP" });
    expect(res).toMatchObject({ status: 400, body: { errorCode: "request.invalid" } });
    for (const device of ["IPAD", "PWA", "PWA-Android", "WEBCLIP"]) {
      expect(
        (await securePost("/wps/session/login", "demo", loginBody("demo", "demo01", "demo1234"), { Device: device })).body.success,
      ).toBe(true);
    }
  });

  it("has a dead captcha script server that hangs 20 s, then answers 504", async () => {
    const reply = await deadServer;
    if ("error" in reply) throw reply.error;
    expect(reply.elapsedMs).toBeGreaterThanOrEqual(19_500);
    expect(reply.status).toBe(504);
  }, 30_000);
});
