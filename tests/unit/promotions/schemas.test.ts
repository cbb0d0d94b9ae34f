import { describe, expect, it } from "vitest";
import { promotionListSchema, referralSchema, toView } from "~/promotions/promotions.server";
import { needsLanguageSync } from "~/promotions/language-sync.server";

const item = {
  id: "demo-login",
  promotionType: "LOGIN",
  title: "Daily sign-in reward",
  summary: "Sign in every day.",
  content: "<p>Sign in on <b>7 days</b>.</p><script>alert(1)</script><p>Then &amp; more.</p>",
  imageUrl: null,
  startTime: Date.UTC(2026, 0, 1),
  endTime: null,
  rewardCenter: true,
  maxBonus: 88.5,
  currency: "USD",
};

describe("promotion list reply", () => {
  it("reads a good list", () => {
    const parsed = promotionListSchema.safeParse([item]);
    expect(parsed.success && parsed.data).toEqual([{ ...item }]);
  });

  it.each([
    ["a string", "nonsense"],
    ["a number", 42],
    ["an object", { items: [] }],
    ["too many items", Array.from({ length: 201 }, () => item)],
  ])("fails on %s", (_name, value) => {
    expect(promotionListSchema.safeParse(value).success).toBe(false);
  });

  it("reads null as an empty list", () => {
    expect(promotionListSchema.parse(null)).toEqual([]);
  });

  it("leaves out items without the shape, keeps the others", () => {
    const list = promotionListSchema.parse([item, { id: 1 }, "x", null, { ...item, id: "two", title: "" }, { ...item, id: "three" }]);
    expect(list.map((p) => p.id)).toEqual(["demo-login", "three"]);
  });

  it("drops an unsafe image address and a bad currency without dropping the item", () => {
    const [parsed] = promotionListSchema.parse([{ ...item, imageUrl: "javascript:alert(1)", currency: "dollars" }]);
    expect(parsed?.imageUrl).toBeNull();
    expect(parsed?.currency).toBeNull();
  });
});

describe("the view of a promotion", () => {
  const ctx = { member: { type: 0, clubLabelType: "MANUAL" }, downloadHandler: true, language: "EN" as const, currency: "USD" };

  it("renders the platform's HTML as plain paragraphs, never markup", () => {
    const view = toView(promotionListSchema.parse([item])[0]!, ctx);
    expect(view.paragraphs).toEqual(["Sign in on 7 days.", "Then & more."]);
    expect(JSON.stringify(view)).not.toContain("<");
  });

  it("formats the period in the player's language and the maximum bonus in the merchant's currency", () => {
    const view = toView(promotionListSchema.parse([{ ...item, endTime: Date.UTC(2026, 11, 31) }])[0]!, { ...ctx, language: "VI" });
    expect(view.period.startIso).toBe("2026-01-01");
    expect(view.period.end).toMatch(/2026/);
    expect(view.maxBonus?.replace(/\u00a0/g, " ")).toBe("US$88.50");
    expect(view.goTo).toBe("/m/activity/signIn");
    expect(view.href).toBe("/m/activity?id=demo-login");
  });

  it("hides the go-to button for a visitor", () => {
    expect(toView(promotionListSchema.parse([item])[0]!, { ...ctx, member: null }).goTo).toBeNull();
  });
});

describe("referral reply", () => {
  it("reads a code and a link", () => {
    expect(
      referralSchema.safeParse({ referralCode: "DEMO2S1", referralLink: "http://demo.localhost/m/register?referralCode=DEMO2S1" }).success,
    ).toBe(true);
  });
  it.each([null, "x", {}, { referralCode: "<b>", referralLink: "http://x" }, { referralCode: "A", referralLink: "not a url" }])(
    "fails on %j",
    (value) => {
      expect(referralSchema.safeParse(value).success).toBe(false);
    },
  );
});

describe("language sync (docs/behaviour/promotions.md#language-sync)", () => {
  it.each([
    [{ type: 0, language: "EN" }, "EN", false],
    [{ type: 0, language: "en" }, "EN", false],
    [{ type: 0, language: "EN" }, "VI", true],
    [{ type: 2, language: null }, "VI", true],
    [{ type: 4, language: "EN" }, "VI", false],
  ])("%j on a %s page → %s", (info, page, expected) => {
    expect(needsLanguageSync(info, page)).toBe(expected);
  });
});
