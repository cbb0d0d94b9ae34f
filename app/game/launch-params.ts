// Lottery game launch (docs/behaviour/game-launch.md): the /m/launchGame
// query, the rules that turn it into the platform's launch parameters, and the URL checks. Pure: shared by the
// route's loader/action (server) and the launch screen (browser), and unit-tested on its own.
import { z } from "zod";

import { isHttpUrl, LAUNCH_TIMEOUT_MS, SERVER_LAUNCH_PARAM } from "./game-url";

export { isHttpUrl, LAUNCH_INITIAL_DELAY_MS, LAUNCH_TIMEOUT_MS, safeGameUrl, SERVER_LAUNCH_PARAM } from "./game-url";

export type PrizeMode = "Lott" | "Elott";
export type LottoView = "betting" | "lobby";

/** Vendor wrappers the product knows; anything else is passed on and the platform decides. */
export type LaunchVariant = "vietnam-lottery" | "sea-traditional" | "tcg" | "tcg-lotto-vn";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === "" ? undefined : v));

const prizeModeSchema = optionalText(16)
  .transform((v) => v?.toUpperCase())
  .pipe(z.enum(["LOTT", "ELOTT"]).optional())
  .transform((v): PrizeMode | undefined => (v === undefined ? undefined : v === "ELOTT" ? "Elott" : "Lott"));

/** The /m/launchGame query (banners send prize_mode or vendor, code, playType, backUrl, lottoView). */
export const launchQuerySchema = z.object({
  prize_mode: prizeModeSchema,
  vendor: optionalText(32)
    .transform((v) => v?.toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^[A-Z0-9_]+$/, "vendor")
        .optional(),
    ),
  code: optionalText(64).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]+$/, "game code")
      .optional(),
  ),
  playType: optionalText(32).transform((v) => v?.toUpperCase()),
  backUrl: optionalText(2048),
  lottoView: optionalText(16).transform((v) => v?.toLowerCase()),
});
export type LaunchQuery = z.output<typeof launchQuerySchema>;

export type ParsedLaunchQuery = { ok: true; query: LaunchQuery } | { ok: false };

/** Reads the query; a malformed game link (bad code, prize mode or vendor) is refused before any call. */
export function parseLaunchQuery(search: URLSearchParams): ParsedLaunchQuery {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(launchQuerySchema.shape)) {
    const value = search.get(key);
    if (value !== null) raw[key] = value;
  }
  const parsed = launchQuerySchema.safeParse(raw);
  return parsed.success ? { ok: true, query: parsed.data } : { ok: false };
}

const LOBBY_CODES = new Set(["", "game_list", "lobby"]);

/** Lobby when the game code is empty, game_list or lobby; otherwise betting (docs/behaviour/game-launch.md#view). */
export function isLobbyCode(code: string | null | undefined): boolean {
  return LOBBY_CODES.has((code ?? "").trim().toLowerCase());
}

/**
 * The view the game opens on. A lobby code always means the lobby (there is no game to bet on); a real game
 * code opens betting unless the link asks for that game's lobby with lottoView=lobby.
 */
export function lottoViewFor(code: string | null | undefined, requested?: string | null): LottoView {
  if (isLobbyCode(code)) return "lobby";
  return requested?.toLowerCase() === "lobby" ? "lobby" : "betting";
}

/** Vendor types that are launched through TCG. */
const TCG_TYPES = new Set(["RNG", "PVP"]);

/** The vendor to launch: RNG and PVP (as vendor or play type) are TCG; no vendor means LOTT. */
export function resolveVendor(vendor: string | null | undefined, playType?: string | null): string {
  const v = (vendor ?? "").trim().toUpperCase();
  if (TCG_TYPES.has(v)) return "TCG";
  if (v !== "") return v;
  return TCG_TYPES.has((playType ?? "").trim().toUpperCase()) ? "TCG" : "LOTT";
}

const SEA_PLAY_TYPES = new Set(["SEA", "SEA_TRADITION", "SEA_TRADITION_MOBILE", "TRADITION"]);

export function variantFor(vendor: string, playType?: string | null): LaunchVariant | null {
  switch (vendor) {
    case "LOTT":
      return SEA_PLAY_TYPES.has((playType ?? "").toUpperCase()) ? "sea-traditional" : "vietnam-lottery";
    case "TCG":
    case "TCG_SEA":
    case "SEA":
      return "tcg";
    case "TCG_LOTTO_VN":
      return "tcg-lotto-vn";
    default:
      return null;
  }
}

/** Prize mode: the link's prize_mode, else Elott for an ELOTT play type, else Lott. */
export function prizeModeFor(query: Pick<LaunchQuery, "prize_mode" | "playType">): PrizeMode {
  if (query.prize_mode) return query.prize_mode;
  return query.playType === "ELOTT" ? "Elott" : "Lott";
}

/**
 * An absolute URL on the page's own origin, from an absolute or root-relative candidate; null when the
 * candidate is missing, malformed, another origin, not http(s), or the launch page itself (a loop).
 */
export function sameOriginUrl(candidate: string | null | undefined, pageOrigin: string): string | null {
  if (!candidate) return null;
  const value = candidate.trim();
  // eslint-disable-next-line no-control-regex -- control characters and backslashes are refused outright
  if (value === "" || /[\u0000-\u001f\\]/.test(value)) return null;
  if (!value.startsWith("/") && !isHttpUrl(value)) return null;
  if (value.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(value, pageOrigin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(pageOrigin).origin || url.username !== "" || url.password !== "") return null;
  if (url.pathname.replace(/\/+$/, "").toLowerCase() === "/m/launchgame") return null;
  return url.toString();
}

/**
 * backUrl (docs/behaviour/game-launch.md#back-url): the link's own backUrl if it is on this site, else the
 * address the member launched from (the referring page of this site), else the site's home.
 */
export function resolveBackUrl(requested: string | null | undefined, pageUrl: string, referer?: string | null): string {
  const origin = new URL(pageUrl).origin;
  return sameOriginUrl(requested, origin) ?? refererBackUrl(referer, origin) ?? `${origin}/m/home`;
}

/** The referring page, unless it is the login or registration form the member just passed through. */
function refererBackUrl(referer: string | null | undefined, origin: string): string | null {
  const url = sameOriginUrl(referer, origin);
  if (url === null) return null;
  return /^\/m\/(login|register)(\.html)?\/?$/i.test(new URL(url).pathname) ? null : url;
}

export type LaunchContext = {
  /** Platform language code of the page (context.language). */
  language: string;
  /** Title the lottery shows: the merchant's brand. */
  title: string;
  /** The member's club label (VIP level) name; empty when unknown. */
  labelName: string;
  /** Already resolved with resolveBackUrl. */
  backUrl: string;
};

export type LaunchPlan = { variant: LaunchVariant | null; vendor: string; view: LottoView; params: Record<string, string> };

/** Whether a variant sends the member's club label (so the caller knows to look it up first). */
export function needsLabelName(variant: LaunchVariant | null): boolean {
  return variant === "vietnam-lottery" || variant === "tcg-lotto-vn";
}

/** The variant a query launches, without building anything. */
export function planVariant(query: LaunchQuery): LaunchVariant | null {
  return variantFor(resolveVendor(query.vendor, query.playType), query.playType);
}

/**
 * GET /wps/game/launchGame query for one launch (docs/platform-contract.md, "Game launch").
 * hasLobby is true when the game opens on its lobby; timeout is the launch timeout in ms.
 */
export function buildLaunchParams(query: LaunchQuery, ctx: LaunchContext): LaunchPlan {
  const vendor = resolveVendor(query.vendor, query.playType);
  const variant = variantFor(vendor, query.playType);
  const view = lottoViewFor(query.code, query.lottoView);
  const gameCode = isLobbyCode(query.code) ? "" : (query.code ?? "");
  const hasLobby = String(view === "lobby");
  const timeout = String(LAUNCH_TIMEOUT_MS);
  let params: Record<string, string>;
  switch (variant) {
    case "vietnam-lottery":
      params = {
        vendor,
        lottoArea: "VN",
        launchMode: "LOTT",
        lottoPrizeMode: prizeModeFor(query),
        lottoGameCode: gameCode,
        lottoView: view,
        device: "MOBILE",
        backUrl: ctx.backUrl,
        hasLobby,
        language: ctx.language,
        title: ctx.title,
        labelName: ctx.labelName,
      };
      break;
    case "sea-traditional":
      params = {
        vendor,
        lottoMode: "SEA_Tradition_Mobile",
        lottoGameCode: gameCode,
        lottoView: view,
        device: "MOBILE",
        backUrl: ctx.backUrl,
        hasLobby,
        language: ctx.language,
        title: ctx.title,
      };
      break;
    case "tcg":
      params = { vendor, gameCode, hasLobby, timeout, backUrl: ctx.backUrl, language: ctx.language };
      break;
    case "tcg-lotto-vn":
      params = {
        vendor,
        prizeMode: prizeModeFor(query),
        gameCode,
        hasLobby,
        timeout,
        backUrl: ctx.backUrl,
        labelName: ctx.labelName,
        language: ctx.language,
      };
      break;
    default:
      // A vendor this product has no wrapper for: the platform answers for it (usually game.vendor.unknown).
      params = { vendor, gameCode, hasLobby, timeout, backUrl: ctx.backUrl, language: ctx.language };
  }
  return { variant, vendor, view, params };
}

/** The launch page's own address without the no-JS flag (for login's redirectUrl and the JS retry). */
export function launchPagePath(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete(SERVER_LAUNCH_PARAM);
  const query = search.toString();
  return url.pathname + (query ? `?${query}` : "");
}

/** The same launch, done by the server (JS off): backUrl is fixed now, while the referrer is known. */
export function serverLaunchHref(url: URL, backUrl: string): string {
  const search = new URLSearchParams(url.search);
  search.set("backUrl", backUrl);
  search.set(SERVER_LAUNCH_PARAM, "1");
  return `${url.pathname}?${search.toString()}`;
}
