// Game lanes (docs/behaviour/home.md#lanes): the platform's vendors grouped into categories, ordered by the category
// ordinal rule (docs/decisions/0033), each card a launch link. Pure: the lanes loader applies it; unit-tested.
import { gameHref, launchPath, tryHref } from "./game-links";

export type Vendor = {
  accountTypeName: string;
  displayName: string;
  vendorType: string;
  gameClassify: string;
  gameClassifyName: string | null;
  gameCount: number;
  trial: boolean;
  image: string | null;
};

export type GameCard = {
  vendor: string;
  name: string;
  gameCount: number;
  href: string;
  /** A visitor's free-play link, for a vendor that offers trial play (docs/behaviour/game-launch.md#trial); else null. */
  tryHref: string | null;
};
export type Lane = {
  /** The category code (gameClassify), the key of its translated title and of /m/game?category=. */
  code: string;
  /** The platform's name for the category, for codes the product has no translation of. */
  platformName: string | null;
  ordinal: number;
  lottery: boolean;
  cards: GameCard[];
};

export const ORDINAL_START = 100;
export const ORDINAL_STEP = 100;
/** A lottery category's offsets: +1, and +5 for the Vietnam lottery (docs/decisions/0033). */
export const LOTTERY_OFFSET = 1;
export const VIETNAM_LOTTERY_OFFSET = 5;

const VIETNAM_LOTTERY_VENDORS = new Set(["LOTT", "TCG_LOTTO_VN"]);

/** Lottery: the code names it, or every vendor of it is of type LOTTERY. */
function isLotteryCategory(code: string, vendors: readonly Vendor[]): boolean {
  return /LOTT/i.test(code) || (vendors.length > 0 && vendors.every((v) => v.vendorType.toUpperCase() === "LOTTERY"));
}

/**
 * The ordinal of a category: 100 for the first in the platform's order, then a step of 100; a lottery category adds 1,
 * or 5 when it is the Vietnam lottery (a VN code, or its vendors are the Vietnam lottery's own).
 */
export function categoryOrdinal(index: number, code: string, vendors: readonly Vendor[]): number {
  const base = ORDINAL_START + ORDINAL_STEP * index;
  if (!isLotteryCategory(code, vendors)) return base;
  const vietnam =
    /(^|_)VN(_|$)/i.test(code) ||
    (vendors.length > 0 && vendors.every((v) => VIETNAM_LOTTERY_VENDORS.has(v.accountTypeName.toUpperCase())));
  return base + (vietnam ? VIETNAM_LOTTERY_OFFSET : LOTTERY_OFFSET);
}

/** Lanes from the vendors: one per category in first-seen order, sorted by ordinal; cards keep the platform's order. */
export function buildLanes(vendors: readonly Vendor[], member: boolean): Lane[] {
  const byCategory = new Map<string, Vendor[]>();
  for (const vendor of vendors) {
    const list = byCategory.get(vendor.gameClassify);
    if (list) list.push(vendor);
    else byCategory.set(vendor.gameClassify, [vendor]);
  }
  const lanes = [...byCategory.entries()].map(([code, list], index): Lane => {
    const cards = list.flatMap((vendor): GameCard[] => {
      const launch = launchPath(vendor.accountTypeName, vendor.vendorType, "");
      return launch
        ? [
            {
              vendor: vendor.accountTypeName,
              name: vendor.displayName,
              gameCount: vendor.gameCount,
              href: gameHref(launch, member),
              tryHref: tryHref(vendor.accountTypeName, vendor.trial, member),
            },
          ]
        : [];
    });
    return {
      code,
      platformName: list.find((v) => v.gameClassifyName)?.gameClassifyName ?? null,
      ordinal: categoryOrdinal(index, code, list),
      lottery: isLotteryCategory(code, list),
      cards,
    };
  });
  return lanes.filter((lane) => lane.cards.length > 0).sort((a, b) => a.ordinal - b.ordinal);
}

/** The /m/game?category= value: a category code as the platform writes them, else null. */
export function parseCategory(value: string | null): string | null {
  if (value === null) return null;
  const code = value.trim();
  return /^[A-Za-z0-9_-]{1,32}$/.test(code) ? code : null;
}
