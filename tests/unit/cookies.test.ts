// The cookies rule (docs/decisions/0031-cookies.md): ours go through Remix's createCookie, signed, sealed when secret;
// `language` and `hideDownloadBar` stay plain because code other than ours reads and writes them.
import { createCookie } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { expireCookie, hasCookie, readCookie, sealedCookie, signedCookie } from "../../app/.server/cookies";
import { readLanguageCookie, serializeLanguageCookie } from "../../app/.server/i18n/language-cookie";
import { barHiddenByCookie, hideBarCookie } from "../../app/shell/download/download.server";
import { expectOwnCookie, parseSetCookie } from "../support/cookies";

const SECRET = "unit-test-session-secret-0123456789abcdef";
const HTTP = "http://demo.localhost/m/home";
const withCookie = (line: string, url = HTTP) => new Request(url, { headers: { Cookie: `other=1; ${line.split(";")[0]}` } });

describe("our cookies", () => {
  it("are signed: the value reads back with the secret, not with another, and not once changed", async () => {
    const cookie = signedCookie(new Request(HTTP), { name: "mc_test", secret: SECRET, maxAge: 60 });
    const line = await cookie.serialize({ a: 1 });
    expectOwnCookie(line, "mc_test", { maxAge: 60 });
    expect(await readCookie(cookie, withCookie(line))).toEqual({ a: 1 });
    const other = signedCookie(new Request(HTTP), { name: "mc_test", secret: `${SECRET}-other` });
    expect(await readCookie(other, withCookie(line))).toBeNull();
    const { value } = parseSetCookie(line);
    expect(await readCookie(cookie, withCookie(`mc_test=${value.replace(/^./, (c) => (c === "e" ? "f" : "e"))}`))).toBeNull();
  });

  it("are sealed when secret: the value is not in the cookie, even base64-decoded", async () => {
    const cookie = sealedCookie(new Request(HTTP), {
      name: "mc_test",
      secret: SECRET,
      info: "test",
      schema: z.object({ pin: z.string() }),
    });
    const line = await cookie.serialize({ pin: "4711-secret" });
    const { value } = parseSetCookie(line);
    expect(decodeURIComponent(value)).not.toContain("4711-secret");
    expect(atob(decodeURIComponent(value).split(".")[0]!)).not.toContain("4711-secret");
    expect(await readCookie(cookie, withCookie(line))).toEqual({ pin: "4711-secret" });
  });

  it("take __Host- and Secure on https", async () => {
    const request = new Request("https://demo.example/m/home");
    const line = await signedCookie(request, { name: "mc_test", secret: SECRET }).serialize("x");
    expectOwnCookie(line, "__Host-mc_test", { secure: true });
  });

  it("are told present even when unreadable, and expire with an empty value", async () => {
    expect(await hasCookie(new Request(HTTP, { headers: { Cookie: "mc_test=garbage" } }), "mc_test")).toBe(true);
    expect(await hasCookie(new Request(HTTP, { headers: { Cookie: "mc_testx=1" } }), "mc_test")).toBe(false);
    expect(await hasCookie(new Request(HTTP), "mc_test")).toBe(false);
    expect(parseSetCookie(await expireCookie(new Request(HTTP), "mc_test"))).toMatchObject({
      name: "mc_test",
      value: "",
      attributes: { "max-age": "0", expires: "Thu, 01 Jan 1970 00:00:00 GMT", httponly: true },
    });
  });
});

describe("the two plain cookies", () => {
  it("language: the bare code, as the platform's other apps write it, which createCookie could not read", async () => {
    expect(parseSetCookie(serializeLanguageCookie("PT-BR")).value).toBe("PT-BR");
    expect(readLanguageCookie("language=VI").code).toBe("VI");
    // Remix's cookies hold base64 JSON: given the value another app wrote, createCookie answers something else.
    expect(await createCookie("language").parse("language=VI")).not.toBe("VI");
    expect(await createCookie("language").serialize("VI")).not.toMatch(/^language=VI;/);
  });

  it("hideDownloadBar: a plain 1 that the page's script sets too", () => {
    expect(parseSetCookie(hideBarCookie())).toEqual({ name: "hideDownloadBar", value: "1", attributes: { path: "/", samesite: "Lax" } });
    expect(barHiddenByCookie(new Request(HTTP, { headers: { Cookie: "a=b; hideDownloadBar=1" } }))).toBe(true);
    expect(barHiddenByCookie(new Request(HTTP, { headers: { Cookie: "hideDownloadBar=%E0%A4%A" } }))).toBe(false);
  });
});
