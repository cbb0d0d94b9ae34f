import { describe, expect, it } from "vitest";
import { MERCHANTS } from "../../../workers/wps-sandbox/merchants";
import type { MemberRow } from "../../../workers/wps-sandbox/members";
import { PROMOTION_TYPES as PLATFORM_PROMOTION_TYPES } from "../../../app/promotions/go-to";
import { PROMOTION_TYPES, promotionsFor, referralCodeOf } from "../../../workers/wps-sandbox/routes/promotions";

const member = (type: number) => ({ id: 7, type, username: "m" }) as MemberRow;

describe("sandbox promotions", () => {
  it("has every promotion type of the platform", () => {
    expect([...PROMOTION_TYPES].sort()).toEqual([...PLATFORM_PROMOTION_TYPES].sort());
  });

  it.each(Object.keys(MERCHANTS))("%s: a member's list has every type, the public one no member-only item", (code) => {
    const merchant = MERCHANTS[code]!;
    const own = promotionsFor(merchant, "EN", member(0));
    const types = new Set(own.map((p) => p.promotionType));
    for (const type of PROMOTION_TYPES.filter((t) => t !== "APP_DOWNLOAD")) expect(types.has(type), type).toBe(true);
    const visitors = promotionsFor(merchant, "EN", null).map((p) => p.promotionType);
    for (const type of ["SAVIOR", "MISSION", "UPGRADE_BONUS", "DEPOSIT_COUNT", "DEPOSIT_BET_BONUS"]) expect(visitors).not.toContain(type);
    expect(new Set(own.map((p) => p.id)).size).toBe(own.length);
    expect(own.every((p) => p.currency === merchant.currency)).toBe(true);
  });

  it("translates titles for VI and PT-BR, English otherwise", () => {
    const demo = MERCHANTS.demo!;
    const title = (language: string) => promotionsFor(demo, language, null).find((p) => p.promotionType === "LOGIN")?.title;
    expect(title("EN")).toBe("Daily sign-in reward");
    expect(title("VI")).toBe("Thưởng điểm danh mỗi ngày");
    expect(title("PT-BR")).toBe("Bônus de login diário");
    expect(title("UR")).toBe("Daily sign-in reward");
  });

  it("keeps the app-download promotion's id of its announcement, and not for restricted members", () => {
    const demo = MERCHANTS.demo!;
    expect(promotionsFor(demo, "EN", null).find((p) => p.promotionType === "APP_DOWNLOAD")?.id).toBe("APPDL-1");
    expect(promotionsFor(demo, "EN", member(4)).some((p) => p.promotionType === "APP_DOWNLOAD")).toBe(false);
    expect(promotionsFor(MERCHANTS.br777!, "EN", null).some((p) => p.promotionType === "APP_DOWNLOAD")).toBe(false);
    expect(promotionsFor(MERCHANTS.br777!, "EN", member(0)).find((p) => p.promotionType === "APP_DOWNLOAD")?.id).toBe("APPDL-7");
  });

  it("gives a stable referral code of letters and digits", () => {
    expect(referralCodeOf(MERCHANTS.demo!, 7)).toBe(referralCodeOf(MERCHANTS.demo!, 7));
    expect(referralCodeOf(MERCHANTS.demo!, 7)).toMatch(/^DEMO[A-Z0-9]+$/);
    expect(referralCodeOf(MERCHANTS.demo!, 8)).not.toBe(referralCodeOf(MERCHANTS.demo!, 7));
  });
});
