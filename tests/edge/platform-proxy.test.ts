// /wps/* goes through the edge to the merchant's platform (here the sandbox), same-origin only for unsafe methods and
// only for the calls on the allow-list (identity calls are the edge's own); encrypted bodies made with the product's own
// encryption module decrypt on the platform side.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { encryptPayload, parseRsaModulus } from "../../app/.server/platform/encryption";
import { getPage, hostFor, originFor, request, resetFaults, resetSandboxData, type RawReply } from "../support/http";
import { postForm } from "../support/forms";

type Reply<T = unknown> = { success: boolean; value?: T; message?: string; errorCode?: string };
type CountryList = { countryCode: string; countryDialingCode: string; countries: { countryCode: string; countryDialingCode: string }[] };

beforeAll(() => resetFaults());
afterEach(() => resetFaults());

const MERCHANT_OF: Record<string, string> = { "demo.localhost": "demo", "vn.localhost": "vn88", "br.localhost": "br777" };

/** The merchant's RSA key, asked of the sandbox platform itself: the proxy keeps it for the edge. */
async function rsaModulus(hostName: string): Promise<string> {
  const reply = await getPage(hostName, `/__sandbox/direct/wps/session/key/rsa?_=${Date.now()}`, { Merchant: MERCHANT_OF[hostName]! });
  expect(reply.status).toBe(200);
  const modulus = parseRsaModulus(reply.body);
  expect(modulus, `modulus from ${reply.body.slice(0, 80)}`).toMatch(/^[0-9a-f]{256}$/);
  return modulus!;
}

function encrypted(payload: unknown, modulus: string) {
  const call = encryptPayload(payload, modulus);
  if (!call.success) throw new Error(call.message);
  return call;
}

function postEncrypted(
  path: string,
  merchant: string,
  headers: Record<string, string>,
  body: string,
  hostName = "demo.localhost",
): Promise<RawReply> {
  return request({
    host: hostFor(hostName),
    path,
    method: "POST",
    headers: { Merchant: merchant, "Content-Type": "text/plain;charset=UTF-8", ...headers },
    body,
  });
}

describe("platform proxy", () => {
  it("returns the sandbox country list for demo.localhost, the merchant's own country first", async () => {
    const reply = await getPage("demo.localhost", "/wps/system/country?_=common");
    expect(reply.status).toBe(200);
    expect(reply.header("content-type")).toMatch(/^application\/json/);
    const list = reply.json<Reply<CountryList>>();
    expect(list.success).toBe(true);
    expect(list.value?.countryCode).toBe("US");
    expect(Array.isArray(list.value?.countries)).toBe(true);
    expect(list.value?.countries.length).toBeGreaterThanOrEqual(12);
    expect(list.value?.countries[0]).toEqual({ countryCode: "US", countryDialingCode: "1" });
    expect(list.value?.countries).toContainEqual({ countryCode: "VN", countryDialingCode: "84" });
  });

  it("sends the merchant of the host: vn.localhost gets Vietnam first", async () => {
    const reply = await getPage("vn.localhost", "/wps/system/country?_=common");
    const list = reply.json<Reply<CountryList>>();
    expect(list.success).toBe(true);
    expect(list.value?.countries[0]).toEqual({ countryCode: "VN", countryDialingCode: "84" });
  });

  it("does not let the browser pick another merchant with its own Merchant header", async () => {
    const reply = await request({ host: hostFor("demo.localhost"), path: "/wps/system/country?_=common", headers: { Merchant: "vn88" } });
    expect(reply.json<Reply<CountryList>>().value?.countryCode).toBe("US");
  });

  it("refuses a cross-origin POST with 403 origin.forbidden", async () => {
    const reply = await request({
      path: "/wps/session/logout",
      method: "POST",
      headers: { Origin: "http://evil.localhost:1234", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(reply.status).toBe(403);
    expect(reply.json<Reply>()).toMatchObject({ success: false, errorCode: "origin.forbidden" });
  });

  it("refuses a POST from another merchant's origin (same machine, other host)", async () => {
    const reply = await request({
      path: "/wps/session/logout",
      method: "POST",
      headers: { Origin: originFor("vn.localhost"), "Content-Type": "application/json" },
      body: "{}",
    });
    expect(reply.status).toBe(403);
    expect(reply.json<Reply>().errorCode).toBe("origin.forbidden");
  });

  it("refuses a cross-site POST announced by Sec-Fetch-Site without Origin", async () => {
    const reply = await request({ path: "/wps/session/logout", method: "POST", headers: { "Sec-Fetch-Site": "cross-site" }, body: "" });
    expect(reply.status).toBe(403);
    expect(reply.json<Reply>().errorCode).toBe("origin.forbidden");
  });

  it("refuses a cross-origin form post to a page with a 403 page, not JSON", async () => {
    const reply = await request({
      path: "/m/language",
      method: "POST",
      headers: { Origin: "http://evil.localhost:1234", "Content-Type": "application/x-www-form-urlencoded" },
      body: "language=VI&returnTo=%2Fm%2Fhome",
    });
    expect(reply.status).toBe(403);
    expect(reply.header("content-type")).toMatch(/^text\/html/);
    expect(reply.body).toContain("Request refused");
    expect(reply.cookies.join("\n")).not.toMatch(/language=/);
  });

  it("refuses an encrypted login with the right password with 403 proxy.edge.only, and no token", async () => {
    const modulus = await rsaModulus("demo.localhost");
    const call = encrypted({ username: "demo01", password: "demo1234" }, modulus);
    const reply = await request({
      path: "/wps/session/login",
      method: "POST",
      headers: { Origin: originFor("demo.localhost"), "Content-Type": "text/plain;charset=UTF-8", ...call.headers },
      body: call.DES,
    });
    expect(reply.status).toBe(403);
    expect(reply.json<Reply>()).toEqual({ success: false, errorCode: "proxy.edge.only", message: expect.any(String) });
    expect(reply.body).not.toMatch(/token/i);
    expect(reply.cookies).toEqual([]);
  });

  it.each([
    ["POST", "/wps/session/login/verification"],
    ["POST", "/wps/verification/sms/noLogin"],
    ["POST", "/wps/member/register"],
    ["POST", "/wps/member/register/mobile"],
    ["POST", "/wps/member/register/firebase"],
    ["POST", "/wps/member/register/autoUsername"],
    ["POST", "/wps/member/password"],
    ["GET", "/wps/session/key/rsa?_=1"],
    ["POST", "/wps/Session/Login"],
    ["POST", "/wps/session/login;jsessionid=1"],
    ["POST", "/wps/system/../session/login"],
  ])("refuses the identity call %s %s with 403 proxy.edge.only", async (method, path) => {
    const reply = await request({
      path,
      method,
      headers: { Origin: originFor("demo.localhost"), "Content-Type": "application/json" },
      body: method === "POST" ? JSON.stringify({ countryDialingCode: "1", mobileNum: "9000000001" }) : undefined,
    });
    expect(reply.status).toBe(403);
    expect(reply.json<Reply>().errorCode).toBe("proxy.edge.only");
  });

  it.each([
    ["GET", "/wps/admin/members"],
    ["DELETE", "/wps/member/info"],
    ["PUT", "/wps/member/language"],
    ["GET", "/wps//session/login"],
    ["GET", "/wps/system/%2e%2e%2fsession/key/rsa"],
    ["GET", "/wps/member/info/"],
  ])("answers a call off the allow-list, %s %s, with 404 proxy.call.unknown", async (method, path) => {
    const reply = await request({ path, method, headers: { Origin: originFor("demo.localhost") } });
    expect(reply.status).toBe(404);
    expect(reply.json<Reply>().errorCode).toBe("proxy.call.unknown");
  });

  it("refuses member calls while a password change is pending, but answers member info", async () => {
    await resetSandboxData("demo");
    // default01 logs in with the platform's default password through the login page: a change is now pending.
    const login = await postForm("demo.localhost", "/m/login", { username: "default01", password: "Default123" });
    expect(login.status).toBe(302);
    expect(login.header("location")).toMatch(/^\/m\/changePsw\?updatePassword=1/);
    const cookie = login.cookies.map((line) => line.split(";")[0]).join("; ");

    const launch = await getPage("demo.localhost", "/wps/game/launchGame?vendor=LOTT", { Cookie: cookie, Accept: "application/json" });
    expect(launch.status).toBe(403);
    expect(launch.json<Reply>().errorCode).toBe("password.change.required");
    expect(launch.body).not.toContain("gameUrl");

    const info = await getPage("demo.localhost", "/wps/member/info", { Cookie: cookie, Accept: "application/json" });
    expect(info.status).toBe(200);
    expect(info.json<Reply<{ userName: string }>>().value?.userName.toLowerCase()).toBe("default01");
  });

  it("passes the platform's 401 through for an auth call without a session", async () => {
    const reply = await request({
      path: "/wps/member/info",
      headers: { Origin: originFor("demo.localhost") },
    });
    expect(reply.status).toBe(401);
    expect(reply.json<Reply>().errorCode).toBe("customer.not.login");
  });
});

describe("encrypted requests (product encryptor → sandbox decryptor)", () => {
  it("round-trips a payload through /__sandbox/echo-encrypted", async () => {
    const modulus = await rsaModulus("demo.localhost");
    const payload = { hello: "world", n: 1 };
    const call = encrypted(payload, modulus);
    expect(Object.keys(call.headers).sort()).toEqual(["Encryption", "X-Digest", "X-RSA"]);
    const reply = await postEncrypted("/__sandbox/echo-encrypted", "demo", call.headers, call.DES);
    expect(reply.status).toBe(200);
    expect(reply.json<Reply>()).toEqual({ success: true, value: payload });
  });

  it("round-trips non-ASCII text", async () => {
    const modulus = await rsaModulus("vn.localhost");
    const payload = { brand: "VN88 Xổ Số", ur: "اردو", list: [1, 2, 3], nested: { ok: true } };
    const call = encrypted(payload, modulus);
    const reply = await postEncrypted("/__sandbox/echo-encrypted", "vn88", call.headers, call.DES, "vn.localhost");
    expect(reply.json<Reply>()).toEqual({ success: true, value: payload });
  });

  it("gives each merchant its own key", async () => {
    const [demo, vn] = await Promise.all([rsaModulus("demo.localhost"), rsaModulus("vn.localhost")]);
    expect(demo).not.toBe(vn);
  });

  it("rejects a tampered body", async () => {
    const modulus = await rsaModulus("demo.localhost");
    const call = encrypted({ hello: "world", n: 1, padding: "so the body has several DES blocks" }, modulus);
    // Flip one base64 character in the middle of the ciphertext.
    const i = Math.floor(call.DES.length / 2);
    const tampered = call.DES.slice(0, i) + (call.DES[i] === "A" ? "B" : "A") + call.DES.slice(i + 1);
    expect(tampered).not.toBe(call.DES);
    const reply = await postEncrypted("/__sandbox/echo-encrypted", "demo", call.headers, tampered);
    expect(reply.status).toBe(400);
    expect(reply.json<Reply>().success).toBe(false);
    expect(["encryption.decrypt.failed", "encryption.digest.mismatch"]).toContain(reply.json<Reply>().errorCode);
  });

  it("rejects a body that decrypts but does not match X-Digest", async () => {
    const modulus = await rsaModulus("demo.localhost");
    const first = encrypted({ hello: "world", n: 1 }, modulus);
    const other = encryptPayload({ hello: "world", n: 2 }, modulus, "Zz9yXw8vUu7tSs6r");
    if (!other.success) throw new Error("encryption failed");
    // Same key, different payload: decryption works, the digest does not match.
    const reply = await postEncrypted(
      "/__sandbox/echo-encrypted",
      "demo",
      { ...other.headers, "X-Digest": first.headers["X-Digest"]! },
      other.DES,
    );
    expect(reply.status).toBe(400);
    expect(reply.json<Reply>().errorCode).toBe("encryption.digest.mismatch");
  });

  it("rejects a tampered Encryption header", async () => {
    const modulus = await rsaModulus("demo.localhost");
    const call = encrypted({ hello: "world", n: 1 }, modulus);
    const rsa = call.headers.Encryption!;
    const tamperedRsa = rsa.slice(0, -1) + (rsa.endsWith("0") ? "1" : "0");
    const reply = await postEncrypted("/__sandbox/echo-encrypted", "demo", { ...call.headers, Encryption: tamperedRsa }, call.DES);
    expect(reply.status).toBe(400);
    expect(reply.json<Reply>().success).toBe(false);
    expect(reply.json<Reply>().errorCode).toMatch(/^encryption\.(decrypt\.failed|digest\.mismatch)$/);
  });

  it("rejects a request made with another key (wrong X-RSA) as a key mismatch", async () => {
    const vnModulus = await rsaModulus("vn.localhost");
    const call = encrypted({ hello: "world", n: 1 }, vnModulus);
    const reply = await postEncrypted("/__sandbox/echo-encrypted", "demo", call.headers, call.DES);
    expect(reply.status).toBe(400);
    expect(reply.json<Reply>().errorCode).toBe("encryption.key.mismatch");
  });

  it("rejects a request without the encryption headers", async () => {
    const modulus = await rsaModulus("demo.localhost");
    const call = encrypted({ hello: "world", n: 1 }, modulus);
    const reply = await postEncrypted("/__sandbox/echo-encrypted", "demo", {}, call.DES);
    expect(reply.status).toBe(400);
    expect(reply.json<Reply>().errorCode).toBe("encryption.missing");
  });
});
