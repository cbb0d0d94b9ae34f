// The edge's launch call (app/game/game.server.ts) against a fake platform: query, token, 10 s timeout,
// and how each answer becomes an outcome the launch page shows.
import { fakePlatform, type PlatformHandler } from "../../support/fake-platform";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PlatformClient } from "../../../app/.server/platform/client";
import { launchForMember, launchGame } from "../../../app/game/game.server";
import { parseLaunchQuery } from "../../../app/game/launch-params";

type Handler = PlatformHandler;

function clientWith(handler: Handler) {
  const { merchant, env, seen } = fakePlatform(handler);
  const request = new Request("http://demo.localhost:8787/m/launchGame");
  return { client: PlatformClient.create({ merchant, env, request, language: "EN", token: "tok-1" }), seen };
}

const GAME_URL = "http://demo.localhost:8787/wps/sandbox-pages/game?vendor=LOTT";
const CONTEXT = { language: "EN", title: "Demo Play", backUrl: "http://demo.localhost:8787/m/home" };

function query(search: string) {
  const parsed = parseLaunchQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(search);
  return parsed.query;
}

afterEach(() => vi.useRealTimers());

describe("launchGame", () => {
  it("sends the parameters as the query of an authorised GET and returns the gameUrl", async () => {
    const { client, seen } = clientWith(() => Response.json({ success: true, value: { gameUrl: GAME_URL } }));
    expect(await launchGame(client, { vendor: "TCG_SEA", gameCode: "A1" })).toEqual({ kind: "launched", gameUrl: GAME_URL });
    const request = seen[0]!;
    expect(request.method).toBe("GET");
    const url = new URL(request.url);
    expect(url.pathname).toBe("/wps/game/launchGame");
    expect(Object.fromEntries(url.searchParams)).toEqual({ vendor: "TCG_SEA", gameCode: "A1" });
    expect(request.headers.get("Authorization")).toBe("tok-1");
  });

  it("refuses a gameUrl that is not absolute http(s)", async () => {
    for (const gameUrl of ["javascript:alert(document.cookie)", "data:text/html,<script>1</script>", "/relative/game"]) {
      const { client } = clientWith(() => Response.json({ success: true, value: { gameUrl } }));
      expect(await launchGame(client, {}), gameUrl).toMatchObject({ kind: "failed", message: null });
    }
  });

  it("gives up after 10 s with the timeout outcome", async () => {
    vi.useFakeTimers();
    const { client } = clientWith(
      (request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        ),
    );
    const pending = launchGame(client, {});
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ kind: "timeout" });
  });

  it("treats an ECONNABORTED error code as a timeout", async () => {
    const { client } = clientWith(() =>
      Response.json({ success: false, errorCode: "ECONNABORTED", message: "timeout of 10000ms exceeded" }),
    );
    expect(await launchGame(client, {})).toEqual({ kind: "timeout" });
  });

  it("passes the platform's message on", async () => {
    const { client } = clientWith(() =>
      Response.json({ success: false, errorCode: "game.vendor.unknown", message: 'Unknown game vendor "ACME"' }),
    );
    expect(await launchGame(client, {})).toEqual({
      kind: "failed",
      message: 'Unknown game vendor "ACME"',
      errorCode: "game.vendor.unknown",
    });
  });

  it("says not-logged-in on a 401", async () => {
    const { client } = clientWith(() =>
      Response.json({ success: false, errorCode: "customer.not.login", message: "Please log in" }, { status: 401 }),
    );
    expect(await launchGame(client, {})).toEqual({ kind: "not-logged-in" });
  });

  it("fails without a message on a gateway error page", async () => {
    const { client } = clientWith(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(await launchGame(client, {})).toMatchObject({ kind: "failed", message: null });
  });
});

describe("launchForMember", () => {
  const memberInfo = { success: true, value: { id: 1, userName: "demo01", type: 0, language: "EN", clubLabel: { labelName: "Gold" } } };

  it("looks up the club label for the Vietnam lottery and sends it", async () => {
    const { client, seen } = clientWith((request) =>
      new URL(request.url).pathname === "/wps/member/info"
        ? Response.json(memberInfo)
        : Response.json({ success: true, value: { gameUrl: GAME_URL } }),
    );
    expect(await launchForMember(client, query("prize_mode=Lott&code=VNL45"), CONTEXT)).toEqual({ kind: "launched", gameUrl: GAME_URL });
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual(["/wps/member/info", "/wps/game/launchGame"]);
    expect(new URL(seen[1]!.url).searchParams.get("labelName")).toBe("Gold");
    expect(new URL(seen[1]!.url).searchParams.get("title")).toBe("Demo Play");
  });

  it("launches with an empty label when member info fails, and stops when the token is gone", async () => {
    const broken = clientWith((request) =>
      new URL(request.url).pathname === "/wps/member/info"
        ? new Response("oops", { status: 500 })
        : Response.json({ success: true, value: { gameUrl: GAME_URL } }),
    );
    expect(await launchForMember(broken.client, query("code=A"), CONTEXT)).toMatchObject({ kind: "launched" });
    expect(new URL(broken.seen[1]!.url).searchParams.get("labelName")).toBe("");

    const expired = clientWith(() => Response.json({ success: false, errorCode: "customer.not.login" }, { status: 401 }));
    expect(await launchForMember(expired.client, query("code=A"), CONTEXT)).toEqual({ kind: "not-logged-in" });
    expect(expired.seen).toHaveLength(1);
  });

  it("skips the label lookup for variants that do not send it", async () => {
    const { client, seen } = clientWith(() => Response.json({ success: true, value: { gameUrl: GAME_URL } }));
    await launchForMember(client, query("vendor=TCG_SEA&code=S1"), CONTEXT);
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual(["/wps/game/launchGame"]);
  });
});
