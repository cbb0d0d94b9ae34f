// The edge's side of the download surfaces: link parsing, announcement text, the session flag cookie.
import { describe, expect, it } from "vitest";
import {
  announcementsSchema,
  availablePromotionsSchema,
  barHiddenByCookie,
  downloadLinksSchema,
  hideBarCookie,
  htmlToParagraphs,
  linksFrom,
  safeLink,
} from "../../../app/shell/download/download.server";

describe("download links", () => {
  it("maps resource types to links, case-insensitively, first one wins", () => {
    const list = downloadLinksSchema.parse([
      { resourceType: "Android", url: "/f/a.apk" },
      { resourceType: "android", url: "/f/b.apk" },
      { resourceType: "IOS", url: "itms-services://?action=download-manifest&url=https://x/m.plist" },
      { resourceType: "MOBILECONFIG", url: "https://cdn.example.com/p.mobileconfig" },
      { resourceType: "AppDownloadIcon", url: "/f/icon.png" },
      { resourceType: "Other", url: "/f/x" },
    ]);
    expect(linksFrom(list)).toEqual({
      android: "/f/a.apk",
      ios: "itms-services://?action=download-manifest&url=https://x/m.plist",
      profile: "https://cdn.example.com/p.mobileconfig",
      icon: "/f/icon.png",
    });
  });

  it("drops links a browser must not follow", () => {
    expect(safeLink("javascript:alert(1)")).toBeNull();
    expect(safeLink("//evil.example.com/a.apk")).toBeNull();
    expect(safeLink("/\\evil.example.com")).toBeNull();
    expect(safeLink("data:text/html,x")).toBeNull();
    expect(safeLink("itms-services://?action=x")).toBeNull();
    expect(safeLink("itms-services://?action=x", true)).toBe("itms-services://?action=x");
    expect(safeLink(" https://cdn.example.com/a.apk ")).toBe("https://cdn.example.com/a.apk");
  });

  it("reads null and missing values as no links", () => {
    expect(downloadLinksSchema.parse(null)).toEqual([]);
    expect(linksFrom(downloadLinksSchema.parse([{ resourceType: "Android", url: null }]))).toEqual({
      android: null,
      ios: null,
      profile: null,
      icon: null,
    });
    expect(downloadLinksSchema.safeParse([{ url: "/x" }]).success).toBe(false);
  });
});

describe("promotions and announcements", () => {
  it("reads the available-promotions map", () => {
    const value = availablePromotionsSchema.parse({ APP_DOWNLOAD: { enabled: true, count: 1 }, LOGIN: { count: 0 } });
    expect(value.APP_DOWNLOAD?.enabled).toBe(true);
    expect(value.LOGIN?.enabled).toBe(false);
    expect(availablePromotionsSchema.parse(null)).toEqual({});
  });

  it("reads announcements with numeric or string ids", () => {
    const [a] = announcementsSchema.parse([{ id: 7, title: "T", content: "<p>x</p>", promotionId: 12 }]);
    expect(a?.id).toBe("7");
    expect(a?.promotionId).toBe(12);
  });

  it("shows announcement HTML as plain paragraphs, never as HTML", () => {
    expect(htmlToParagraphs("<p>Install the <b>app</b> &amp; log in.</p><p>Bonus&nbsp;<i>credited</i>.</p>")).toEqual([
      "Install the app & log in.",
      "Bonus credited.",
    ]);
    expect(htmlToParagraphs('<img src=x onerror="alert(1)"><script>alert(2)</script>Hi &lt;b&gt;<br>there &#39;&#x41;')).toEqual([
      "Hi <b>",
      "there 'A",
    ]);
    expect(htmlToParagraphs("<p>abcdefghij</p><p>klmnop</p>", 12)).toEqual(["abcdefghij", "kl…"]);
  });
});

describe("the session flag hideDownloadBar", () => {
  const request = (cookie?: string) => new Request("https://demo.example.com/m/home", { headers: cookie ? { Cookie: cookie } : {} });

  it("is a session cookie (no Max-Age), readable by the page's script", () => {
    expect(hideBarCookie()).toBe("hideDownloadBar=1; Path=/; SameSite=Lax");
  });

  it("hides the bar only when set to 1", () => {
    expect(barHiddenByCookie(request("a=b; hideDownloadBar=1"))).toBe(true);
    expect(barHiddenByCookie(request("hideDownloadBar=0"))).toBe(false);
    expect(barHiddenByCookie(request("xhideDownloadBar=1"))).toBe(false);
    expect(barHiddenByCookie(request())).toBe(false);
  });
});
