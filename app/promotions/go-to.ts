// The go-to-promotion button (docs/behaviour/promotions.md#go-to-promotion) and the table of promotion types to the
// product's routes (docs/decisions/0039-promotion-routes.md). Plain functions shared by the edge and the browser: the
// promotions pages, the download popup's bonus header and the download bar's gift use the same rules.

/** Every promotion type the platform knows (docs/behaviour/promotions.md#promotion-types). */
export const PROMOTION_TYPES = [
  "LOGIN",
  "REGISTER",
  "SAVIOR",
  "DEPOSIT",
  "FIRST_DEPOSIT",
  "SECOND_DEPOSIT",
  "THIRD_DEPOSIT",
  "FOURTH_DEPOSIT",
  "FIFTH_DEPOSIT",
  "DEPOSIT_COUNT",
  "DEPOSIT_BET_BONUS",
  "REFERRAL",
  "MISSION",
  "UPGRADE_BONUS",
  "APP_DOWNLOAD",
] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

export function isPromotionType(value: string): value is PromotionType {
  return (PROMOTION_TYPES as readonly string[]).includes(value);
}

/** The protected pages that stand for promotion types. */
export const PROMOTION_ROUTES = {
  signIn: "/m/activity/signIn",
  noviceTask: "/m/activity/noviceTask",
  rescue: "/m/activity/rescue",
  voucherCenter: "/m/voucherCenter",
  leaderBoard: "/m/leaderBoard",
  benefits: "/m/member/benefits",
} as const;
export type PromotionRouteKey = keyof typeof PROMOTION_ROUTES;

/** Where the go-to button leads: a page of the product, or the app download (the download handler). */
export type GoToTarget = { kind: "route"; path: string } | { kind: "download" };

/**
 * Type → target (docs/decisions/0039-promotion-routes.md). The deposit promotions have no page in this product (the
 * cashier is not part of it), so their button is hidden: "no route mapped for the type".
 */
export const PROMOTION_TARGETS: Readonly<Record<PromotionType, GoToTarget | null>> = {
  LOGIN: { kind: "route", path: PROMOTION_ROUTES.signIn },
  REGISTER: { kind: "route", path: PROMOTION_ROUTES.noviceTask },
  MISSION: { kind: "route", path: PROMOTION_ROUTES.noviceTask },
  SAVIOR: { kind: "route", path: PROMOTION_ROUTES.rescue },
  DEPOSIT_BET_BONUS: { kind: "route", path: PROMOTION_ROUTES.voucherCenter },
  DEPOSIT_COUNT: { kind: "route", path: PROMOTION_ROUTES.leaderBoard },
  UPGRADE_BONUS: { kind: "route", path: PROMOTION_ROUTES.benefits },
  REFERRAL: { kind: "route", path: "/m/inviteFriends" },
  APP_DOWNLOAD: { kind: "download" },
  DEPOSIT: null,
  FIRST_DEPOSIT: null,
  SECOND_DEPOSIT: null,
  THIRD_DEPOSIT: null,
  FOURTH_DEPOSIT: null,
  FIFTH_DEPOSIT: null,
};

/** The promotion types a protected page shows (the inverse of the table above). */
export function typesForRoute(path: string): PromotionType[] {
  return PROMOTION_TYPES.filter((type) => {
    const target = PROMOTION_TARGETS[type];
    return target?.kind === "route" && target.path === path;
  });
}

/** The member as the rules see it; null for a visitor (guest, type -1). */
export type GoToMember = { type: number; clubLabelType: string | null };

/** VIP benefits show when the member's club label type is AUTO. */
export function vipBenefitsShown(member: GoToMember | null): boolean {
  return member?.clubLabelType === "AUTO";
}

/** The member types that may see the go-to button. */
export const GO_TO_MEMBER_TYPES: readonly number[] = [0, 1, 2];

export type GoToHidden =
  "member-type" | "referral-member-type" | "no-download-handler" | "vip-benefits-hidden" | "no-route" | "current-page";
export type GoToDecision = { visible: true; target: GoToTarget } | { visible: false; reason: GoToHidden };

/**
 * Whether the go-to-promotion button shows, and where it leads. Hidden when: the member type is not 0, 1 or 2 (a
 * visitor counts as a guest, type -1); REFERRAL for a logged-in member of a type other than 0; APP_DOWNLOAD without a
 * download handler; UPGRADE_BONUS while VIP benefits are not shown; no route mapped for the type; the target is the
 * page the button would be on (a button never links to its own page).
 */
export function goToPromotion(input: {
  promotionType: string;
  member: GoToMember | null;
  hasDownloadHandler: boolean;
  /** The path of the page the button is on. */
  currentPath?: string | null;
}): GoToDecision {
  const { promotionType, member } = input;
  const type = member?.type ?? -1;
  if (!GO_TO_MEMBER_TYPES.includes(type)) return { visible: false, reason: "member-type" };
  if (promotionType === "REFERRAL" && member !== null && type !== 0) return { visible: false, reason: "referral-member-type" };
  if (promotionType === "APP_DOWNLOAD" && !input.hasDownloadHandler) return { visible: false, reason: "no-download-handler" };
  if (promotionType === "UPGRADE_BONUS" && !vipBenefitsShown(member)) return { visible: false, reason: "vip-benefits-hidden" };
  const target = isPromotionType(promotionType) ? PROMOTION_TARGETS[promotionType] : null;
  if (target === null) return { visible: false, reason: "no-route" };
  if (target.kind === "route" && input.currentPath != null && samePath(target.path, input.currentPath)) {
    return { visible: false, reason: "current-page" };
  }
  return { visible: true, target };
}

/** Paths compare without a trailing slash and without case: /m/activity/signin is the signIn page too. */
function samePath(a: string, b: string): boolean {
  const norm = (path: string) => path.replace(/\/+$/, "").toLowerCase();
  return norm(a) === norm(b);
}

/**
 * Whether the APP_DOWNLOAD promotion is on for this viewer in the available promotions (public for visitors, personal
 * for members): the download bar's gift icon and the download popup's bonus header show only then.
 */
export function appDownloadEnabled(available: Record<string, { enabled: boolean }> | null | undefined): boolean {
  return available?.APP_DOWNLOAD?.enabled === true;
}

/** The app download page: where the download handler takes a player who has no script to open the popup. */
export const DOWNLOAD_PAGE = "/m/appDownload";

/** The address of a target (the download handler's page for APP_DOWNLOAD). */
export function targetHref(target: GoToTarget, language: string): string {
  return target.kind === "route" ? target.path : `${DOWNLOAD_PAGE}?language=${encodeURIComponent(language)}`;
}

/** /m/activity with the promotion id. */
export function promotionPath(promotionId: string): string {
  return `/m/activity?id=${encodeURIComponent(promotionId)}`;
}
