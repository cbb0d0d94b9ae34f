// The banners section's reply handling and image hosts (docs/behaviour/home.md#banners, #image-hosts).
import { describe, expect, it } from "vitest";
import { toHomeBanners } from "../../../app/home/banners.server";
import { imageCdnOrigins, resolveImageUrl } from "../../../app/home/image-hosts";
import { contentSecurityPolicy } from "../../../app/.server/security/headers";

const good = (groupName: string, url: string, extra: Record<string, unknown> = {}) => ({
  groupName,
  url,
  linkageType: "P",
  linkage: "PROMO-1",
  roomId: null,
  nodeId: null,
  gameType: null,
  vendor: null,
  ...extra,
});

describe("toHomeBanners", () => {
  it("m_home first, then m_event; other groups and nonsense left out", () => {
    const banners = toHomeBanners(
      [
        good("m_event", "/e1.png"),
        good("m_popup1", "/popup.png"),
        "nonsense",
        null,
        { groupName: "m_home" },
        good("m_home", "/h1.png", { title: "First" }),
        good("m_home", "/h2.png", { linkageType: "URL", linkage: "javascript:alert(1)" }),
      ],
      false,
      [],
    );
    expect(banners.map((b) => [b.image, b.title, b.link])).toEqual([
      ["/h1.png", "First", { href: "/m/activity?id=PROMO-1", external: false }],
      ["/h2.png", null, null],
      ["/e1.png", null, { href: "/m/activity?id=PROMO-1", external: false }],
    ]);
  });

  it("pictures go to the first image CDN; a foreign host's picture is left out", () => {
    const banners = toHomeBanners(
      [good("m_home", "/a.png"), good("m_home", "https://evil.example/b.png"), good("m_home", "https://cdn.example.com/c.png")],
      true,
      ["cdn.example.com", "https://img2.example.com/path"],
    );
    expect(banners.map((b) => b.image)).toEqual(["https://cdn.example.com/a.png", "https://cdn.example.com/c.png"]);
  });
});

describe("image hosts", () => {
  it("takes https origins and bare host names, nothing else", () => {
    expect(
      imageCdnOrigins([
        "cdn.example.com",
        "https://img.example.com/x",
        "http://plain.example.com",
        "javascript:alert(1)",
        5,
        "CDN.example.com",
      ]),
    ).toEqual(["https://cdn.example.com", "https://img.example.com"]);
    expect(imageCdnOrigins(null)).toEqual([]);
  });
  it("resolves pictures", () => {
    expect(resolveImageUrl("/x.png", [])).toBe("/x.png");
    expect(resolveImageUrl("/x.png", ["https://cdn.example.com"])).toBe("https://cdn.example.com/x.png");
    expect(resolveImageUrl("//evil.example/x.png", [])).toBeNull();
    expect(resolveImageUrl("x.png", [])).toBeNull();
    expect(resolveImageUrl("data:image/png;base64,AAAA", [])).toBeNull();
  });
  it("the CSP's img-src allows exactly the configured CDN origins", () => {
    const csp = contentSecurityPolicy("n", [], { images: imageCdnOrigins(["cdn.example.com"]) });
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.com;");
    expect(contentSecurityPolicy("n", [], { images: imageCdnOrigins([]) })).toContain("img-src 'self' data: blob:;");
  });
});
