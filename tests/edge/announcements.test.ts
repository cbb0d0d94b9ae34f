// The announcement popup at the edge (docs/behaviour/announcements.md): the server-rendered popup per audience, the
// sanitised content, and the dismissal form's cookie, origin check and redirect.
import { afterAll, describe, expect, it } from "vitest";
import { getPage, hostFor, originFor, postJson, request, resetFaults } from "../support/http";

const HOST = "demo.localhost";

async function logIn(username: string): Promise<string> {
  const reply = await request({
    host: hostFor(HOST),
    path: "/m/login?mode=username",
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: originFor(HOST) },
    body: new URLSearchParams({ intent: "login", mode: "username", username, password: "demo1234" }).toString(),
  });
  expect(reply.status).toBe(302);
  return reply.cookies.map((line) => line.split(";")[0]).join("; ");
}

/** The server-rendered popup (inside <noscript>), or null. */
function popupOf(html: string): string | null {
  return /<noscript><section[^>]*class="popup popup--static"[\s\S]*?<\/section><\/noscript>/.exec(html)?.[0] ?? null;
}

function hashesOf(html: string): string {
  return /name="hashes" value="([0-9a-f,]+)"/.exec(html)?.[1] ?? "";
}

function dismiss(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return request({
    host: hostFor(HOST),
    path: "/m/announcements/dismiss",
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: originFor(HOST), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

afterAll(async () => {
  await resetFaults("demo");
});

describe("announcement popup at the edge", () => {
  it("renders the visitor's B announcements, sanitised: no script, no handlers, no javascript: links, no foreign images", async () => {
    const page = await getPage(HOST, "/m/home");
    expect(page.status).toBe(200);
    const popup = popupOf(page.body);
    expect(popup).not.toBeNull();
    expect(popup).toContain("Welcome to Demo Play");
    expect(popup).toContain("Daily draw rules");
    expect(popup).toContain("Security notice");
    expect(popup).not.toMatch(/<script|<iframe|<form[^>]*evil|<input[^>]*password|<style/i);
    // Inside tags: the hostile title is shown as text ("&lt;img … onerror=…"), which runs nothing.
    expect(popup).not.toMatch(/<[^>]*\son[a-z]+=/i);
    expect(popup).not.toMatch(/javascript:/i);
    expect(popup).not.toMatch(/evil\.example/);
    expect(popup).not.toMatch(/style="/);
    expect(popup).toContain('href="https://help.example.com/security" target="_blank" rel="noopener noreferrer"');
    // Member items are not for visitors.
    expect(popup).not.toContain("Deposit bonus this week");
  });

  it("renders A for a member, A and F on a first-time login", async () => {
    // A seed member's first login after a reset is a first-time one: the second is not.
    await logIn("demo01");
    const member = popupOf((await getPage(HOST, "/m/home", { Cookie: await logIn("demo01") })).body) ?? "";
    expect(member).toContain("Deposit bonus this week");
    expect(member).toContain('href="/m/rewardCenter"');
    expect(member).not.toContain("Your first login");
    expect(member).not.toContain("Daily draw rules");
    const fresh = popupOf((await getPage(HOST, "/m/index", { Cookie: await logIn("fresh01") })).body) ?? "";
    expect(fresh).toContain("Deposit bonus this week");
    expect(fresh).toContain("Your first login");
  });

  it("the page also carries the scripted popup: a dialog due 1500 ms (visitor) or 500 ms (member) after its HTML began to be read (a mark in <head> before the stylesheet), its timer under the page's nonce, its dismissal form", async () => {
    const visitor = await getPage(HOST, "/m/home");
    const dialog = /<dialog [^>]*data-appear-at="(\d+)"[^>]*>/.exec(visitor.body);
    expect(dialog?.[1]).toBe("1500");
    expect(dialog?.[0]).toContain('class="dialog popup"');
    const nonce = /'nonce-([^']+)'/.exec(visitor.header("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(visitor.body).toContain(`<script nonce="${nonce}">(function(d){var r=window.__mcPageRead,`);
    // The timer counts from a mark the browser reads before the stylesheet, which an inline script after it waits for.
    const mark = visitor.body.indexOf(`<script nonce="${nonce}">window.__mcPageRead=performance.now();</script>`);
    expect(mark).toBeGreaterThan(visitor.body.indexOf("<head>"));
    expect(mark).toBeLessThan(visitor.body.indexOf('<link rel="stylesheet"'));
    // Its buttons post the dismissal form until the scripts take over.
    expect(visitor.body).toMatch(/<form id="announcement-dismiss" method="post" action="\/m\/announcements\/dismiss" hidden="">/);
    const member = await getPage(HOST, "/m/home", { Cookie: await logIn("demo01") });
    expect(/<dialog [^>]*data-appear-at="(\d+)"/.exec(member.body)?.[1]).toBe("500");
    expect(popupOf((await getPage(HOST, "/m/login")).body)).toBeNull();
    expect((await getPage(HOST, "/m/login")).body).not.toContain("data-appear-at");
  });

  it("is shown on the home paths only", async () => {
    expect(popupOf((await getPage(HOST, "/m/index.html")).body)).not.toBeNull();
    expect(popupOf((await getPage(HOST, "/m/login")).body)).toBeNull();
  });

  it("the dismissal form sets the cookie, and the page leaves the popup out for that content", async () => {
    const hashes = hashesOf((await getPage(HOST, "/m/home")).body);
    expect(hashes).not.toBe("");
    const reply = await dismiss({ hashes, choice: "never", back: "/m/index?language=EN" });
    expect(reply.status).toBe(303);
    expect(reply.header("location")).toBe("/m/index?language=EN");
    const cookie = reply.cookies.find((line) => line.startsWith("shell_pu="));
    expect(cookie).toMatch(/Max-Age=\d+/);
    expect(cookie).toMatch(/HttpOnly/);
    const again = await getPage(HOST, "/m/home", { Cookie: cookie!.split(";")[0]! });
    expect(popupOf(again.body)).toBeNull();
    expect(again.body).not.toContain("data-appear-at");
    // A plain close lasts for the browser session: a cookie without Max-Age.
    const close = await dismiss({ hashes });
    expect(close.cookies.find((line) => line.startsWith("shell_pu_s="))).not.toMatch(/Max-Age/);
  });

  it("shows again once the content changes", async () => {
    const cookies = await logIn("demo01");
    const hashes = hashesOf((await getPage(HOST, "/m/home", { Cookie: cookies })).body);
    const reply = await dismiss({ hashes, choice: "never" }, { Cookie: cookies });
    const dismissed = `${cookies}; ${reply.cookies.find((line) => line.startsWith("shell_pu="))!.split(";")[0]}`;
    expect(popupOf((await getPage(HOST, "/m/home", { Cookie: dismissed })).body)).toBeNull();
    const changed = await postJson("/__sandbox/announcements", { merchant: "demo", id: "demo-pu-maintenance", title: "Maintenance moved" });
    expect(changed.status).toBe(200);
    expect(popupOf((await getPage(HOST, "/m/home", { Cookie: dismissed })).body)).toContain("Maintenance moved");
    await resetFaults("demo");
    expect(popupOf((await getPage(HOST, "/m/home", { Cookie: dismissed })).body)).toBeNull();
  });

  it("refuses a cross-origin dismissal with 403", async () => {
    const reply = await dismiss({ hashes: "0123456789abcdef" }, { Origin: "https://evil.example" });
    expect(reply.status).toBe(403);
    expect(reply.cookies.some((line) => line.startsWith("shell_pu"))).toBe(false);
  });

  it.each(["https://evil.example/", "//evil.example/m/home", "/\\evil.example", "/m/login", "javascript:alert(1)"])(
    "redirects only to a home path: %s goes to /m/home",
    async (back) => {
      const reply = await dismiss({ hashes: "0123456789abcdef", back });
      expect(reply.status).toBe(303);
      expect(reply.header("location")).toBe("/m/home");
    },
  );

  it("refuses a form that is not one (400), without a cookie", async () => {
    const reply = await dismiss({ hashes: "<script>" });
    expect(reply.status).toBe(400);
    expect(reply.cookies).toEqual([]);
  });
});
