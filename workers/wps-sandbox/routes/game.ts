// Game launch: /wps/game/launchGame (member), /wps/relay/GCS_gameTrialLaunch[Sync] (anyone) and the
// HTML page the returned gameUrl opens, /wps/sandbox-pages/game. Contract: docs/platform-contract.md,
// "Game launch".
import { z } from "zod";
import type { WpsContext, WpsRoute } from "../context";
import { fail, html, notLoggedIn, ok } from "../http";
import { findMerchant } from "../merchants";
import { LANGUAGES } from "../languages";
import { authenticate } from "../sessions";
import { escapeHtml } from "../../../app/lib/escape-html";
import { describeIssues, invalidRequest } from "../validation";

export const GAME_PAGE_PATH = "/wps/sandbox-pages/game";

/** Vendors the sandbox can launch. RNG and PVP vendor types arrive as TCG (the product maps them). */
export const GAME_VENDORS = ["LOTT", "TCG", "TCG_SEA", "SEA", "TCG_LOTTO_VN"] as const;
export type GameVendor = (typeof GAME_VENDORS)[number];

const gameCode = z.string().regex(/^[A-Za-z0-9_.-]{0,64}$/, "letters, digits, '_', '.', '-', at most 64");
const flag = z.enum(["true", "false"]);
const prizeMode = z.enum(["Lott", "Elott"]);
const view = z.enum(["betting", "lobby"]);
const language = z.enum(LANGUAGES);
const backUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "an absolute http(s) URL");
/** Milliseconds the vendor's page waits for its own start-up; the product sends its launch timeout. */
const timeout = z
  .string()
  .regex(/^\d{1,6}$/, "milliseconds")
  .refine((v) => Number(v) >= 1000 && Number(v) <= 60_000, "1000..60000");
const label = z.string().max(64);

/** Vietnam lottery (vendor LOTT, the default). */
const vietnamLottery = z
  .object({
    vendor: z.literal("LOTT").optional(),
    lottoArea: z.literal("VN"),
    launchMode: z.literal("LOTT"),
    lottoPrizeMode: prizeMode,
    lottoGameCode: gameCode,
    lottoView: view,
    device: z.literal("MOBILE"),
    backUrl,
    hasLobby: flag,
    language,
    title: z.string().min(1).max(100),
    labelName: label,
  })
  .strict();

/** South-east-Asia traditional lottery (vendor LOTT). */
const seaTraditional = z
  .object({
    vendor: z.literal("LOTT").optional(),
    lottoMode: z.literal("SEA_Tradition_Mobile"),
    lottoGameCode: gameCode,
    lottoView: view,
    device: z.literal("MOBILE"),
    backUrl,
    hasLobby: flag,
    language,
    title: z.string().min(1).max(100),
  })
  .strict();

/** TCG wrappers: TCG_SEA, SEA and TCG (RNG/PVP vendor types). */
const tcgWrapper = z
  .object({
    vendor: z.enum(["TCG", "TCG_SEA", "SEA"]),
    gameCode,
    hasLobby: flag,
    timeout,
    backUrl,
    language,
  })
  .strict();

/** TCG's Vietnam lottery wrapper. */
const tcgLottoVn = z
  .object({
    vendor: z.literal("TCG_LOTTO_VN"),
    prizeMode,
    gameCode,
    hasLobby: flag,
    timeout,
    backUrl,
    labelName: label,
    language,
  })
  .strict();

type Launch = {
  vendor: GameVendor;
  variant: "VN" | "SEA" | "TCG" | "TCG_LOTTO_VN";
  game: string;
  view: "betting" | "lobby";
  prizeMode: string | null;
  language: string;
  backUrl: string;
};

type Checked = { ok: true; launch: Launch } | { ok: false; response: Response };

function invalid(error: z.ZodError): Checked {
  return { ok: false, response: invalidRequest(`Invalid launch parameters: ${describeIssues(error)}`) };
}

/** Validates the query of one launch variant, chosen by vendor (default LOTT) and, for LOTT, lottoMode. */
export function checkLaunchQuery(query: Record<string, string>): Checked {
  const vendor = query.vendor ?? "LOTT";
  if (!(GAME_VENDORS as readonly string[]).includes(vendor)) {
    return { ok: false, response: fail("game.vendor.unknown", `Unknown game vendor "${vendor.slice(0, 40)}"`) };
  }
  if (vendor === "LOTT") {
    if (query.lottoMode !== undefined) {
      const parsed = seaTraditional.safeParse(query);
      if (!parsed.success) return invalid(parsed.error);
      const q = parsed.data;
      if (q.lottoView === "betting" && q.lottoGameCode === "") return missingGame();
      const launch: Launch = {
        vendor: "LOTT",
        variant: "SEA",
        game: q.lottoGameCode,
        view: q.lottoView,
        prizeMode: null,
        language: q.language,
        backUrl: q.backUrl,
      };
      return { ok: true, launch };
    }
    const parsed = vietnamLottery.safeParse(query);
    if (!parsed.success) return invalid(parsed.error);
    const q = parsed.data;
    if (q.lottoView === "betting" && q.lottoGameCode === "") return missingGame();
    const launch: Launch = {
      vendor: "LOTT",
      variant: "VN",
      game: q.lottoGameCode,
      view: q.lottoView,
      prizeMode: q.lottoPrizeMode,
      language: q.language,
      backUrl: q.backUrl,
    };
    return { ok: true, launch };
  }
  if (vendor === "TCG_LOTTO_VN") {
    const parsed = tcgLottoVn.safeParse(query);
    if (!parsed.success) return invalid(parsed.error);
    const q = parsed.data;
    const launch: Launch = {
      vendor: "TCG_LOTTO_VN",
      variant: "TCG_LOTTO_VN",
      game: q.gameCode,
      view: q.gameCode === "" ? "lobby" : "betting",
      prizeMode: q.prizeMode,
      language: q.language,
      backUrl: q.backUrl,
    };
    return { ok: true, launch };
  }
  const parsed = tcgWrapper.safeParse(query);
  if (!parsed.success) return invalid(parsed.error);
  const q = parsed.data;
  const launch: Launch = {
    vendor: q.vendor,
    variant: "TCG",
    game: q.gameCode,
    view: q.gameCode === "" ? "lobby" : "betting",
    prizeMode: null,
    language: q.language,
    backUrl: q.backUrl,
  };
  return { ok: true, launch };
}

function missingGame(): Checked {
  return { ok: false, response: invalidRequest("Invalid launch parameters: lottoGameCode is required for the betting view") };
}

function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams);
}

async function launchGame(ctx: WpsContext): Promise<Response> {
  const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
  if (session === null) return notLoggedIn();
  const checked = checkLaunchQuery(queryOf(ctx.url));
  if (!checked.ok) return checked.response;
  const { launch } = checked;
  const page = new URL(GAME_PAGE_PATH, new URL(launch.backUrl).origin);
  const params = page.searchParams;
  params.set("merchant", ctx.merchant.code);
  params.set("mode", "real");
  params.set("vendor", launch.vendor);
  params.set("variant", launch.variant);
  params.set("game", launch.game);
  params.set("view", launch.view);
  if (launch.prizeMode !== null) params.set("prizeMode", launch.prizeMode);
  params.set("language", launch.language);
  params.set("member", session.member.username);
  params.set("backUrl", launch.backUrl);
  return ok({ gameUrl: page.toString() });
}

// Trial launch: no member. `backUrl` (optional, absolute http(s)) gives the page's origin; without it the
// gameUrl is root-relative, which a browser resolves against the site it is on (the app's /wps proxy).
const trialQuery = z
  .object({
    gameId: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "1 to 64 letters, digits, '_', '.', '-'"),
    nodeId: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "1 to 64 letters, digits, '_', '.', '-'"),
    platform: z.string().max(16).default("html5"),
    language: language.optional(),
    backUrl: backUrl.optional(),
  })
  .strict();

type TrialQuery = z.infer<typeof trialQuery>;

function trialUrl(ctx: WpsContext, q: TrialQuery): string {
  const page = new URL(GAME_PAGE_PATH, q.backUrl === undefined ? "http://relative.invalid" : new URL(q.backUrl).origin);
  const params = page.searchParams;
  params.set("merchant", ctx.merchant.code);
  params.set("mode", "trial");
  params.set("vendor", "GCS");
  params.set("game", q.gameId);
  params.set("node", q.nodeId);
  params.set("view", "betting");
  params.set("language", q.language ?? ctx.merchant.defaultLanguage);
  if (q.backUrl !== undefined) params.set("backUrl", q.backUrl);
  return q.backUrl === undefined ? page.pathname + page.search : page.toString();
}

function parseTrial(ctx: WpsContext): { ok: true; query: TrialQuery } | { ok: false; response: Response } {
  const parsed = trialQuery.safeParse(queryOf(ctx.url));
  if (!parsed.success) return { ok: false, response: invalidRequest(`Invalid trial parameters: ${describeIssues(parsed.error)}`) };
  return { ok: true, query: parsed.data };
}

async function trialLaunch(ctx: WpsContext): Promise<Response> {
  const parsed = parseTrial(ctx);
  if (!parsed.ok) return parsed.response;
  if (parsed.query.platform !== "html5") {
    return fail("game.platform.unsupported", `Trial play is not available on platform "${parsed.query.platform}"`);
  }
  return ok({ gameUrl: trialUrl(ctx, parsed.query) });
}

/** Trial status codes of the synchronous variant. */
export const TRIAL_STATUS = { ready: 0, platformUnsupported: 1 } as const;

async function trialLaunchSync(ctx: WpsContext): Promise<Response> {
  const parsed = parseTrial(ctx);
  if (!parsed.ok) return parsed.response;
  if (parsed.query.platform !== "html5") {
    return ok({
      statusCode: TRIAL_STATUS.platformUnsupported,
      gameUrl: null,
      message: `Trial play is not available on platform "${parsed.query.platform}"`,
    });
  }
  return ok({ statusCode: TRIAL_STATUS.ready, gameUrl: trialUrl(ctx, parsed.query), message: null });
}

export const gameRoutes: WpsRoute[] = [
  { method: "GET", path: "/wps/game/launchGame", handle: launchGame },
  { method: "GET", path: "/wps/relay/GCS_gameTrialLaunch", handle: trialLaunch },
  { method: "GET", path: "/wps/relay/GCS_gameTrialLaunchSync", handle: trialLaunchSync },
];

// The game page ------------------------------------------------------------------------------------

/** The host the browser sees, when the sandbox can know it (not behind the app's service binding). */
function publicHost(request: Request, url: URL): string | null {
  if (url.hostname === "platform.internal") return null;
  return request.headers.get("Host") ?? url.host;
}

/**
 * The Back link: only for an http(s) backUrl on the page's own host. The href keeps only the path, query and
 * fragment, so it cannot leave the host the page is on, even behind the app's proxy where the sandbox
 * cannot see that host.
 */
export function backLinkFor(backUrlValue: string | null, pageHost: string | null): string | null {
  if (backUrlValue === null || backUrlValue === "") return null;
  let target: URL;
  try {
    target = new URL(backUrlValue);
  } catch {
    return null;
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return null;
  if (pageHost !== null && target.host.toLowerCase() !== pageHost.toLowerCase()) return null;
  // "//evil.example/x" as a path would be protocol-relative: collapse leading slashes.
  const path = `/${target.pathname.replace(/^\/+/, "")}`;
  return path + target.search + target.hash;
}

const VIEW_NAMES: Record<string, string> = { betting: "Betting", lobby: "Lobby" };

export function handleGamePage(request: Request, url: URL): Response {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return html("<!doctype html><title>Method not allowed</title><p>Method not allowed</p>", 405);
  }
  const q = url.searchParams;
  const merchant = findMerchant(q.get("merchant"));
  const vendor = q.get("vendor") ?? "";
  if (merchant === undefined || vendor === "") {
    return html("<!doctype html><title>Game not found</title><p>This game link is incomplete.</p>", 404);
  }
  const trial = q.get("mode") === "trial";
  const game = q.get("game") ?? "";
  const viewValue = q.get("view") ?? "";
  const rows: [string, string][] = [
    ["Vendor", vendor + (q.get("variant") && q.get("variant") !== vendor ? ` (${q.get("variant")})` : "")],
    ["Game code", game === "" ? "Lobby (no game chosen)" : game],
    ["View", VIEW_NAMES[viewValue] ?? viewValue],
  ];
  const prize = q.get("prizeMode");
  if (prize) rows.push(["Prize mode", prize]);
  rows.push(["Language", q.get("language") ?? ""]);
  rows.push(["Member", trial ? "Guest (trial play)" : (q.get("member") ?? "")]);
  const back = backLinkFor(q.get("backUrl"), publicHost(request, url));
  const brand = escapeHtml(merchant.brand);
  const list = rows.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`).join("\n");
  const balls = (game === "" ? "LOBBY" : game)
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 5)
    .padEnd(3, "7")
    .split("")
    .map((c, i) => `<span class="ball ball--${i % 4}">${escapeHtml(c)}</span>`)
    .join("");
  return html(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Lottery game (sandbox)</title>
<style>
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c2433;background:linear-gradient(170deg,#14213d 0,#1f3c88 220px,#eef1f8 220px)}
header{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:12px 16px;color:#fff}
header .brand{font-weight:700}
header a{color:#fff;font-weight:700;text-decoration:none;padding:6px 14px;border:2px solid rgba(255,255,255,.7);border-radius:999px}
main{max-width:560px;margin:0 auto;padding:8px 16px 24px}
.card{background:#fff;border-radius:14px;box-shadow:0 6px 24px rgba(20,30,60,.12);padding:22px 20px}
h1{margin:0 0 4px;font-size:22px}
.tag{display:inline-block;margin:0 0 16px;padding:2px 10px;border-radius:999px;background:#fff4e0;color:#8a5300;font-size:13px;font-weight:700}
.balls{display:flex;gap:8px;justify-content:center;margin:4px 0 18px}
.ball{display:grid;place-items:center;width:46px;height:46px;border-radius:50%;font-weight:800;font-size:18px;color:#3e2723;box-shadow:0 4px 10px rgba(0,0,0,.2);background:radial-gradient(circle at 30% 30%,#fff,#ffe082 45%,#f9a825)}
.ball--1{background:radial-gradient(circle at 30% 30%,#fff,#80deea 45%,#00838f)}
.ball--2{background:radial-gradient(circle at 30% 30%,#fff,#ef9a9a 45%,#c62828);color:#fff}
.ball--3{background:radial-gradient(circle at 30% 30%,#fff,#a5d6a7 45%,#2e7d32);color:#fff}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;margin:0}
dt{color:#5a6478}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.note{margin:16px 0 0;color:#5a6478;font-size:14px}
</style>
</head>
<body>
<header><span class="brand">${brand}</span>${back === null ? "" : `<a href="${escapeHtml(back)}">Back</a>`}</header>
<main>
<section class="card" aria-labelledby="game-title">
<h1 id="game-title">Lottery game (sandbox)</h1>
<p class="tag">${trial ? "Trial play" : "Real play"}</p>
<div class="balls" aria-hidden="true">${balls}</div>
<dl>
${list}
</dl>
<p class="note">This page stands in for the game vendor's own page.</p>
</section>
</main>
</body>
</html>
`);
}
