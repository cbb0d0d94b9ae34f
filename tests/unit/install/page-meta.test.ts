// Page titles, descriptions and the robots rule (app/shell/page-meta.ts, docs/decisions/0018).
import { describe, expect, it } from "vitest";
import EN from "../../../app/locales/EN.json";
import {
  PAGE_META,
  isIndexableHost,
  normalisePagePath,
  pageMeta,
  pathDepth,
  resolvePageMeta,
  robotsNoindex,
  withPageMeta,
} from "../../../app/shell/page-meta";

describe("robots rule", () => {
  it.each([
    // host, path, noindex
    ["www.example.com", "/m/home", false],
    ["WWW.Example.com:443", "/m/login", false],
    ["localhost", "/m/home", false],
    ["localhost:8787", "/m/register", false],
    ["demo.localhost:8787", "/m/home", false],
    ["m.example.com", "/m/home", true],
    ["example.com", "/m/home", true],
    ["www2.example.com", "/m/home", true],
    ["wwwexample.com", "/m/home", true],
    ["127.0.0.1", "/m/home", true],
    ["www.example.com", "/m/member/home", true],
    ["www.example.com", "/m/activity/signIn", true],
    ["localhost", "/m/member/benefits", true],
    ["www.example.com", "/", false],
    ["www.example.com", "/m/", false],
    ["www.example.com", "/m/home/", true],
  ])("%s %s → noindex %s", (host, path, noindex) => {
    expect(robotsNoindex(host, path)).toBe(noindex);
  });

  it("counts slashes", () => {
    expect(pathDepth("/")).toBe(1);
    expect(pathDepth("/m/home")).toBe(2);
    expect(pathDepth("/m/member/home")).toBe(3);
  });

  it("treats www.* and loopback names as indexable hosts", () => {
    expect(isIndexableHost("www.vn88.example")).toBe(true);
    expect(isIndexableHost("vn.localhost")).toBe(true);
    expect(isIndexableHost("vn88.example")).toBe(false);
  });
});

describe("per-path configuration", () => {
  it("names dictionary keys that exist", () => {
    for (const entry of Object.values(PAGE_META)) {
      if (entry.title) expect(EN).toHaveProperty(entry.title);
      if (entry.description) expect(EN).toHaveProperty(entry.description);
    }
  });

  it.each([
    ["/", "/m/home"],
    ["/m", "/m/home"],
    ["/m/", "/m/home"],
    ["/m/index", "/m/home"],
    ["/m/index.html", "/m/home"],
    ["/m/register.html", "/m/register"],
    ["/m/login/", "/m/login"],
    ["/m/activity", "/m/activity"],
  ])("normalisePagePath(%s) = %s", (path, expected) => {
    expect(normalisePagePath(path)).toBe(expected);
  });

  it("falls back to the /m/home configuration, field by field", () => {
    expect(resolvePageMeta("/m/activity")).toEqual({ title: "home", description: "page_desc_home", noindex: false });
    expect(resolvePageMeta("/m/member/home")).toEqual({ title: "member_home_title", description: "page_desc_home", noindex: false });
    expect(resolvePageMeta("/m/login")).toEqual({ title: "login", description: "page_desc_login", noindex: true });
  });
});

describe("pageMeta", () => {
  const base = { translations: EN, brandName: "Demo Play", indexableHost: true };

  it("gives the home title and a description with the brand name", () => {
    expect(pageMeta({ ...base, pathname: "/m/home" })).toEqual([
      { title: "Home · Demo Play" },
      { name: "description", content: EN.page_desc_home.replace("{{brand}}", "Demo Play") },
    ]);
  });

  it("adds noindex for a configured page, a deep path, a non-www host, or an error", () => {
    const robots = (input: Partial<Parameters<typeof pageMeta>[0]>) =>
      pageMeta({ ...base, pathname: "/m/home", ...input }).find((t) => "name" in t && t.name === "robots");
    expect(robots({})).toBeUndefined();
    expect(robots({ pathname: "/m/login" })).toEqual({ name: "robots", content: "noindex" });
    expect(robots({ pathname: "/m/member/home" })).toEqual({ name: "robots", content: "noindex" });
    expect(robots({ indexableHost: false })).toEqual({ name: "robots", content: "noindex" });
    expect(robots({ error: true })).toEqual({ name: "robots", content: "noindex" });
  });

  it("keeps the titles the pages had (Register, Game launch)", () => {
    expect(pageMeta({ ...base, pathname: "/m/register.html" })[0]).toEqual({ title: "Register · Demo Play" });
    expect(pageMeta({ ...base, pathname: "/m/launchGame" })[0]).toEqual({ title: "Game launch · Demo Play" });
  });

  it("shows just the brand when the dictionary lacks the title", () => {
    expect(pageMeta({ ...base, translations: {}, pathname: "/m/home" })).toEqual([{ title: "Demo Play" }]);
  });

  it("lets a route replace tags of the same kind and keep the rest", () => {
    const root = pageMeta({ ...base, pathname: "/m/login" });
    const merged = withPageMeta([{ id: "root", meta: root }], [{ title: "Special" }, { property: "og:type", content: "website" }]);
    expect(merged).toEqual([root[1], root[2], { title: "Special" }, { property: "og:type", content: "website" }]);
  });
});
