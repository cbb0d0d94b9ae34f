// Game lanes (docs/behaviour/home.md#lanes) and their ordering (docs/decisions/0033).
import { describe, expect, it } from "vitest";
import { buildLanes, categoryOrdinal, parseCategory, type Vendor } from "../../../app/home/lanes";
import { toVendors, vendorSchema } from "../../../app/home/lanes.server";

const vendor = (gameClassify: string, accountTypeName: string, vendorType: string, extra: Partial<Vendor> = {}): Vendor => ({
  accountTypeName,
  displayName: accountTypeName,
  vendorType,
  gameClassify,
  gameClassifyName: null,
  gameCount: 10,
  trial: false,
  image: null,
  ...extra,
});

describe("categoryOrdinal", () => {
  it("starts at 100 and steps by 100 in the platform's order", () => {
    expect([0, 1, 2].map((i) => categoryOrdinal(i, "SLOTS", [vendor("SLOTS", "PGS", "RNG")]))).toEqual([100, 200, 300]);
  });
  it("adds 1 to a lottery category and 5 to the Vietnam lottery", () => {
    expect(categoryOrdinal(0, "LOTTERY", [vendor("LOTTERY", "SEA", "LOTTERY")])).toBe(101);
    expect(categoryOrdinal(2, "VN_LOTTERY", [vendor("VN_LOTTERY", "SEA", "LOTTERY")])).toBe(305);
    expect(categoryOrdinal(1, "LOTTERY", [vendor("LOTTERY", "LOTT", "LOTTERY"), vendor("LOTTERY", "TCG_LOTTO_VN", "LOTTERY")])).toBe(205);
    expect(categoryOrdinal(1, "GAMES", [vendor("GAMES", "LOTT", "LOTTERY"), vendor("GAMES", "PGS", "RNG")])).toBe(200);
  });
});

describe("buildLanes", () => {
  const vendors = [
    vendor("SLOTS", "PGS", "RNG", { displayName: "PG Soft", gameCount: 124 }),
    vendor("VN_LOTTERY", "LOTT", "LOTTERY"),
    vendor("SLOTS", "JILI", "RNG"),
    vendor("CARDS", "KY", "PVP"),
    vendor("CARDS", "TCG", "TCG"),
  ];

  it("groups vendors by category in first-seen order, sorted by ordinal, cards in the platform's order", () => {
    const lanes = buildLanes(vendors, true);
    expect(lanes.map((l) => [l.code, l.ordinal, l.lottery])).toEqual([
      ["SLOTS", 100, false],
      ["VN_LOTTERY", 205, true],
      ["CARDS", 300, false],
    ]);
    expect(lanes[0]!.cards).toEqual([
      { vendor: "PGS", name: "PG Soft", gameCount: 124, href: "/m/launchGame?vendor=TCG", tryHref: null },
      { vendor: "JILI", name: "JILI", gameCount: 10, href: "/m/launchGame?vendor=TCG", tryHref: null },
    ]);
  });

  it("cards launch the lobby; RNG and PVP as TCG; a visitor goes through the login page", () => {
    const member = buildLanes(vendors, true).flatMap((l) => l.cards.map((c) => c.href));
    expect(member).toEqual([
      "/m/launchGame?vendor=TCG",
      "/m/launchGame?vendor=TCG",
      "/m/launchGame?vendor=LOTT",
      "/m/launchGame?vendor=TCG",
      "/m/launchGame?vendor=TCG",
    ]);
    const visitor = buildLanes(vendors, false).flatMap((l) => l.cards.map((c) => c.href));
    expect(visitor[2]).toBe(`/m/login?redirectUrl=${encodeURIComponent("/m/launchGame?vendor=LOTT")}`);
  });

  it("a visitor's card of a vendor that offers trial has a Try link to its own vendor; a member's never", () => {
    const withTrial = [vendor("SLOTS", "PGS", "RNG", { trial: true }), vendor("CARDS", "KY", "PVP")];
    const visitor = buildLanes(withTrial, false).flatMap((l) => l.cards.map((c) => [c.vendor, c.tryHref]));
    expect(visitor).toEqual([
      ["PGS", "/m/tryGame?vendor=PGS"],
      ["KY", null],
    ]);
    expect(buildLanes(withTrial, true).flatMap((l) => l.cards.map((c) => c.tryHref))).toEqual([null, null]);
  });

  it("leaves out vendors that cannot be launched, and lanes left empty", () => {
    expect(buildLanes([vendor("LIVE", "bad vendor!", "LIVE")], true)).toEqual([]);
  });
});

describe("the vendor reply", () => {
  it("keeps good vendors and drops nonsense", () => {
    const parsed = toVendors([
      { accountTypeName: "PGS", displayName: "PG Soft", vendorType: "RNG", gameClassify: "SLOTS", gameCount: 5, trial: true },
      null,
      42,
      "vendor",
      { accountTypeName: "", displayName: "x", gameClassify: "SLOTS" },
      { accountTypeName: "X", displayName: "x", gameClassify: "bad category!" },
      { accountTypeName: "Y", displayName: "y", gameClassify: "LIVE", gameCount: "many", trial: "yes" },
    ]);
    expect(parsed.map((v) => [v.accountTypeName, v.gameCount, v.trial])).toEqual([
      ["PGS", 5, true],
      ["Y", 0, false],
    ]);
  });
  it("has the contract's fields", () => {
    expect(Object.keys(vendorSchema.shape).sort()).toEqual(
      ["accountTypeName", "displayName", "gameClassify", "gameClassifyName", "gameCount", "image", "trial", "vendorType"].sort(),
    );
  });
});

describe("parseCategory", () => {
  it("takes category codes only", () => {
    expect(parseCategory("SLOTS")).toBe("SLOTS");
    expect(parseCategory(" VN_LOTTERY ")).toBe("VN_LOTTERY");
    expect(parseCategory("<x>")).toBeNull();
    expect(parseCategory("a".repeat(33))).toBeNull();
    expect(parseCategory(null)).toBeNull();
  });
});
