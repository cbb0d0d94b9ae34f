// The footer's chat item and the unread badge, server side (docs/behaviour/support.md#chat-link, #unread-badge).
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getPage, hostFor, postJson, request, resetFaults, setUnread } from "../support/http";
import { memberSession } from "../support/member";

beforeEach(() => resetFaults("demo"));
afterAll(() => resetFaults());

function footerNav(html: string): string {
  return /<nav class="footer-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
}

function badge(html: string): string | null {
  return /class="footer-nav__badge"[^>]*>([^<]*)</.exec(footerNav(html))?.[1] ?? null;
}

describe("/m/chat", () => {
  it("sends a visitor to log in, and back to the chat afterwards", async () => {
    const reply = await getPage("demo.localhost", "/m/chat?from=%2Fm%2Fhome");
    expect(reply.status).toBe(302);
    const location = new URL(reply.header("location")!, "http://x.invalid");
    expect(location.pathname).toBe("/m/login");
    expect(location.searchParams.get("redirectUrl")).toBe("/m/chat?from=%2Fm%2Fhome");
  });

  it("a member goes to CBS_launchChat's address, with the page to come back to", async () => {
    const { cookie } = await memberSession("demo01");
    const reply = await getPage("demo.localhost", "/m/chat?from=%2Fm%2Fhome", { Cookie: cookie });
    expect(reply.status).toBe(302);
    const chat = new URL(reply.header("location")!);
    expect(chat.host).toBe(hostFor("demo.localhost"));
    expect(chat.pathname).toBe("/wps/sandbox-pages/chat");
    expect(Object.fromEntries(chat.searchParams)).toMatchObject({
      type: "CBS",
      member: "demo01",
      language: "EN",
      title: "Demo Play",
      backUrl: `http://${hostFor("demo.localhost")}/m/home`,
    });
    const page = await request({ host: chat.host, path: chat.pathname + chat.search });
    expect(page.status).toBe(200);
    expect(page.body).toContain("data-member>demo01<");
  });

  it("asks for the chat in CN when the page is in traditional Chinese", async () => {
    const { cookie } = await memberSession("demo01");
    const reply = await getPage("demo.localhost", "/m/chat?from=%2Fm%2Fhome&language=TW", { Cookie: cookie });
    expect(new URL(reply.header("location")!).searchParams.get("language")).toBe("CN");
  });

  it("sends a member of type 4 back to the page with the notice flag", async () => {
    const { cookie } = await memberSession("restricted01");
    const reply = await getPage("demo.localhost", "/m/chat?from=%2Fm%2Fhome%3Fx%3D1", { Cookie: cookie });
    expect(reply.status).toBe(302);
    expect(reply.header("location")).toBe("/m/home?x=1&chat=denied");
    const page = await getPage("demo.localhost", "/m/home?x=1&chat=denied", { Cookie: cookie });
    expect(footerNav(page.body)).toContain("You do not have permission to use the chat.");
  });

  it("never goes back to another site", async () => {
    const { cookie } = await memberSession("restricted01");
    const reply = await getPage("demo.localhost", "/m/chat?from=%2F%2Fevil.example%2F", { Cookie: cookie });
    expect(reply.header("location")).toBe("/m/home?chat=denied");
  });

  it("a merchant without CBS3: no chat item, and the route goes straight back", async () => {
    const page = await getPage("vn.localhost", "/m/home");
    expect(footerNav(page.body)).not.toContain("/m/chat");
    expect(footerNav(page.body)).toContain('href="/m/activity"');
    const reply = await getPage("vn.localhost", "/m/chat?from=%2Fm%2Fhome");
    expect(reply.header("location")).toBe("/m/home");
  });
});

describe("the unread badge", () => {
  it("is rendered by the server from CBS_unreadCount, follows the sandbox and is hidden at 0", async () => {
    const { cookie } = await memberSession("demo01");
    expect(badge((await getPage("demo.localhost", "/m/home", { Cookie: cookie })).body)).toBe("3");
    await setUnread("demo", "demo01", 0);
    expect(badge((await getPage("demo.localhost", "/m/home", { Cookie: cookie })).body)).toBeNull();
    await setUnread("demo", "demo01", 150);
    expect(badge((await getPage("demo.localhost", "/m/home", { Cookie: cookie })).body)).toBe("99+");
    const json = await getPage("demo.localhost", "/m/chat-unread", { Cookie: cookie });
    expect(json.header("cache-control")).toBe("no-store");
    expect(json.json()).toEqual({ count: 150 });
    await resetFaults("demo");
    expect(json.json()).toEqual({ count: 150 });
    expect((await getPage("demo.localhost", "/m/chat-unread", { Cookie: cookie })).json()).toEqual({ count: 3 });
  });

  it("a visitor: no badge, and the refresh route answers null", async () => {
    expect(badge((await getPage("demo.localhost", "/m/home")).body)).toBeNull();
    expect((await getPage("demo.localhost", "/m/chat-unread")).json()).toEqual({ count: null });
  });

  it("the control endpoint refuses unknown members and bad counts", async () => {
    expect((await postJson("/__sandbox/unread", { merchant: "demo", username: "nobody", count: 1 })).json()).toMatchObject({
      success: false,
      errorCode: "not.exists.user",
    });
    expect((await postJson("/__sandbox/unread", { merchant: "demo", username: "demo01", count: -1 })).status).toBe(400);
  });
});
