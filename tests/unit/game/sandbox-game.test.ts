// The sandbox's side of game launch: parameter validation per variant, the game page's Back link and the
// per-path latency fault. The app's builder and the sandbox's validator are checked against each other.
import { describe, expect, it } from "vitest";
import { buildLaunchParams, parseLaunchQuery } from "~/game/launch-params";
import { backLinkFor, checkLaunchQuery } from "../../../workers/wps-sandbox/routes/game";
import { faultUpdateSchema, latencyApplies, mergeFaults, NO_FAULTS } from "../../../workers/wps-sandbox/faults";

const CTX = { language: "VI", title: "VN88 Xổ Số", labelName: "Bronze", backUrl: "http://vn.localhost:8787/m/home" };

function built(search: string): Record<string, string> {
  const parsed = parseLaunchQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(search);
  return buildLaunchParams(parsed.query, CTX).params;
}

async function refusal(query: Record<string, string>): Promise<{ status: number; errorCode?: string; message?: string }> {
  const checked = checkLaunchQuery(query);
  if (checked.ok) throw new Error("accepted");
  return { status: checked.response.status, ...((await checked.response.json()) as { errorCode?: string; message?: string }) };
}

describe("sandbox launch validation", () => {
  it("accepts what the app builds for every variant", () => {
    const cases: [string, string, string][] = [
      ["prize_mode=Lott&code=VNL45", "VN", "betting"],
      ["code=lobby", "VN", "lobby"],
      ["playType=SEA&code=TH01", "SEA", "betting"],
      ["vendor=TCG_SEA&code=SEA5", "TCG", "betting"],
      ["vendor=SEA", "TCG", "lobby"],
      ["vendor=RNG&code=SLOT1", "TCG", "betting"],
      ["vendor=TCG_LOTTO_VN&prize_mode=Elott&code=MB", "TCG_LOTTO_VN", "betting"],
    ];
    for (const [search, variant, view] of cases) {
      const checked = checkLaunchQuery(built(search));
      expect(checked.ok, search).toBe(true);
      if (checked.ok) expect({ variant: checked.launch.variant, view: checked.launch.view }, search).toEqual({ variant, view });
    }
  });

  it("defaults the vendor to LOTT", () => {
    const { vendor: _vendor, ...withoutVendor } = built("code=VNL45");
    const checked = checkLaunchQuery(withoutVendor);
    expect(checked.ok && checked.launch.vendor).toBe("LOTT");
  });

  it("answers an unknown vendor with game.vendor.unknown", async () => {
    expect(await refusal(built("vendor=ACME&code=X"))).toMatchObject({ status: 200, errorCode: "game.vendor.unknown" });
  });

  it("refuses missing, extra and malformed parameters with request.invalid", async () => {
    const vn = built("code=VNL45");
    const { device: _device, ...noDevice } = vn;
    for (const query of [
      noDevice,
      { ...vn, extra: "1" },
      { ...vn, lottoView: "grid" },
      { ...vn, lottoPrizeMode: "LOTT" },
      { ...vn, language: "xx" },
      { ...vn, backUrl: "javascript:alert(1)" },
      { ...vn, backUrl: "/m/home" },
      { ...vn, hasLobby: "yes" },
      { ...vn, lottoGameCode: "" }, // betting needs a game
      { ...built("vendor=TCG_SEA&code=A"), timeout: "10" },
      { ...built("vendor=TCG_LOTTO_VN&code=A"), prizeMode: "Jackpot" },
    ]) {
      expect(await refusal(query)).toMatchObject({ status: 400, errorCode: "request.invalid" });
    }
  });
});

describe("sandbox game page Back link", () => {
  it("keeps only the path of an http(s) backUrl on the page's host", () => {
    expect(backLinkFor("http://demo.localhost:8787/m/home?x=1#top", "demo.localhost:8787")).toBe("/m/home?x=1#top");
    expect(backLinkFor("https://demo.localhost:8787/m/home", null)).toBe("/m/home");
  });

  it("shows none for other hosts, other schemes or garbage", () => {
    expect(backLinkFor("http://evil.example/m/home", "demo.localhost:8787")).toBeNull();
    expect(backLinkFor("javascript:alert(1)", null)).toBeNull();
    expect(backLinkFor("data:text/html,x", null)).toBeNull();
    expect(backLinkFor("not a url", null)).toBeNull();
    expect(backLinkFor("", null)).toBeNull();
    expect(backLinkFor(null, null)).toBeNull();
  });

  it("never produces a protocol-relative href", () => {
    expect(backLinkFor("http://demo.localhost:8787//evil.example/x", null)).toBe("/evil.example/x");
  });
});

describe("per-path latency", () => {
  it("applies to every path by default and only to the listed prefixes when set", () => {
    const all = mergeFaults(NO_FAULTS, { latencyMs: 11_000 });
    expect(all.latencyPaths).toBeNull();
    expect(latencyApplies(all, "/wps/system/status")).toBe(true);
    const game = mergeFaults(all, { latencyPaths: ["/wps/game/"] });
    expect(game.latencyMs).toBe(11_000);
    expect(latencyApplies(game, "/wps/game/launchGame")).toBe(true);
    expect(latencyApplies(game, "/wps/system/status")).toBe(false);
    expect(latencyApplies(game, undefined)).toBe(false);
    expect(mergeFaults(game, {}).latencyPaths).toEqual(["/wps/game/"]);
    expect(mergeFaults(game, { latencyPaths: null }).latencyPaths).toBeNull();
    expect(mergeFaults(game, { latencyPaths: [] }).latencyPaths).toBeNull();
  });

  it("validates the paths", () => {
    expect(faultUpdateSchema.safeParse({ merchant: "demo", latencyPaths: ["/wps/game/"] }).success).toBe(true);
    expect(faultUpdateSchema.safeParse({ merchant: "demo", latencyPaths: ["/m/home"] }).success).toBe(false);
    expect(faultUpdateSchema.safeParse({ merchant: "demo", latencyPaths: "/wps/game/" }).success).toBe(false);
  });
});
