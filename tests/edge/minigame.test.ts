// The mini-game's script comes from the merchant's route config (docs/behaviour/support.md#minigame-script): an https
// script's origin joins the page's CSP, a merchant without a script shows members no box (MINIGAME3 or not), and the
// app itself ships no game (the dice toy is the sandbox's).
import { decode } from "turbo-stream";
import { afterAll, describe, expect, it } from "vitest";
import { getPage, postJson, resetFaults } from "../support/http";
import { memberSession } from "../support/member";

const scriptSrc = (csp: string | undefined) => (csp ?? "").split(";").find((d) => d.trim().startsWith("script-src")) ?? "";

/** The root loader's support data of a page, as the browser's router reads it (single fetch's turbo-stream). */
async function rootSupport(host: string, cookie: string): Promise<{ miniGame: unknown }> {
  const reply = await getPage(host, "/m/home.data?_routes=root", { Cookie: cookie });
  expect(reply.status).toBe(200);
  const decoded = await decode(new Response(reply.body).body!);
  await decoded.done;
  return (decoded.value as { root: { data: { support: { miniGame: unknown } } } }).root.data.support;
}

afterAll(() => resetFaults());

describe("the mini-game's script", () => {
  it("a merchant's https mini-game script: its origin is in the home page's script-src", async () => {
    const page = await getPage("shop.localhost", "/m/home");
    expect(page.status).toBe(200);
    expect(scriptSrc(page.header("content-security-policy")).split(/\s+/)).toContain("https://games.example.com");
  });

  it("a same-origin script (the demo's sandbox toy) adds no origin, and a member gets its address", async () => {
    const page = await getPage("demo.localhost", "/m/home");
    expect(scriptSrc(page.header("content-security-policy"))).not.toContain("games.example.com");
    const { cookie } = await memberSession("demo01");
    expect((await rootSupport("demo.localhost", cookie)).miniGame).toEqual({ scriptUrl: "/wps/sandbox-pages/mini-game/minigame.js" });
  });

  it("a merchant with MINIGAME3 on and no script configured: a member's page has no box", async () => {
    const flag = await postJson("/__sandbox/whitelabel", { merchant: "br777", flags: { MINIGAME3: true } });
    expect(flag.status).toBe(200);
    const { cookie } = await memberSession("demo01", "br.localhost", "br777");
    expect((await rootSupport("br.localhost", cookie)).miniGame).toBeNull();
  });

  it("the dice toy is the sandbox's: served under /wps/sandbox-pages/, no longer by the app", async () => {
    const toy = await getPage("demo.localhost", "/wps/sandbox-pages/mini-game/minigame.js");
    expect(toy.status).toBe(200);
    expect(toy.header("content-type")).toMatch(/javascript/);
    expect(toy.body).toContain("window.MiniGame = { version: 1, mount: mount }");
    expect((await getPage("demo.localhost", "/mini-game/minigame.js")).status).toBe(404);
  });
});
