import { describe, expect, it } from "vitest";
import {
  forgetLoginCookie,
  readRememberedLogin,
  rememberedFields,
  rememberLoginCookie,
  setAutoLoginCookie,
} from "../../../app/.server/identity/remembered-login";
import { seal, unseal } from "../../../app/.server/identity/sealed";
import { z } from "zod";

const SECRET = "unit-test-session-secret-0123456789abcdef";

/** The request a browser sends back with the cookie that Set-Cookie stored. */
function requestWith(setCookie: string, url = "http://demo.localhost/m/home"): Request {
  const pair = setCookie.split(";")[0]!;
  return new Request(url, { headers: { Cookie: `other=1; ${pair}` } });
}

describe("rememberedFields: exactly what the spec keeps per type", () => {
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

describe("the mc_remember cookie", () => {
  const login = { type: "username", username: "demo01", password: "demo1234", merchant: "demo" } as const;

  it("round-trips through AES-GCM and is HttpOnly, Lax, long-lived", async () => {
    const cookie = await rememberLoginCookie(new Request("http://demo.localhost/m/login"), SECRET, login);
    expect(cookie).toMatch(/^mc_remember=[A-Za-z0-9_-]+; Path=\/; SameSite=Lax; HttpOnly; Max-Age=\d+$/);
    expect(await readRememberedLogin(requestWith(cookie), SECRET)).toEqual({ login, autoLogin: "1" });
  });

  it("never holds the password in clear or in base64", async () => {
    const cookie = await rememberLoginCookie(new Request("http://demo.localhost/"), SECRET, login);
    const value = cookie.split(";")[0]!.split("=")[1]!;
    expect(value).not.toContain("demo1234");
    expect(Buffer.from(value, "base64url").toString("latin1")).not.toContain("demo1234");
    expect(value).not.toContain(btoa(btoa("demo1234")));
  });

  it("is Secure with the __Host- prefix on https", async () => {
    const cookie = await rememberLoginCookie(new Request("https://demo.example/m/login"), SECRET, login);
    expect(cookie).toMatch(/^__Host-mc_remember=.*; Secure; Max-Age=/);
    expect(await readRememberedLogin(requestWith(cookie, "https://demo.example/m/home"), SECRET)).toEqual({ login, autoLogin: "1" });
  });

  it("rejects another secret, a tampered value, and junk", async () => {
    const cookie = await rememberLoginCookie(new Request("http://demo.localhost/"), SECRET, login);
    expect(await readRememberedLogin(requestWith(cookie), `${SECRET}-other`)).toBeNull();
    const [name, value] = cookie.split(";")[0]!.split("=") as [string, string];
    const flipped = value.slice(0, 20) + (value[20] === "A" ? "B" : "A") + value.slice(21);
    expect(await readRememberedLogin(requestWith(`${name}=${flipped}`), SECRET)).toBeNull();
    expect(await readRememberedLogin(requestWith(`${name}=not-a-sealed-value`), SECRET)).toBeNull();
    expect(await readRememberedLogin(new Request("http://demo.localhost/"), SECRET)).toBeNull();
  });

  it("refuses fields the spec does not keep", async () => {
    await expect(
      rememberLoginCookie(new Request("http://demo.localhost/"), SECRET, { type: "sms", mobileNum: "+1", password: "x" } as never),
    ).rejects.toThrow();
  });

  it("turns auto-login off and keeps the login; forgetting expires the cookie", async () => {
    const cookie = await rememberLoginCookie(new Request("http://demo.localhost/"), SECRET, login);
    const off = await setAutoLoginCookie(requestWith(cookie), SECRET, "0");
    expect(await readRememberedLogin(requestWith(off!), SECRET)).toEqual({ login, autoLogin: "0" });
    expect(await setAutoLoginCookie(new Request("http://demo.localhost/"), SECRET, "0")).toBeNull();
    expect(forgetLoginCookie(new Request("http://demo.localhost/"))).toMatch(/^mc_remember=; .*Max-Age=0; Expires=Thu, 01 Jan 1970/);
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
