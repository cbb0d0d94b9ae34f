// How the home catalogue starts a game (docs/behaviour/home.md#game-links): every launch goes through /m/launchGame;
// a visitor goes to /m/login first, with the launch as the redirectUrl, and comes back to it after logging in. A visitor
// may also try a game of a vendor that offers trial play, through /m/tryGame (docs/behaviour/game-launch.md#trial).
// Pure: used by the banner and lane loaders and unit-tested on its own.

/** Vendor types the platform launches through TCG's wrapper (docs/behaviour/game-launch.md#vendor-and-variant). */
const TCG_TYPES = new Set(["RNG", "PVP"]);

const VENDOR = /^[A-Z0-9_]{1,32}$/;
const GAME_CODE = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The /m/launchGame address for a vendor (its accountTypeName) and a game code; an empty or missing code opens the
 * vendor's lobby. Vendor types RNG and PVP launch as TCG. null when the vendor is not a valid vendor code.
 */
export function launchPath(vendor: string | null | undefined, vendorType: string | null | undefined, code?: string | null): string | null {
  const type = (vendorType ?? "").trim().toUpperCase();
  const name = (vendor ?? "").trim().toUpperCase();
  const launchVendor = TCG_TYPES.has(type) ? "TCG" : name;
  if (!VENDOR.test(launchVendor)) return null;
  const params = new URLSearchParams({ vendor: launchVendor });
  const game = (code ?? "").trim();
  if (game !== "") {
    if (!GAME_CODE.test(game)) return null;
    params.set("code", game);
  }
  return `/m/launchGame?${params.toString()}`;
}

/** Where a game link goes: the launch itself for a member, the login page (and back to the launch) for a visitor. */
export function gameHref(launch: string, member: boolean): string {
  return member ? launch : `/m/login?redirectUrl=${encodeURIComponent(launch)}`;
}

/** The trial launch page (docs/behaviour/game-launch.md#trial). */
export const TRIAL_PAGE = "/m/tryGame";

/**
 * The /m/tryGame address for a vendor (its accountTypeName, as the vendor list writes it: trial play is asked of the
 * vendor itself, not of the TCG wrapper) and an optional game code; null when either is not a valid code.
 */
export function trialPath(vendor: string | null | undefined, code?: string | null): string | null {
  const name = (vendor ?? "").trim().toUpperCase();
  if (!VENDOR.test(name)) return null;
  const params = new URLSearchParams({ vendor: name });
  const game = (code ?? "").trim();
  if (game !== "") {
    if (!GAME_CODE.test(game)) return null;
    params.set("code", game);
  }
  return `${TRIAL_PAGE}?${params.toString()}`;
}

/** A visitor's "Try" link: only for a vendor that offers trial play; a member plays for real and gets none. */
export function tryHref(vendor: string, trial: boolean, member: boolean, code?: string | null): string | null {
  return member || !trial ? null : trialPath(vendor, code);
}
