// End-to-end checks against a running sandbox. Skipped unless SANDBOX_URL is set:
//   (cd workers/wps-sandbox && wrangler dev --port 8799) &
//   SANDBOX_URL=http://127.0.0.1:8799 vitest run --config tests/unit/sandbox/vitest.config.ts live
import { afterAll, describe, expect, it } from "vitest";
import { customerServiceUrl, encryptCall, md5, type EncryptedCall } from "./wire-client";

const BASE = process.env.SANDBOX_URL ?? "";

interface Reply {
  success: boolean;
  value?: unknown;
  message?: string;
  errorCode?: string;
}

async function call(path: string, init: RequestInit & { merchant?: string } = {}): Promise<{ status: number; body: Reply }> {
  const headers = new Headers(init.headers);
  if (init.merchant !== undefined) headers.set("Merchant", init.merchant);
  const res = await fetch(BASE + path, { ...init, headers });
  return { status: res.status, body: (await res.json()) as Reply };
}

async function modulus(merchant: string): Promise<string> {
  const res = await fetch(`${BASE}/wps/session/key/rsa?_=${Date.now()}`, { headers: { Merchant: merchant } });
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  return (await res.text()).trim();
}

function post(path: string, merchant: string, enc: EncryptedCall, headers: Record<string, string> = {}) {
  return call(path, {
    method: "POST",
    merchant,
    headers: { "content-type": "application/json", ...enc.headers, ...headers },
    body: enc.body,
  });
}

function control(path: string, body: unknown) {
  return call(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

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
      value: { userName: "demo01", type: 0, language: "EN", currency: "USD", clubLabel: { type: "AUTO", rankLevel: 1 } },
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

  it("answers login.cred.err for a wrong password or unknown user", async () => {
    const n = await modulus("vn88");
    for (const creds of [
      { username: "demo01", password: "wrong" },
      { username: "nobody", password: "demo1234" },
    ]) {
      const res = await post("/wps/session/login", "vn88", encryptCall(creds, n));
      expect(res).toEqual({
        status: 200,
        body: { success: false, errorCode: "login.cred.err", message: "Incorrect username or password" },
      });
    }
    const restricted = await post("/wps/session/login", "vn88", encryptCall({ username: "restricted01", password: "demo1234" }, n));
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
    expect(cleared.body.value).toEqual({
      latencyMs: 0,
      httpStatus: null,
      malformedJson: false,
      maintenance: null,
      regionRestriction: false,
      domainUnavailable: false,
    });
  });

  it("serves customer-service links that open the sandbox chat page", async () => {
    for (const merchant of ["demo", "vn88"]) {
      const config = await call("/wps/system/config", { merchant });
      const [entry] = (config.body.value as { customerService: { csType: string; path: string }[] }).customerService;
      expect(entry?.path.startsWith("http")).toBe(merchant !== "demo");
      const url = customerServiceUrl(entry?.path ?? "");
      expect(url).toBe(`${BASE}/wps/sandbox-pages/chat?merchant=${merchant}`);
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
