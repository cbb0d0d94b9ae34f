// Lottery game launch at the edge: raw HTTP with the merchant's Host header against the built Worker.
// The member's session is made the way the app makes it (tests/support/member.ts).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { memberSession } from "../support/member";
import { bodyText, decodeEntities, getPage, hostFor, originFor, postJson, request, resetFaults, title } from "../support/http";

const LAUNCH = "/m/launchGame?prize_mode=Lott&code=VNL45";

function withNoJs(path: string): string {
  return `${path}&nojs=1`;
}

beforeAll(() => resetFaults());
afterEach(() => resetFaults());

describe("game launch requires a login", () => {
  it("sends a visitor to /m/login with this page as redirectUrl", async () => {
    for (const path of [LAUNCH, withNoJs(LAUNCH)]) {
      const page = await getPage("demo.localhost", path);
      expect(page.status).toBe(302);
      expect(page.header("location")).toBe(`/m/login?redirectUrl=${encodeURIComponent(LAUNCH)}`);
    }
  });

  it("the platform refuses a launch without a token", async () => {
    const reply = await getPage("demo.localhost", "/wps/game/launchGame?vendor=LOTT");
    expect(reply.status).toBe(401);
    expect(reply.json()).toMatchObject({ success: false, errorCode: "customer.not.login" });
  });
});

describe("game launch for a member", () => {
  it("with JavaScript: renders the loading page, which launches from the browser; no launch on the server", async () => {
    const { cookie } = await memberSession();
    const page = await getPage("demo.localhost", LAUNCH, { Cookie: cookie, Referer: `${originFor("demo.localhost")}/m/activity?id=7` });
    expect(page.status).toBe(200);
    expect(title(page.body)).toBe("Game launch · Demo Play");
    expect(bodyText(page.body)).toContain("Starting the game…");
    // Without JavaScript the browser follows this refresh to the server launch; backUrl is the referring page.
    const refresh = /<noscript><meta http-equiv="refresh" content="0;url=([^"]+)"\/?><\/noscript>/.exec(page.body)?.[1];
    expect(refresh).toBeDefined();
    const target = new URL(decodeEntities(refresh!), originFor("demo.localhost"));
    expect(target.pathname).toBe("/m/launchGame");
    expect(target.searchParams.get("nojs")).toBe("1");
    expect(target.searchParams.get("backUrl")).toBe(`${originFor("demo.localhost")}/m/activity?id=7`);
  });

  it("without JavaScript: the server launches and answers 302 to the sandbox game page", async () => {
    const { cookie } = await memberSession();
    const launch = await getPage("demo.localhost", withNoJs(LAUNCH), { Cookie: cookie });
    expect(launch.status).toBe(302);
    const location = new URL(launch.header("location") ?? "");
    expect(location.origin).toBe(originFor("demo.localhost"));
    expect(location.pathname).toBe("/wps/sandbox-pages/game");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      merchant: "demo",
      vendor: "LOTT",
      variant: "VN",
      game: "VNL45",
      view: "betting",
      prizeMode: "Lott",
      language: "EN",
      member: "demo01",
      backUrl: `${originFor("demo.localhost")}/m/home`,
    });

    // The game page itself, through the app's /wps proxy.
    const game = await getPage("demo.localhost", location.pathname + location.search);
    expect(game.status).toBe(200);
    expect(game.header("content-type")).toMatch(/^text\/html/);
    expect(title(game.body)).toBe("Lottery game (sandbox)");
    expect(bodyText(game.body)).toContain("demo01");
    expect(game.body).toContain('<a href="/m/home">Back</a>');
  });

  it("uses the page language and the merchant's own host", async () => {
    // br777: Brazilian Portuguese, and no login captcha (vn88 has one).
    const { cookie } = await memberSession("demo01", "br.localhost", "br777");
    const launch = await getPage("br.localhost", withNoJs("/m/launchGame?vendor=TCG_LOTTO_VN&prize_mode=Elott&code=game_list"), {
      Cookie: cookie,
    });
    expect(launch.status).toBe(302);
    const location = new URL(launch.header("location") ?? "");
    expect(location.host).toBe(hostFor("br.localhost"));
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      merchant: "br777",
      vendor: "TCG_LOTTO_VN",
      game: "",
      view: "lobby",
      prizeMode: "Elott",
      language: "PT-BR",
    });
  });

  it("ignores a backUrl on another site", async () => {
    const { cookie } = await memberSession();
    const launch = await getPage("demo.localhost", withNoJs(`${LAUNCH}&backUrl=${encodeURIComponent("https://evil.example/")}`), {
      Cookie: cookie,
    });
    expect(launch.status).toBe(302);
    expect(new URL(launch.header("location") ?? "").searchParams.get("backUrl")).toBe(`${originFor("demo.localhost")}/m/home`);
  });

  it("without JavaScript: a launch slower than 10 s renders the timeout warning with a Retry link", async () => {
    const { cookie } = await memberSession();
    // The platform answers at 15 s: the page gives up at 10 s, well before (a margin for a busy test machine).
    const fault = await postJson("/__sandbox/faults", { merchant: "demo", latencyMs: 15_000, latencyPaths: ["/wps/game/"] });
    expect(fault.status).toBe(200);
    const page = await getPage("demo.localhost", withNoJs(LAUNCH), { Cookie: cookie });
    expect(page.status).toBe(200);
    expect(page.elapsedMs).toBeGreaterThanOrEqual(10_000);
    expect(page.elapsedMs).toBeLessThan(14_000);
    expect(bodyText(page.body)).toContain("The game is taking too long to start. Please try again.");
    const retry = /<a class="button button--primary button--block" href="([^"]+)">Retry<\/a>/.exec(page.body)?.[1];
    expect(retry && new URL(decodeEntities(retry), originFor("demo.localhost")).searchParams.get("nojs")).toBe("1");
    // The latency is for the launch only: the rest of the site answers at once.
    const home = await getPage("demo.localhost", "/m/home");
    expect(home.elapsedMs).toBeLessThan(5_000);
  });

  it("without JavaScript: the platform's message for an unknown vendor", async () => {
    const { cookie } = await memberSession();
    const page = await getPage("demo.localhost", withNoJs("/m/launchGame?vendor=ACME&code=X1"), { Cookie: cookie });
    expect(page.status).toBe(200);
    expect(bodyText(page.body)).toContain('Unknown game vendor "ACME"');
    expect(bodyText(page.body)).toContain("The game did not start");
  });

  it("a token the platform no longer accepts ends the session and goes to login", async () => {
    const { cookie, token } = await memberSession();
    const logout = await request({
      host: hostFor("demo.localhost"),
      path: "/wps/session/logout",
      method: "POST",
      headers: { Authorization: token },
    });
    expect(logout.status).toBe(200);
    const page = await getPage("demo.localhost", withNoJs(LAUNCH), { Cookie: cookie });
    expect(page.status).toBe(302);
    // The platform ended the session: cleared, and the login page says "please login".
    expect(page.header("location")).toBe(`/m/login?redirectUrl=${encodeURIComponent(withNoJs(LAUNCH))}&expired=1`);
    expect(page.cookies.join("\n")).toMatch(/mc_session=[^;]*; Path=\/; Expires=Thu, 01 Jan 1970/);
  });
});

describe("trial launch", () => {
  it("answers a gameUrl without a login, and the synchronous variant a statusCode", async () => {
    const trial = await getPage("demo.localhost", "/wps/relay/GCS_gameTrialLaunch?gameId=G1&nodeId=N1&platform=html5");
    expect(trial.json()).toEqual({
      success: true,
      value: { gameUrl: "/wps/sandbox-pages/game?merchant=demo&mode=trial&vendor=GCS&game=G1&node=N1&view=betting&language=EN" },
    });
    const page = await getPage("demo.localhost", trial.json<{ value: { gameUrl: string } }>().value.gameUrl);
    expect(bodyText(page.body)).toContain("Guest (trial play)");

    const sync = await getPage("demo.localhost", "/wps/relay/GCS_gameTrialLaunchSync?gameId=G1&nodeId=N1");
    expect(sync.json()).toMatchObject({ success: true, value: { statusCode: 0, message: null } });
    const unsupported = await getPage("demo.localhost", "/wps/relay/GCS_gameTrialLaunchSync?gameId=G1&nodeId=N1&platform=flash");
    expect(unsupported.json()).toMatchObject({ success: true, value: { statusCode: 1, gameUrl: null } });
    const missing = await getPage("demo.localhost", "/wps/relay/GCS_gameTrialLaunch?gameId=G1");
    expect(missing.status).toBe(400);
  });
});

// docs/behaviour/game-launch.md#trial
describe("trial play for visitors", () => {
  const TRIAL = "/m/tryGame?vendor=PGS";

  it("the home page gives a visitor a Try link for exactly the vendors that offer trial", async () => {
    const home = await getPage("demo.localhost", "/m/home");
    const tries = [...home.body.matchAll(/<a class="game-card__try" href="([^"]+)" aria-label="([^"]+)">Try<\/a>/g)];
    expect(tries.map((m) => [decodeEntities(m[1]!), decodeEntities(m[2]!)])).toEqual([
      ["/m/tryGame?vendor=PGS", "Try PG Soft for free"],
      ["/m/tryGame?vendor=JILI", "Try JILI Games for free"],
    ]);
  });

  it("without JavaScript: a visitor's trial launch answers 302 to the trial gameUrl, whose Back offers login", async () => {
    const launch = await getPage("demo.localhost", withNoJs(TRIAL));
    expect(launch.status).toBe(302);
    const location = new URL(launch.header("location") ?? "");
    expect(location.origin).toBe(originFor("demo.localhost"));
    expect(location.pathname).toBe("/wps/sandbox-pages/game");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      mode: "trial",
      game: "PGS",
      node: "PGS",
      language: "EN",
      backUrl: `${originFor("demo.localhost")}${TRIAL}&over=1`,
    });

    const game = await getPage("demo.localhost", location.pathname + location.search);
    expect(bodyText(game.body)).toContain("Guest (trial play)");
    const back = /<a href="([^"]+)">Back<\/a>/.exec(game.body)?.[1];
    expect(decodeEntities(back ?? "")).toBe(`${TRIAL}&over=1`);

    const over = await getPage("demo.localhost", decodeEntities(back!));
    expect(over.status).toBe(200);
    expect(bodyText(over.body)).toContain("That was free play of PG Soft.");
    const login = /<a class="button button--primary button--block" href="([^"]+)">Log in to play for real<\/a>/.exec(over.body)?.[1];
    expect(decodeEntities(login ?? "")).toBe(`/m/login?redirectUrl=${encodeURIComponent("/m/launchGame?vendor=TCG")}`);
  });

  it("with JavaScript: the trial page shows the launch screen, and its action answers the trial gameUrl", async () => {
    const page = await getPage("demo.localhost", TRIAL);
    expect(page.status).toBe(200);
    expect(bodyText(page.body)).toContain("Starting the game");
    const action = await request({
      host: hostFor("demo.localhost"),
      path: "/m/tryGame.data?vendor=PGS",
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: originFor("demo.localhost") },
      body: "backUrl=%2Fm%2Fhome",
    });
    expect(action.status).toBe(200);
    expect(action.body).toContain("/wps/sandbox-pages/game?merchant=demo&mode=trial");
  });

  it("a game without trial still goes to login, then to its real launch", async () => {
    const page = await getPage("demo.localhost", "/m/tryGame?vendor=KY&nojs=1");
    expect(page.status).toBe(302);
    expect(page.header("location")).toBe(`/m/login?redirectUrl=${encodeURIComponent("/m/launchGame?vendor=TCG")}`);
  });

  it("a member following a trial link launches for real", async () => {
    const { cookie } = await memberSession();
    const page = await getPage("demo.localhost", TRIAL, { Cookie: cookie });
    expect(page.status).toBe(302);
    expect(page.header("location")).toBe("/m/launchGame?vendor=TCG");
  });

  it("without JavaScript: a trial launch slower than 10 s renders the timeout warning with a Retry link", async () => {
    // The platform answers at 15 s: the page gives up at 10 s, well before (a margin for a busy test machine).
    const fault = await postJson("/__sandbox/faults", { merchant: "demo", latencyMs: 15_000, latencyPaths: ["/wps/relay/GCS_"] });
    expect(fault.status).toBe(200);
    const page = await getPage("demo.localhost", withNoJs(TRIAL));
    expect(page.status).toBe(200);
    expect(page.elapsedMs).toBeGreaterThanOrEqual(10_000);
    expect(page.elapsedMs).toBeLessThan(14_000);
    expect(bodyText(page.body)).toContain("The game is taking too long to start. Please try again.");
    const retry = /<a class="button button--primary button--block" href="([^"]+)">Retry<\/a>/.exec(page.body)?.[1];
    const retryUrl = new URL(decodeEntities(retry ?? ""), originFor("demo.localhost"));
    expect([retryUrl.pathname, retryUrl.searchParams.get("vendor"), retryUrl.searchParams.get("nojs")]).toEqual(["/m/tryGame", "PGS", "1"]);
  });
});
