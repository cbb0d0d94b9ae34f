import { describe, expect, it } from "vitest";
import {
  PROMOTION_TARGETS,
  PROMOTION_TYPES,
  appDownloadEnabled,
  goToPromotion,
  promotionPath,
  targetHref,
  typesForRoute,
  vipBenefitsShown,
  type GoToDecision,
  type GoToMember,
} from "~/promotions/go-to";

const member = (type: number, clubLabelType: string | null = "MANUAL"): GoToMember => ({ type, clubLabelType });
const shown = (path: string): GoToDecision => ({ visible: true, target: { kind: "route", path } });
const hidden = (reason: Extract<GoToDecision, { visible: false }>["reason"]): GoToDecision => ({ visible: false, reason });

// Every rule of docs/behaviour/promotions.md#go-to-promotion, one row each (and the rows that show the button).
describe("go-to-promotion button", () => {
  it.each<[string, string, GoToMember | null, boolean, GoToDecision]>([
    // hidden when the member type is not 0, 1 or 2
    ["visitor (guest, type -1)", "LOGIN", null, true, hidden("member-type")],
    ["type -1 as member info", "LOGIN", member(-1), true, hidden("member-type")],
    ["type 3", "LOGIN", member(3), true, hidden("member-type")],
    ["restricted type 4", "LOGIN", member(4), true, hidden("member-type")],
    ["type 4 even for REFERRAL", "REFERRAL", member(4), true, hidden("member-type")],
    ["type 0", "LOGIN", member(0), true, shown("/m/activity/signIn")],
    ["type 1", "LOGIN", member(1), true, shown("/m/activity/signIn")],
    ["type 2", "LOGIN", member(2), true, shown("/m/activity/signIn")],
    // REFERRAL with a logged-in member of a type other than 0
    ["REFERRAL, type 0", "REFERRAL", member(0), true, shown("/m/inviteFriends")],
    ["REFERRAL, type 1", "REFERRAL", member(1), true, hidden("referral-member-type")],
    ["REFERRAL, type 2", "REFERRAL", member(2), true, hidden("referral-member-type")],
    // APP_DOWNLOAD without a download handler
    ["APP_DOWNLOAD with a handler", "APP_DOWNLOAD", member(0), true, { visible: true, target: { kind: "download" } }],
    ["APP_DOWNLOAD without a handler", "APP_DOWNLOAD", member(0), false, hidden("no-download-handler")],
    ["the handler matters only for APP_DOWNLOAD", "LOGIN", member(0), false, shown("/m/activity/signIn")],
    // UPGRADE_BONUS while VIP benefits are not shown (they show when the club label type is AUTO)
    ["UPGRADE_BONUS, club label AUTO", "UPGRADE_BONUS", member(0, "AUTO"), true, shown("/m/member/benefits")],
    ["UPGRADE_BONUS, club label MANUAL", "UPGRADE_BONUS", member(0, "MANUAL"), true, hidden("vip-benefits-hidden")],
    ["UPGRADE_BONUS, no club label", "UPGRADE_BONUS", member(2, null), true, hidden("vip-benefits-hidden")],
    // no route mapped for the type
    ["DEPOSIT (no page in the product)", "DEPOSIT", member(0), true, hidden("no-route")],
    ["FIRST_DEPOSIT", "FIRST_DEPOSIT", member(0), true, hidden("no-route")],
    ["FIFTH_DEPOSIT", "FIFTH_DEPOSIT", member(1), true, hidden("no-route")],
    ["an unknown type", "SPIN_WHEEL", member(0), true, hidden("no-route")],
    // the other mapped types
    ["REGISTER", "REGISTER", member(0), true, shown("/m/activity/noviceTask")],
    ["MISSION", "MISSION", member(0), true, shown("/m/activity/noviceTask")],
    ["SAVIOR", "SAVIOR", member(0), true, shown("/m/activity/rescue")],
    ["DEPOSIT_BET_BONUS", "DEPOSIT_BET_BONUS", member(0), true, shown("/m/voucherCenter")],
    ["DEPOSIT_COUNT", "DEPOSIT_COUNT", member(0), true, shown("/m/leaderBoard")],
  ])("%s: %s → %j", (_name, promotionType, who, hasDownloadHandler, expected) => {
    expect(goToPromotion({ promotionType, member: who, hasDownloadHandler })).toEqual(expected);
  });

  it.each([
    ["LOGIN", "/m/activity/signIn"],
    ["MISSION", "/m/activity/noviceTask"],
    ["SAVIOR", "/m/activity/rescue/"],
    ["DEPOSIT_BET_BONUS", "/m/vouchercenter"],
    ["DEPOSIT_COUNT", "/m/leaderBoard"],
  ])("never leads to the page it is on: %s on %s", (promotionType, currentPath) => {
    expect(goToPromotion({ promotionType, member: member(0), hasDownloadHandler: true, currentPath })).toEqual(hidden("current-page"));
  });

  it("leads to the type's page from any other page", () => {
    expect(goToPromotion({ promotionType: "LOGIN", member: member(0), hasDownloadHandler: true, currentPath: "/m/activity" })).toEqual(
      shown("/m/activity/signIn"),
    );
  });

  it("VIP benefits show only for the club label type AUTO", () => {
    expect(vipBenefitsShown(member(0, "AUTO"))).toBe(true);
    expect(vipBenefitsShown(member(0, "auto"))).toBe(false);
    expect(vipBenefitsShown(null)).toBe(false);
  });
});

describe("promotion type → route table (docs/decisions/0039-promotion-routes.md)", () => {
  it("covers every promotion type of the platform", () => {
    expect(Object.keys(PROMOTION_TARGETS).sort()).toEqual([...PROMOTION_TYPES].sort());
    expect(PROMOTION_TYPES).toHaveLength(15);
  });

  it.each([
    ["/m/activity/signIn", ["LOGIN"]],
    ["/m/activity/noviceTask", ["REGISTER", "MISSION"]],
    ["/m/activity/rescue", ["SAVIOR"]],
    ["/m/voucherCenter", ["DEPOSIT_BET_BONUS"]],
    ["/m/leaderBoard", ["DEPOSIT_COUNT"]],
    ["/m/member/benefits", ["UPGRADE_BONUS"]],
    ["/m/inviteFriends", ["REFERRAL"]],
    ["/m/home", []],
  ])("%s stands for %j", (path, types) => {
    expect(typesForRoute(path)).toEqual(types);
  });

  it("leaves the deposit promotions without a page", () => {
    for (const type of ["DEPOSIT", "FIRST_DEPOSIT", "SECOND_DEPOSIT", "THIRD_DEPOSIT", "FOURTH_DEPOSIT", "FIFTH_DEPOSIT"] as const) {
      expect(PROMOTION_TARGETS[type]).toBeNull();
    }
  });

  it("sends APP_DOWNLOAD to the download page in the player's language, routes to themselves", () => {
    expect(targetHref({ kind: "download" }, "PT-BR")).toBe("/m/appDownload?language=PT-BR");
    expect(targetHref({ kind: "route", path: "/m/leaderBoard" }, "EN")).toBe("/m/leaderBoard");
    expect(promotionPath("demo-login")).toBe("/m/activity?id=demo-login");
    expect(promotionPath("a b&c")).toBe("/m/activity?id=a%20b%26c");
  });

  it("the gift shows only while APP_DOWNLOAD is enabled", () => {
    expect(appDownloadEnabled({ APP_DOWNLOAD: { enabled: true } })).toBe(true);
    expect(appDownloadEnabled({ APP_DOWNLOAD: { enabled: false } })).toBe(false);
    expect(appDownloadEnabled({ LOGIN: { enabled: true } })).toBe(false);
    expect(appDownloadEnabled(null)).toBe(false);
  });
});
