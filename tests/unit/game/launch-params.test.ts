import { describe, expect, it } from "vitest";
import {
  buildLaunchParams,
  isLobbyCode,
  LAUNCH_TIMEOUT_MS,
  launchPagePath,
  lottoViewFor,
  needsLabelName,
  parseLaunchQuery,
  planVariant,
  resolveBackUrl,
  resolveVendor,
  safeGameUrl,
  sameOriginUrl,
  serverLaunchHref,
  type LaunchQuery,
} from "~/game/launch-params";

const PAGE = "http://demo.localhost:8787/m/launchGame?prize_mode=Lott&code=VNL45";
const ORIGIN = "http://demo.localhost:8787";
const CTX = { language: "EN", title: "Demo Play", labelName: "Bronze", backUrl: `${ORIGIN}/m/home` };

function query(search: string): LaunchQuery {
  const parsed = parseLaunchQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(`query refused: ${search}`);
  return parsed.query;
}

function paramsFor(search: string) {
  return buildLaunchParams(query(search), CTX);
}

describe("the view rule", () => {
  it("is lobby for an empty code, game_list or lobby", () => {
    for (const code of [undefined, null, "", "  ", "game_list", "lobby", "LOBBY", "Game_List"]) {
      expect(lottoViewFor(code)).toBe("lobby");
      expect(isLobbyCode(code)).toBe(true);
    }
  });

  it("is betting for a game code", () => {
    expect(lottoViewFor("VNL45")).toBe("betting");
    expect(lottoViewFor("lobby2")).toBe("betting");
    expect(isLobbyCode("VNL45")).toBe(false);
  });

  it("lets a game link ask for that game's lobby, but never betting without a game", () => {
    expect(lottoViewFor("VNL45", "lobby")).toBe("lobby");
    expect(lottoViewFor("VNL45", "betting")).toBe("betting");
    expect(lottoViewFor("", "betting")).toBe("lobby");
    expect(lottoViewFor("game_list", "betting")).toBe("lobby");
  });
});

describe("vendors", () => {
  it("defaults to LOTT", () => {
    expect(resolveVendor(undefined)).toBe("LOTT");
    expect(resolveVendor("")).toBe("LOTT");
  });

  it("treats RNG and PVP vendor types as TCG", () => {
    expect(resolveVendor("RNG")).toBe("TCG");
    expect(resolveVendor("pvp")).toBe("TCG");
    expect(resolveVendor(undefined, "RNG")).toBe("TCG");
    expect(resolveVendor(undefined, "PVP")).toBe("TCG");
    expect(paramsFor("vendor=RNG&code=SLOT1").params.vendor).toBe("TCG");
    expect(paramsFor("playType=PVP&code=POKER").params.vendor).toBe("TCG");
  });

  it("keeps an explicit vendor over the play type and upper-cases it", () => {
    expect(resolveVendor("tcg_sea", "RNG")).toBe("TCG_SEA");
    expect(resolveVendor("TCG_LOTTO_VN")).toBe("TCG_LOTTO_VN");
  });
});

describe("launch parameters per variant", () => {
  it("Vietnam lottery: LOTT with lottoArea VN", () => {
    const plan = paramsFor("prize_mode=Elott&code=VNL45");
    expect(plan.variant).toBe("vietnam-lottery");
    expect(plan.params).toEqual({
      vendor: "LOTT",
      lottoArea: "VN",
      launchMode: "LOTT",
      lottoPrizeMode: "Elott",
      lottoGameCode: "VNL45",
      lottoView: "betting",
      device: "MOBILE",
      backUrl: `${ORIGIN}/m/home`,
      hasLobby: "false",
      language: "EN",
      title: "Demo Play",
      labelName: "Bronze",
    });
  });

  it("Vietnam lottery lobby: empty game code, lobby view, hasLobby", () => {
    const { params } = paramsFor("prize_mode=lott&code=game_list");
    expect(params).toMatchObject({ lottoPrizeMode: "Lott", lottoGameCode: "", lottoView: "lobby", hasLobby: "true" });
  });

  it("prize mode: prize_mode in any case, else ELOTT play type, else Lott", () => {
    expect(paramsFor("prize_mode=ELOTT&code=A").params.lottoPrizeMode).toBe("Elott");
    expect(paramsFor("playType=ELOTT&code=A").params.lottoPrizeMode).toBe("Elott");
    expect(paramsFor("code=A").params.lottoPrizeMode).toBe("Lott");
  });

  it("South-east-Asia traditional: LOTT with lottoMode SEA_Tradition_Mobile", () => {
    const plan = paramsFor("vendor=LOTT&playType=SEA&code=TH01&lottoView=lobby");
    expect(plan.variant).toBe("sea-traditional");
    expect(plan.params).toEqual({
      vendor: "LOTT",
      lottoMode: "SEA_Tradition_Mobile",
      lottoGameCode: "TH01",
      lottoView: "lobby",
      device: "MOBILE",
      backUrl: `${ORIGIN}/m/home`,
      hasLobby: "true",
      language: "EN",
      title: "Demo Play",
    });
  });

  it("TCG_SEA and SEA wrappers: gameCode, hasLobby, timeout, backUrl", () => {
    for (const vendor of ["TCG_SEA", "SEA"]) {
      const plan = paramsFor(`vendor=${vendor}&code=SEA5`);
      expect(plan.variant).toBe("tcg");
      expect(plan.params).toEqual({
        vendor,
        gameCode: "SEA5",
        hasLobby: "false",
        timeout: String(LAUNCH_TIMEOUT_MS),
        backUrl: `${ORIGIN}/m/home`,
        language: "EN",
      });
    }
  });

  it("TCG_LOTTO_VN wrapper: prizeMode, gameCode, hasLobby, timeout, backUrl, labelName", () => {
    const plan = paramsFor("vendor=TCG_LOTTO_VN&prize_mode=Elott&code=lobby");
    expect(plan.variant).toBe("tcg-lotto-vn");
    expect(plan.params).toEqual({
      vendor: "TCG_LOTTO_VN",
      prizeMode: "Elott",
      gameCode: "",
      hasLobby: "true",
      timeout: "10000",
      backUrl: `${ORIGIN}/m/home`,
      labelName: "Bronze",
      language: "EN",
    });
  });

  it("passes an unknown vendor on for the platform to refuse", () => {
    const plan = paramsFor("vendor=ACME&code=X1");
    expect(plan.variant).toBeNull();
    expect(plan.params).toMatchObject({ vendor: "ACME", gameCode: "X1" });
  });

  it("says which variants need the member's club label", () => {
    expect(needsLabelName(planVariant(query("code=A")))).toBe(true);
    expect(needsLabelName(planVariant(query("vendor=TCG_LOTTO_VN")))).toBe(true);
    expect(needsLabelName(planVariant(query("playType=SEA")))).toBe(false);
    expect(needsLabelName(planVariant(query("vendor=TCG_SEA")))).toBe(false);
  });

  it("uses the page language", () => {
    expect(buildLaunchParams(query("code=A"), { ...CTX, language: "VI" }).params.language).toBe("VI");
  });
});

describe("the query", () => {
  it("refuses malformed game links", () => {
    for (const search of ["code=<script>", "code=a%20b", `code=${"x".repeat(65)}`, "prize_mode=jackpot", "vendor=TCG-SEA", "vendor=a;b"]) {
      expect(parseLaunchQuery(new URLSearchParams(search)).ok, search).toBe(false);
    }
  });

  it("treats empty values as absent", () => {
    expect(query("vendor=&code=&prize_mode=")).toEqual(query(""));
  });
});

describe("backUrl safety", () => {
  it("keeps a same-origin backUrl, absolute or root-relative", () => {
    expect(resolveBackUrl(`${ORIGIN}/m/activity?id=3`, PAGE)).toBe(`${ORIGIN}/m/activity?id=3`);
    expect(resolveBackUrl("/m/game#lotto", PAGE)).toBe(`${ORIGIN}/m/game#lotto`);
  });

  it("ignores other origins, other schemes and tricks, and falls back to the referrer, then home", () => {
    const bad = [
      "https://evil.example/m/home",
      "http://demo.localhost:9999/m/home",
      "https://demo.localhost:8787/m/home",
      "//evil.example/m/home",
      "/\\evil.example",
      "javascript:alert(1)",
      "data:text/html,hi",
      "m/home",
      "/m/ho\nme",
    ];
    for (const value of bad) {
      expect(resolveBackUrl(value, PAGE), value).toBe(`${ORIGIN}/m/home`);
      expect(resolveBackUrl(value, PAGE, `${ORIGIN}/m/activity`), value).toBe(`${ORIGIN}/m/activity`);
    }
  });

  it("never points back at the launch page, login or registration", () => {
    expect(resolveBackUrl(`${ORIGIN}/m/launchGame?code=A`, PAGE)).toBe(`${ORIGIN}/m/home`);
    expect(resolveBackUrl(null, PAGE, PAGE)).toBe(`${ORIGIN}/m/home`);
    expect(resolveBackUrl(null, PAGE, `${ORIGIN}/m/login?redirectUrl=%2Fm%2FlaunchGame`)).toBe(`${ORIGIN}/m/home`);
    expect(resolveBackUrl(null, PAGE, `${ORIGIN}/m/register`)).toBe(`${ORIGIN}/m/home`);
    expect(resolveBackUrl(null, PAGE, "https://evil.example/")).toBe(`${ORIGIN}/m/home`);
  });

  it("checks origins exactly", () => {
    expect(sameOriginUrl(`${ORIGIN}.evil.example/x`, ORIGIN)).toBeNull();
    expect(sameOriginUrl(`http://user@demo.localhost:8787/x`, ORIGIN)).toBeNull();
    expect(sameOriginUrl(`http://DEMO.localhost:8787/x`, ORIGIN)).toBe(`${ORIGIN}/x`);
  });
});

describe("gameUrl safety", () => {
  it("accepts absolute http(s) URLs only", () => {
    expect(safeGameUrl("http://demo.localhost:8787/wps/sandbox-pages/game?x=1")).toBe(
      "http://demo.localhost:8787/wps/sandbox-pages/game?x=1",
    );
    expect(safeGameUrl("https://games.example/play")).toBe("https://games.example/play");
    for (const bad of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "data:text/html,x",
      "/relative",
      "",
      null,
      42,
    ]) {
      expect(safeGameUrl(bad), String(bad)).toBeNull();
    }
  });
});

describe("launch page addresses", () => {
  it("drops the no-JS flag from the page path and adds it, with the fixed backUrl, for the server launch", () => {
    const url = new URL(`${PAGE}&nojs=1`);
    expect(launchPagePath(url)).toBe("/m/launchGame?prize_mode=Lott&code=VNL45");
    const href = serverLaunchHref(new URL(PAGE), `${ORIGIN}/m/home`);
    const parsed = new URL(href, ORIGIN);
    expect(parsed.pathname).toBe("/m/launchGame");
    expect(parsed.searchParams.get("nojs")).toBe("1");
    expect(parsed.searchParams.get("backUrl")).toBe(`${ORIGIN}/m/home`);
    expect(parsed.searchParams.get("code")).toBe("VNL45");
  });
});
