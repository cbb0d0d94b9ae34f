// The Worker's log lines as an operator reads them (docs/behaviour/operations.md#request-log, #log-levels, #redaction):
// each test finds its own request's lines by the X-Request-Id the answer carries, in the server's log file, which
// scripts/test.sh names in EDGE_SERVER_LOG (scripts/test-server.mjs prints the Worker's console lines, one a line).
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { getPage, hostFor, originFor, request, resetFaults, setFaults, type RawReply } from "../support/http";
import { memberSession } from "../support/member";
import { testTimings } from "../support/timings";

const LOG_FILE = process.env.EDGE_SERVER_LOG;

type Line = Record<string, unknown> & { level: string; event: string; requestId?: string };

/** The JSON lines the Worker wrote (`wrangler dev`, when a developer runs these tests on it, adds a prefix and colours). */
function workerLines(): { line: Line; raw: string }[] {
  // wrangler's colour codes (ESC [ … m) around warnings.
  const text = readFileSync(LOG_FILE!, "utf8").replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");
  const found: { line: Line; raw: string }[] = [];
  for (const raw of text.split("\n")) {
    const start = raw.indexOf('{"level":');
    if (start < 0) continue;
    try {
      found.push({ line: JSON.parse(raw.slice(start, raw.lastIndexOf("}") + 1)) as Line, raw: raw.slice(start) });
    } catch {
      // Not one of ours.
    }
  }
  return found;
}

/** This request's lines, once its request line is in the file (wrangler writes it a moment after the answer). */
async function linesOf(reply: RawReply): Promise<{ lines: Line[]; text: string }> {
  const id = reply.header("x-request-id");
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  for (let attempt = 0; attempt < 100; attempt++) {
    const mine = workerLines().filter(({ line }) => line.requestId === id);
    if (mine.some(({ line }) => line.event === "request"))
      return { lines: mine.map((m) => m.line), text: mine.map((m) => m.raw).join("\n") };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no request line for ${id} in ${LOG_FILE}`);
}

function requestLine(lines: Line[]): Line {
  return lines.find((line) => line.event === "request")!;
}

afterEach(() => resetFaults());

describe.skipIf(!LOG_FILE)("request log lines (EDGE_SERVER_LOG)", () => {
  it("a login: an action line with the merchant, status, duration and platform calls, and no password, token or cookie", async () => {
    const password = "demo1234";
    const reply = await request({
      host: hostFor("demo.localhost"),
      path: "/m/login?redirectUrl=%2Fm%2Fhome",
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "language=EN; other=cookie-value-77" },
      body: new URLSearchParams({ username: "demo01", password }).toString(),
    });
    expect([302, 303]).toContain(reply.status);
    const { lines, text } = await linesOf(reply);
    expect(requestLine(lines)).toMatchObject({
      level: "info",
      merchant: "demo",
      kind: "action",
      method: "POST",
      path: "/m/login",
      status: reply.status,
      platformErrorCode: null,
      platformTimeouts: 0,
    });
    expect(requestLine(lines).durationMs).toEqual(expect.any(Number));
    expect(requestLine(lines).platformCalls).toBeGreaterThanOrEqual(1);
    expect(requestLine(lines).cacheHits).toEqual(expect.any(Number));
    const session = reply.cookies
      .find((c) => c.startsWith("mc_session="))!
      .split(";")[0]!
      .split("=")[1]!;
    for (const secret of [password, session, "cookie-value-77", "redirectUrl"]) expect(text).not.toContain(secret);
  });

  it("a wrong password is the player's error: the platform's code in an info line, no warning", async () => {
    const reply = await request({
      host: hostFor("demo.localhost"),
      path: "/m/login",
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "demo01", password: "Wrong-pass-31" }).toString(),
    });
    const { lines, text } = await linesOf(reply);
    expect(lines.map((line) => line.level)).toEqual(["info"]);
    expect(requestLine(lines)).toMatchObject({ kind: "action", merchant: "demo", platformErrorCode: expect.stringMatching(/\w/) });
    expect(text).not.toContain("Wrong-pass-31");
  });

  it("a proxied call: a proxy line with one platform call, and neither the member's token nor the cookie", async () => {
    const { token, cookie } = await memberSession("demo01");
    const reply = await request({
      host: hostFor("demo.localhost"),
      path: `/wps/member/info?token=${encodeURIComponent(token)}`,
      headers: { Cookie: cookie, Accept: "application/json" },
    });
    expect(reply.status).toBe(200);
    const { lines, text } = await linesOf(reply);
    expect(requestLine(lines)).toMatchObject({
      level: "info",
      merchant: "demo",
      kind: "proxy",
      method: "GET",
      path: "/wps/member/info",
      status: 200,
      platformCalls: 1,
      platformErrorCode: null,
    });
    expect(text).not.toContain(token);
    expect(text).not.toContain(cookie.split("=")[1]!);
  });

  it("a platform timeout: warnings naming the merchant, and the page's line at warning level with the timeout", async () => {
    const { callTimeoutMs } = testTimings();
    await setFaults({ merchant: "demo", latencyMs: callTimeoutMs + 2_000 });
    const page = await getPage("demo.localhost", "/m/home");
    expect(page.status).toBe(200);
    const { lines } = await linesOf(page);
    const timeouts = lines.filter((line) => line.event === "platform-timeout");
    expect(timeouts.length).toBeGreaterThanOrEqual(1);
    for (const line of timeouts)
      expect(line).toMatchObject({ level: "warn", merchant: "demo", platformPath: expect.stringMatching(/^\/wps\//) });
    expect(requestLine(lines)).toMatchObject({
      level: "warn",
      merchant: "demo",
      kind: "page",
      path: "/m/home",
      status: 200,
      platformErrorCode: "platform.timeout",
    });
    expect(requestLine(lines).platformTimeouts).toBe(timeouts.length);
  }, 30_000);

  it("an unknown host: an edge-error line with no merchant", async () => {
    const reply = await getPage("nobody.localhost", "/m/home?token=abc");
    expect(reply.status).toBe(404);
    const { lines } = await linesOf(reply);
    expect(requestLine(lines)).toMatchObject({ level: "info", merchant: null, kind: "edge-error", path: "/m/home", status: 404 });
  });

  it("50 CSP reports of 20 violations from one client write at most ten warning lines", async () => {
    const client = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const body = JSON.stringify(
      Array.from({ length: 20 }, (_, i) => ({
        type: "csp-violation",
        body: {
          documentURL: `${originFor("demo.localhost")}/m/home`,
          blockedURL: `https://evil.example/${i}.js`,
          effectiveDirective: "script-src-elem",
        },
      })),
    );
    const replies: RawReply[] = [];
    for (let i = 0; i < 50; i++) {
      replies.push(
        await request({
          path: "/m/csp-report",
          method: "POST",
          headers: { "Content-Type": "application/reports+json", "CF-Connecting-IP": client },
          body,
        }),
      );
    }
    expect(replies.every((reply) => reply.status === 204)).toBe(true);
    await linesOf(replies.at(-1)!);
    const ids = new Set(replies.map((reply) => reply.header("x-request-id")));
    const violations = workerLines().filter(({ line }) => line.event === "csp-violation" && ids.has(line.requestId));
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.length).toBeLessThanOrEqual(10);
  });

  it("a path with a line separator: a plain 404 with its request line, and no error or stack trace in the log", async () => {
    const path = `/m/x${Date.now()}%E2%80%A8`;
    const reply = await getPage("demo.localhost", path);
    expect(reply.status).toBe(404);
    const { lines } = await linesOf(reply);
    expect(lines.map((line) => line.level)).toEqual(["info"]);
    expect(requestLine(lines)).toMatchObject({ kind: "edge-error", status: 404 });
    // Remix's error ("✘ [ERROR] Error: No route matches URL …", then the stack) is the one line that would name the path.
    const naming = readFileSync(LOG_FILE!, "utf8")
      .split("\n")
      .filter((line) => line.includes(path));
    expect(naming.length).toBeGreaterThan(0);
    expect(naming.filter((line) => /\[ERROR\]|Error:/.test(line))).toEqual([]);
  });
});
