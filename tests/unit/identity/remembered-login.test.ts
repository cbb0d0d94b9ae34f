import { describe, expect, it } from "vitest";
import {
  forgetLoginCookie,
  readRememberedCredentials,
  readRememberedLogin,
  rememberedFields,
  rememberLoginCookie,
  setAutoLoginCookie,
  rememberAfterPasswordChange,
} from "../../../app/identity/remembered-login.server";
import { seal, unseal } from "../../../app/.server/security/sealed";
import { expectOwnCookie, parseSetCookie } from "../../support/cookies";
import { z } from "zod";

const SECRET = "unit-test-session-secret-0123456789abcdef";

/** The request a browser sends back with the cookie that Set-Cookie stored. */
function requestWith(setCookie: string, url = "http://demo.localhost/m/home"): Request {
  const pair = setCookie.split(";")[0]!;
  return new Request(url, { headers: { Cookie: `other=1; ${pair}` } });
}

describe("rememberedFields: exactly what is kept per type", () => {
  const payload = {
    username: "demo01",
    password: "demo1234",
    merchant: "demo",
    loginDeviceId: "0123abcd-0000-0000-0000-000000000000",
    geetestChallenge: "x",
    geetestValidateV4: "{}",
    captcha: "y",
    firebaseIdToken: "z",
    mobileNum: "+84900000001",
  };

  it("username type: type, username, password, merchant", () => {
    expect(rememberedFields({ ...payload, type: "username" })).toEqual({
      type: "username",
      username: "demo01",
      password: "demo1234",
      merchant: "demo",
    });
    expect(rememberedFields(payload)).toEqual({ type: "username", username: "demo01", password: "demo1234", merchant: "demo" });
  });

  it("sms type: type and mobile number, no password", () => {
    expect(rememberedFields({ ...payload, type: "sms" })).toEqual({ type: "sms", mobileNum: "+84900000001" });
  });

  it("firebase type: the type only", () => {
    expect(rememberedFields({ ...payload, type: "firebase" })).toEqual({ type: "firebase" });
  });
});

/** The IdentityGuard's record store, in memory. */
function memoryRecords() {
  const map = new Map<string, { value: string; expiresAt: number }>();
  return {
    map,
    async putRecord(id: string, value: string, expiresAt: number) {
      map.set(id, { value, expiresAt });
    },
    async getRecord(id: string, now: number) {
      const found = map.get(id);
      return found && found.expiresAt > now ? found.value : null;
    },
    async deleteRecord(id: string) {
      map.delete(id);
    },
  };
}

describe("the mc_remember cookie and its server-side record", () => {
  const login = { type: "username", username: "demo01", password: "demo1234", merchant: "demo" } as const;
  const prefill = { type: "username", username: "demo01", merchant: "demo" } as const;
  const deps = () => ({ secret: SECRET, records: memoryRecords() });

  it("round-trips through AES-GCM and is HttpOnly, Lax, long-lived; the password is only in the record", async () => {
    const d = deps();
    const cookie = await rememberLoginCookie(new Request("http://demo.localhost/m/login"), d, login);
    expectOwnCookie(cookie, "mc_remember", { maxAge: "any" });
    const stored = await readRememberedLogin(requestWith(cookie), SECRET);
    expect(stored).toMatchObject({ login: prefill, autoLogin: "1" });
    expect(stored && "password" in stored.login).toBe(false);
    expect(d.records.map.size).toBe(1);
    expect(await readRememberedCredentials(stored!, d)).toEqual({ username: "demo01", password: "demo1234" });
    // The record is sealed too: the store never holds the password in clear.
    expect([...d.records.map.values()][0]!.value).not.toContain("demo1234");
  });

  it("never holds the password in the cookie, in clear or in base64", async () => {
    const cookie = await rememberLoginCookie(new Request("http://demo.localhost/"), deps(), login);
    const value = cookie.split(";")[0]!.split("=")[1]!;
    expect(value).not.toContain("demo1234");
    expect(Buffer.from(value, "base64url").toString("latin1")).not.toContain("demo1234");
    expect(value).not.toContain(btoa(btoa("demo1234")));
  });

  it("is Secure with the __Host- prefix on https", async () => {
    const cookie = await rememberLoginCookie(new Request("https://demo.example/m/login"), deps(), login);
    expectOwnCookie(cookie, "__Host-mc_remember", { maxAge: "any", secure: true });
    expect(await readRememberedLogin(requestWith(cookie, "https://demo.example/m/home"), SECRET)).toMatchObject({ login: prefill });
  });

  it("rejects another secret, a tampered value, and junk", async () => {
    const cookie = await rememberLoginCookie(new Request("http://demo.localhost/"), deps(), login);
    expect(await readRememberedLogin(requestWith(cookie), `${SECRET}-other`)).toBeNull();
    const [name, value] = cookie.split(";")[0]!.split("=") as [string, string];
    const flipped = value.slice(0, 20) + (value[20] === "A" ? "B" : "A") + value.slice(21);
    expect(await readRememberedLogin(requestWith(`${name}=${flipped}`), SECRET)).toBeNull();
    expect(await readRememberedLogin(requestWith(`${name}=not-a-sealed-value`), SECRET)).toBeNull();
    expect(await readRememberedLogin(new Request("http://demo.localhost/"), SECRET)).toBeNull();
  });

  it("refuses fields not kept for the type", async () => {
    await expect(
      rememberLoginCookie(new Request("http://demo.localhost/"), deps(), { type: "sms", mobileNum: "+1", password: "x" } as never),
    ).rejects.toThrow();
  });

  it("logout turns auto-login off and revokes the record: a copy of the old cookie no longer logs in", async () => {
    const d = deps();
    const cookie = await rememberLoginCookie(new Request("http://demo.localhost/"), d, login);
    const before = (await readRememberedLogin(requestWith(cookie), SECRET))!;
    const off = await setAutoLoginCookie(requestWith(cookie), d, "0", { revoke: true });
    expect(await readRememberedLogin(requestWith(off!), SECRET)).toEqual({ login: prefill, autoLogin: "0" });
    expect(await readRememberedCredentials(before, d)).toBeNull();
    expect(d.records.map.size).toBe(0);
    expect(await setAutoLoginCookie(new Request("http://demo.localhost/"), d, "0")).toBeNull();
  });

  it("a new remembered login replaces the old record; forgetting revokes it and expires the cookie", async () => {
    const d = deps();
    const first = await rememberLoginCookie(new Request("http://demo.localhost/"), d, login);
    await rememberLoginCookie(requestWith(first), d, { ...login, password: "newpass1" });
    expect(d.records.map.size).toBe(1);
    const second = await rememberLoginCookie(new Request("http://demo.localhost/"), d, login);
    const forgotten = parseSetCookie(await forgetLoginCookie(requestWith(second), d));
    expect(forgotten).toMatchObject({
      name: "mc_remember",
      value: "",
      attributes: { "max-age": "0", expires: "Thu, 01 Jan 1970 00:00:00 GMT" },
    });
    expect(d.records.map.size).toBe(1);
  });

  it("a password change revokes every remembered login of the account; the changing browser's is remembered anew", async () => {
    const d = deps();
    const member = { merchant: "demo", userName: "DEMO01" };
    const here = await rememberLoginCookie(new Request("http://demo.localhost/"), d, login, "1", 1_000);
    const elsewhere = await rememberLoginCookie(new Request("http://demo.localhost/"), d, login, "1", 2_000);
    const other = await rememberLoginCookie(new Request("http://demo.localhost/"), d, { ...login, username: "demo02" }, "1", 2_000);
    const read = async (cookie: string, now: number) =>
      readRememberedCredentials((await readRememberedLogin(requestWith(cookie), SECRET))!, d, now);

    const renewed = await rememberAfterPasswordChange(requestWith(here), d, member, "changed99", 3_000);
    expect(renewed).not.toBeNull();
    // The old cookie (and any copy of it) and the other device's are revoked; another account's is not.
    expect(await read(here, 3_001)).toBeNull();
    expect(await read(elsewhere, 3_001)).toBeNull();
    expect(await read(other, 3_001)).toEqual({ username: "demo02", password: "demo1234" });
    expect(await read(renewed!, 3_001)).toEqual({ username: "demo01", password: "changed99" });
    expect((await readRememberedLogin(requestWith(renewed!), SECRET))!.recordId).not.toBe(
      (await readRememberedLogin(requestWith(here), SECRET))!.recordId,
    );
    // A login remembered after the change is good.
    const later = await rememberLoginCookie(new Request("http://demo.localhost/"), d, { ...login, password: "changed99" }, "1", 4_000);
    expect(await read(later, 4_001)).toEqual({ username: "demo01", password: "changed99" });
  });

  it("a password change in a browser that remembers nobody, or someone else, still revokes the account's", async () => {
    const d = deps();
    const member = { merchant: "demo", userName: "demo01" };
    const remembered = await rememberLoginCookie(new Request("http://demo.localhost/"), d, login, "1", 1_000);
    expect(await rememberAfterPasswordChange(new Request("http://demo.localhost/"), d, member, "changed99", 2_000)).toBeNull();
    const stored = (await readRememberedLogin(requestWith(remembered), SECRET))!;
    expect(await readRememberedCredentials(stored, d, 2_001)).toBeNull();
    const otherOne = await rememberLoginCookie(new Request("http://demo.localhost/"), d, { ...login, username: "demo02" }, "1", 3_000);
    expect(await rememberAfterPasswordChange(requestWith(otherOne), d, member, "changed98", 4_000)).toBeNull();
  });

  it("a record whose account's change cannot be read is not used", async () => {
    const d = deps();
    const cookie = await rememberLoginCookie(new Request("http://demo.localhost/"), d, login, "1", 1_000);
    const stored = (await readRememberedLogin(requestWith(cookie), SECRET))!;
    const failing = {
      ...d,
      records: {
        ...d.records,
        getRecord: (id: string, now: number) =>
          id.startsWith("remember-revoked:") ? Promise.reject(new Error("down")) : d.records.getRecord(id, now),
      },
    };
    expect(await readRememberedCredentials(stored, failing, 1_001)).toBeNull();
    expect(await readRememberedCredentials(stored, d, 1_001)).toEqual({ username: "demo01", password: "demo1234" });
  });

  it("without a record store only the prefill is remembered (no auto-login)", async () => {
    const cookie = await rememberLoginCookie(new Request("http://demo.localhost/"), { secret: SECRET, records: null }, login);
    const stored = (await readRememberedLogin(requestWith(cookie), SECRET))!;
    expect(stored.recordId).toBeUndefined();
    expect(await readRememberedCredentials(stored, { secret: SECRET, records: null })).toBeNull();
  });
});

describe("seal / unseal", () => {
  it("uses a fresh IV every time and separates purposes by the HKDF info", async () => {
    const a = await seal(SECRET, "purpose A", { x: 1 });
    const b = await seal(SECRET, "purpose A", { x: 1 });
    expect(a).not.toBe(b);
    expect(await unseal(SECRET, "purpose A", a, z.object({ x: z.number() }))).toEqual({ x: 1 });
    expect(await unseal(SECRET, "purpose B", a, z.object({ x: z.number() }))).toBeNull();
    expect(await unseal(SECRET, "purpose A", a, z.object({ y: z.string() }))).toBeNull();
  });
});
