// The banner link rules (docs/behaviour/home.md#banner-links): every linkage type, for a visitor and for a member.
import { describe, expect, it } from "vitest";
import { bannerLink, type BannerLink, type BannerLinkInput } from "../../../app/home/banner-links";
import { parseLaunchQuery } from "../../../app/game/launch-params";

const banner = (
  linkageType: string,
  linkage: string | null,
  vendor: string | null = null,
  gameType: string | null = null,
): BannerLinkInput => ({
  linkageType,
  linkage,
  vendor,
  gameType,
});

const lotteryLaunch = "/m/launchGame?vendor=LOTT&code=VN_HN";
const viaLogin = (launch: string) => `/m/login?redirectUrl=${encodeURIComponent(launch)}`;

type Row = [string, BannerLinkInput, visitor: BannerLink, member: BannerLink];

const rows: Row[] = [
  [
    "P: the promotion's page",
    banner("P", "FIRST_DEPOSIT-1"),
    { kind: "internal", href: "/m/activity?id=FIRST_DEPOSIT-1" },
    { kind: "internal", href: "/m/activity?id=FIRST_DEPOSIT-1" },
  ],
  ["P in lower case", banner("p", "42"), { kind: "internal", href: "/m/activity?id=42" }, { kind: "internal", href: "/m/activity?id=42" }],
  ["P without an id", banner("P", ""), { kind: "none" }, { kind: "none" }],
  ["P with an id that is not one", banner("P", "a b/../c"), { kind: "none" }, { kind: "none" }],
  [
    "URL inside the product",
    banner("URL", "/m/game?category=SLOTS"),
    { kind: "internal", href: "/m/game?category=SLOTS" },
    { kind: "internal", href: "/m/game?category=SLOTS" },
  ],
  ["URL /m itself", banner("URL", "/m"), { kind: "internal", href: "/m" }, { kind: "internal", href: "/m" }],
  [
    "URL https elsewhere: new tab",
    banner("URL", "https://partner.example.com/cup"),
    { kind: "external", href: "https://partner.example.com/cup" },
    { kind: "external", href: "https://partner.example.com/cup" },
  ],
  ["URL /m with http in it is not inside", banner("URL", "/m/redirect?to=http://evil.example"), { kind: "none" }, { kind: "none" }],
  ["URL /media is not /m", banner("URL", "/media/x"), { kind: "none" }, { kind: "none" }],
  ["URL protocol-relative", banner("URL", "//evil.example/m"), { kind: "none" }, { kind: "none" }],
  ["URL javascript:", banner("URL", "javascript:alert(1)"), { kind: "none" }, { kind: "none" }],
  ["URL data:", banner("URL", "data:text/html,hi"), { kind: "none" }, { kind: "none" }],
  ["URL empty", banner("URL", null), { kind: "none" }, { kind: "none" }],
  [
    "G lottery: login first for a visitor",
    banner("G", "VN_HN", "LOTT", "LOTTERY"),
    { kind: "internal", href: viaLogin(lotteryLaunch) },
    { kind: "internal", href: lotteryLaunch },
  ],
  [
    "G RNG vendor launches as TCG, lobby",
    banner("G", "", "JILI", "RNG"),
    { kind: "internal", href: viaLogin("/m/launchGame?vendor=TCG") },
    { kind: "internal", href: "/m/launchGame?vendor=TCG" },
  ],
  [
    "G PVP vendor launches as TCG with its game",
    banner("G", "poker_1", "KY", "PVP"),
    { kind: "internal", href: viaLogin("/m/launchGame?vendor=TCG&code=poker_1") },
    { kind: "internal", href: "/m/launchGame?vendor=TCG&code=poker_1" },
  ],
  [
    "G other vendor keeps its name",
    banner("G", "", "tcg_lotto_vn", "LOTTERY"),
    { kind: "internal", href: viaLogin("/m/launchGame?vendor=TCG_LOTTO_VN") },
    { kind: "internal", href: "/m/launchGame?vendor=TCG_LOTTO_VN" },
  ],
  ["G without a vendor", banner("G", "VN_HN", null, "LOTTERY"), { kind: "none" }, { kind: "none" }],
  ["G with a bad game code", banner("G", "<script>", "LOTT", "LOTTERY"), { kind: "none" }, { kind: "none" }],
  ["unknown linkage type", banner("X", "/m/home"), { kind: "none" }, { kind: "none" }],
];

describe("bannerLink", () => {
  it.each(rows)("%s", (_name, input, visitor, member) => {
    expect(bannerLink(input, false)).toEqual(visitor);
    expect(bannerLink(input, true)).toEqual(member);
  });

  it("every game link is a launch address /m/launchGame accepts, and a visitor's comes back to it after login", () => {
    for (const [, input] of rows.filter(([, b]) => b.linkageType === "G")) {
      const member = bannerLink(input, true);
      if (member.kind === "none") continue;
      const url = new URL(member.href, "http://x");
      expect(url.pathname).toBe("/m/launchGame");
      expect(parseLaunchQuery(url.searchParams).ok).toBe(true);
      const visitor = bannerLink(input, false);
      expect(visitor.kind === "internal" && new URL(visitor.href, "http://x").searchParams.get("redirectUrl")).toBe(member.href);
    }
  });
});
