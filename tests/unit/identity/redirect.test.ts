import { describe, expect, it } from "vitest";
import { loginRedirectTarget, needsDomainList, type RedirectContext } from "../../../app/identity/redirect-target.server";
import { loginRedirectFor } from "../../../app/identity/guard.server";
import { tokenFromQuery, withoutToken } from "../../../app/identity/adopt-token.server";

const context: RedirectContext = {
  host: "demo.localhost:8787",
  domainList: ["demo.localhost:8787", "Play.Example.com", "lotto.example.com:8443"],
  fallback: "/m/home",
  token: "t0k3n",
  language: "EN",
  headerColor: "#1f6feb",
  title: "Demo Play",
};

describe("loginRedirectTarget (redirectUrl, other domains)", () => {
  it.each([
    [null, "/m/home"],
    ["", "/m/home"],
    ["/m/member/home", "/m/member/home"],
    ["/m/activity?id=3", "/m/activity?id=3"],
    ["//evil.example/x", "/m/home"],
    ["/\\evil.example", "/m/home"],
    ["javascript:alert(1)", "/m/home"],
    ["https://evil.example/steal", "/m/home"],
    ["https://evil.example.com.attacker.net/", "/m/home"],
    ["ftp://play.example.com/", "/m/home"],
    ["https://user:pass@play.example.com/", "/m/home"],
    ["http://demo.localhost:8787/m/activity?id=1", "/m/activity?id=1"],
  ])("%s → %s", (raw, expected) => {
    expect(loginRedirectTarget(raw, context)).toBe(expected);
  });

  it("sends the token, language, headerColor, b2c=1 and title to another of the merchant's domains", () => {
    const target = new URL(loginRedirectTarget("https://play.example.com/lobby?x=1", context));
    expect(target.origin).toBe("https://play.example.com");
    expect(target.pathname).toBe("/lobby");
    expect(Object.fromEntries(target.searchParams)).toEqual({
      x: "1",
      token: "t0k3n",
      language: "EN",
      headerColor: "#1f6feb",
      b2c: "1",
      title: "Demo Play",
    });
  });

  it("matches the domain list with the port", () => {
    expect(loginRedirectTarget("https://lotto.example.com:8443/", context)).toMatch(/^https:\/\/lotto\.example\.com:8443\/\?token=/);
    expect(loginRedirectTarget("https://lotto.example.com/", context)).toBe("/m/home");
  });

  it("only absolute URLs need the domain list", () => {
    expect(needsDomainList("https://x.example/")).toBe(true);
    expect(needsDomainList("/m/home")).toBe(false);
  });
});

describe("loginRedirectFor (protected routes)", () => {
  it("keeps the current path and query as redirectUrl", () => {
    expect(loginRedirectFor(new Request("http://demo.localhost/m/member/home"))).toBe("/m/login?redirectUrl=%2Fm%2Fmember%2Fhome");
    expect(loginRedirectFor(new Request("http://demo.localhost/m/changePsw.data?updatePassword=1&_routes=routes%2Fm.changePsw"))).toBe(
      "/m/login?redirectUrl=%2Fm%2FchangePsw%3FupdatePassword%3D1",
    );
  });
});

describe("token from the address", () => {
  it("reads token or tokens and strips both, keeping the rest", () => {
    const url = new URL("http://demo.localhost/m/home?affiliateCode=A&token=abc123&tokens=abc123&r=1");
    expect(tokenFromQuery(url)).toBe("abc123");
    expect(withoutToken(url)).toBe("/m/home?affiliateCode=A&r=1");
    expect(tokenFromQuery(new URL("http://x/m/home?tokens=zz9"))).toBe("zz9");
    expect(tokenFromQuery(new URL("http://x/m/home?token=<script>"))).toBeNull();
    expect(withoutToken(new URL("http://x/m/home?token=1"))).toBe("/m/home");
  });
});
