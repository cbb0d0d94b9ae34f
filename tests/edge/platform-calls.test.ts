// Platform round trips per page (docs/behaviour/platform-data.md): the development server says how many an answer took
// (X-Platform-Calls). A change in the sandbox through /__sandbox starts a new cache generation, so each test starts
// from a cold cache; the second load of a page is the warm one.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getPage, resetFaults, setFaults, type RawReply } from "../support/http";
import { memberSession } from "../support/member";

const CALLS_HEADER = "x-platform-calls";

function calls(reply: RawReply): number {
  const value = reply.header(CALLS_HEADER);
  if (value === undefined) throw new Error(`no ${CALLS_HEADER} header: is PLATFORM_CALLS_HEADER on in the server's vars?`);
  return Number(value);
}

/** The calls of a cold and then a warm load of the same page. */
async function coldThenWarm(host: string, path: string, headers: Record<string, string> = {}) {
  const cold = await getPage(host, path, headers);
  const warm = await getPage(host, path, headers);
  return { cold, warm, counts: [calls(cold), calls(warm)] };
}

beforeEach(() => resetFaults());
afterAll(() => resetFaults());

describe("a visitor", () => {
  it("/m/home: status, settings, config, download links, visitor promotions, banners, marquee, game vendors, popup announcements and the promotion list cold; nothing warm", async () => {
    const { warm, counts } = await coldThenWarm("demo.localhost", "/m/home");
    expect(warm.status).toBe(200);
    expect(counts).toEqual([10, 0]);
  });

  it("/m/login: the settings the shell and the page both read are asked for once", async () => {
    const { warm, counts } = await coldThenWarm("shop.localhost", "/m/login");
    expect(warm.status).toBe(200);
    expect(counts).toEqual([5, 0]);
  });

  it("/m/login where the dialling codes show (vn88: UPDATEMOBILEICC3; demo: SMS codes by Firebase) also reads the country list, shared too", async () => {
    for (const host of ["vn.localhost", "demo.localhost"]) {
      const { warm, counts } = await coldThenWarm(host, "/m/login");
      expect(warm.status).toBe(200);
      expect(counts, host).toEqual([6, 0]);
    }
  });
});

describe("a member", () => {
  it("/m/home: the member's info, own promotions, own marquee, popup announcements and own promotion list and chat unread count on every load, never from the shared cache", async () => {
    const { cookie } = await memberSession();
    const { warm, counts } = await coldThenWarm("demo.localhost", "/m/home", { Cookie: cookie });
    expect(warm.status).toBe(200);
    expect(counts).toEqual([12, 6]);
  });

  it("/m/login sends the member on, after the same calls as any page", async () => {
    const { cookie } = await memberSession();
    const { warm, counts } = await coldThenWarm("demo.localhost", "/m/login", { Cookie: cookie });
    expect(warm.status).toBe(302);
    expect(counts).toEqual([7, 3]);
  });

  it("what one member loaded is not shared with another member", async () => {
    const first = await memberSession("demo01");
    const second = await memberSession("restricted01");
    expect(calls(await getPage("demo.localhost", "/m/home", { Cookie: first.cookie }))).toBe(12);
    expect(calls(await getPage("demo.localhost", "/m/home", { Cookie: second.cookie }))).toBe(6);
  });
});

describe("the shared cache", () => {
  it("keeps merchants and languages apart", async () => {
    expect(calls(await getPage("demo.localhost", "/m/home"))).toBe(10);
    expect(calls(await getPage("br.localhost", "/m/home"))).toBe(10);
    expect(calls(await getPage("demo.localhost", "/m/home?language=VI"))).toBe(10);
    expect(calls(await getPage("demo.localhost", "/m/home"))).toBe(0);
  });

  it("keeps the site status per visitor address", async () => {
    expect(calls(await getPage("demo.localhost", "/m/home", { "CF-Connecting-IP": "203.0.113.7" }))).toBe(10);
    expect(calls(await getPage("demo.localhost", "/m/home", { "CF-Connecting-IP": "203.0.113.8" }))).toBe(1);
  });

  it("does not keep failed answers: the next page asks again", async () => {
    await setFaults({ merchant: "demo", malformedJson: true });
    expect(calls(await getPage("demo.localhost", "/m/home"))).toBe(10);
    expect(calls(await getPage("demo.localhost", "/m/home"))).toBe(10);
  });

  it("shows maintenance switched on in the sandbox at once, over a warm cache", async () => {
    expect((await getPage("demo.localhost", "/m/home")).status).toBe(200);
    await setFaults({ merchant: "demo", maintenance: {} });
    expect((await getPage("demo.localhost", "/m/home")).status).toBe(503);
  });
});
