// The Worker's request log lines (docs/behaviour/operations.md#request-log, #redaction, #log-levels).
import { afterEach, describe, expect, it, vi } from "vitest";
import { describeError, loggablePath, logEvent, redact, RequestLog } from "../../app/.server/logging/request-log.server";
import { CSP_LOG_LIMITS, CspLogBudget, logCspReport } from "../../app/.server/security/csp-report";
import { PlatformClient } from "../../app/.server/platform/client";
import { proxyToPlatform } from "../../app/.server/platform/proxy";
import { AppSession } from "../../app/.server/session";
import { z } from "zod";
import { fakePlatform } from "../support/fake-platform";

type Captured = { level: string; line: Record<string, unknown>; raw: string };

function capture(): Captured[] {
  const lines: Captured[] = [];
  for (const [method, level] of [
    ["info", "info"],
    ["warn", "warn"],
    ["error", "error"],
  ] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      const raw = String(args[0]);
      lines.push({ level, raw, line: JSON.parse(raw) as Record<string, unknown> });
    });
  }
  return lines;
}

afterEach(() => vi.restoreAllMocks());

const SECRETS = [
  "tok-SECRET-123",
  "hunter2pass",
  "sess=COOKIEVALUE",
  "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
  "opaqueBearer99",
];

describe("redaction", () => {
  it("keeps no token, password, cookie or query string out of a hostile request and error", () => {
    const lines = capture();
    const request = new Request(
      `https://demo.example.com/m/login/token=tok-SECRET-123?token=tok-SECRET-123&password=hunter2pass&next=%2Fm%2Fhome`,
      {
        method: "POST",
        headers: { Cookie: "sess=COOKIEVALUE; mc_session=abc", Authorization: "Bearer opaqueBearer99" },
      },
    );
    const log = new RequestLog(request, 1_000, "11111111-2222-4333-8444-555555555555");
    log.setMerchant("demo");
    log.setKind("action");
    log.notePlatformErrorCode("login.password.wrong");
    log.notePlatformFailure(
      "unreachable",
      "/wps/session/login?token=tok-SECRET-123",
      new Error(
        "fetch failed for https://p.example/x?token=tok-SECRET-123 with Authorization: Bearer opaqueBearer99, password=hunter2pass, " +
          "Cookie: sess=COOKIEVALUE, jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
      ),
    );
    logEvent("warn", "anything", { detail: '{"password":"hunter2pass","token":"tok-SECRET-123"}', list: ["session=sess=COOKIEVALUE"] });
    log.finish(200, 1_250);

    const all = lines.map((l) => l.raw).join("\n");
    for (const secret of SECRETS) expect(all).not.toContain(secret);
    expect(all).not.toContain("next=");
    const request_ = lines.find((l) => l.line.event === "request")!;
    expect(request_.line).toMatchObject({ path: "/m/login/token=[redacted]", method: "POST", durationMs: 250 });
    expect(request_.line).not.toHaveProperty("cookie");
  });

  it("redacts free text and paths", () => {
    expect(redact("GET /m/home?token=abc&x=1 done")).toBe("GET /m/home?[redacted] done");
    expect(redact("Authorization: Bearer abc.def")).toBe("Authorization: [redacted] [redacted]");
    expect(redact('{"password":"p4ss"}')).toBe('{"password":"[redacted]"}');
    expect(loggablePath("https://a.example/m/game?token=t#frag")).toBe("/m/game");
    expect(describeError(new TypeError("bad token=xyz"))).toBe("TypeError: bad token=[redacted]");
    expect(redact("x".repeat(1000))).toHaveLength(300);
  });
});

describe("the request line", () => {
  it("has the request id, merchant, kind, method, path, status, duration, calls, cache hits and the platform's error code", () => {
    const lines = capture();
    const log = new RequestLog(new Request("https://vn.example/m/login"), 5_000, "id-1");
    log.setMerchant("vn88");
    log.setKind("action");
    log.countPlatformCallsWith(() => ({ roundTrips: 3, cacheHits: 2, memoHits: 1 }));
    log.notePlatformErrorCode("login.password.wrong");
    log.finish(200, 5_042);
    log.finish(500, 6_000); // written once
    expect(lines).toHaveLength(1);
    // A wrong password is an expected player error: an info line, not a warning.
    expect(lines[0]).toMatchObject({
      level: "info",
      line: {
        level: "info",
        event: "request",
        requestId: "id-1",
        merchant: "vn88",
        kind: "action",
        method: "GET",
        path: "/m/login",
        status: 200,
        durationMs: 42,
        platformCalls: 3,
        cacheHits: 2,
        memoHits: 1,
        platformErrorCode: "login.password.wrong",
        platformTimeouts: 0,
      },
    });
  });

  it("warns, naming the merchant, on a platform timeout; an unexplained 5xx is an error", () => {
    const lines = capture();
    const log = new RequestLog(new Request("https://demo.example/m/home"), 0, "id-2");
    log.setMerchant("demo");
    log.setKind("page");
    log.notePlatformFailure("timeout", "/wps/system/setting");
    log.finish(200, 10);
    expect(lines.map((l) => [l.level, l.line.event, l.line.merchant])).toEqual([
      ["warn", "platform-timeout", "demo"],
      ["warn", "request", "demo"],
    ]);
    expect(lines[1]!.line).toMatchObject({ platformErrorCode: "platform.timeout", platformTimeouts: 1 });

    const failing = new RequestLog(new Request("https://demo.example/m/home"), 0, "id-3");
    failing.finish(500, 1);
    expect(lines[2]).toMatchObject({ level: "error", line: { status: 500 } });
  });
});

describe("CSP violation reports", () => {
  it("are warnings naming the merchant, with what was blocked but no query string", async () => {
    const lines = capture();
    const body = JSON.stringify({
      "csp-report": {
        "document-uri": "https://demo.example/m/home?token=tok-SECRET-123",
        "blocked-uri": "https://evil.example/x.js?password=hunter2pass",
        "effective-directive": "script-src-elem",
      },
    });
    const reply = await logCspReport(new Request("https://demo.example/__csp", { method: "POST", body }), "demo", "id-4");
    expect(reply.status).toBe(204);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "warn",
      line: {
        event: "csp-violation",
        requestId: "id-4",
        merchant: "demo",
        directive: "script-src-elem",
        blocked: "https://evil.example/x.js",
        page: "/m/home",
      },
    });
  });
});

describe("CSP report log lines are bounded", () => {
  /** A Reporting API batch of `count` violations, each blocking another script. */
  const batch = (count: number, blocked = (i: number) => `https://evil.example/${i}.js`) =>
    JSON.stringify(
      Array.from({ length: count }, (_, i) => ({
        type: "csp-violation",
        body: { documentURL: "https://demo.example/m/home", blockedURL: blocked(i), effectiveDirective: "script-src-elem" },
      })),
    );
  const report = (body: string, client = "198.51.100.7") =>
    new Request("https://demo.example/m/csp-report", { method: "POST", body, headers: { "CF-Connecting-IP": client } });

  it("one report writes each distinct violation once, and at most five lines", async () => {
    const lines = capture();
    await logCspReport(report(batch(20)), "demo", "id-a", new CspLogBudget());
    expect(lines).toHaveLength(CSP_LOG_LIMITS.perReport);
    expect(CSP_LOG_LIMITS.perReport).toBe(5);
    lines.length = 0;
    await logCspReport(report(batch(20, () => "https://evil.example/same.js")), "demo", "id-b", new CspLogBudget());
    expect(lines).toHaveLength(1);
  });

  it("200 reports of 20 violations from one client write at most ten lines a minute; the next minute ten more", async () => {
    const lines = capture();
    const budget = new CspLogBudget();
    for (let i = 0; i < 200; i++) await logCspReport(report(batch(20)), "demo", `id-${i}`, budget, 1_000 + i);
    expect(lines).toHaveLength(10);
    await logCspReport(report(batch(20)), "demo", "id-next", budget, 1_000 + 60_000);
    expect(lines).toHaveLength(15);
  });

  it("many clients together write at most the isolate's 200 lines a minute, and the clients remembered stay bounded", async () => {
    const lines = capture();
    const budget = new CspLogBudget();
    for (let i = 0; i < 3_000; i++) await logCspReport(report(batch(20), `10.0.${i >> 8}.${i & 255}`), "demo", `id-${i}`, budget, 1_000);
    expect(lines).toHaveLength(CSP_LOG_LIMITS.perIsolate);
    expect(budget.size).toBeLessThanOrEqual(CSP_LOG_LIMITS.clients);
  });

  it("a report over 16 KiB is not read and writes nothing", async () => {
    const lines = capture();
    const padded = batch(1).replace('"type"', `"padding":"${"x".repeat(16_384)}","type"`);
    expect((await logCspReport(report(padded), "demo", "id-big", new CspLogBudget())).status).toBe(204);
    expect(lines).toHaveLength(0);
  });
});

describe("the request id on platform calls", () => {
  it("goes with every call of the request and every proxied call, never the client's own; an error code is noted", async () => {
    const lines = capture();
    const { merchant, env, seen } = fakePlatform(() =>
      Response.json({ success: false, errorCode: "login.password.wrong" }, { status: 200 }),
    );
    const visitor = new Request("http://demo.localhost/wps/member/info", { headers: { "X-Request-Id": "chosen-by-client" } });
    const log = new RequestLog(visitor, 0, "edge-made-id");
    log.setMerchant("demo");
    const client = PlatformClient.create({ merchant, env, request: visitor, language: "EN", token: "tok-SECRET-123", log });
    await client.call("/wps/session/login", z.unknown());
    await client.withToken("other").call("/wps/member/info", z.unknown());
    const session = await AppSession.read(visitor, "x".repeat(32), "demo");
    await proxyToPlatform(visitor, client, session, { log });
    expect(seen.map((r) => r.headers.get("X-Request-Id"))).toEqual(["edge-made-id", "edge-made-id", "edge-made-id"]);
    log.finish(200, 1);
    expect(lines.at(-1)!.line).toMatchObject({ level: "info", platformErrorCode: "login.password.wrong" });
  });
});
