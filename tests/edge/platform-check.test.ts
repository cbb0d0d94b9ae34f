// `npm run platform -- check` against the sandbox (docs/behaviour/operations.md#going-live): it calls the platform
// directly, as the Worker does (here the sandbox under /__sandbox/direct), never through the app's /wps proxy.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../scripts/platform/cli";
import type { Row } from "../../scripts/platform/run";
import { ADDRESS, PORT, resetFaults, resetSandboxData, setFaults, type MerchantCode } from "../support/http";

const ORIGIN = `http://${ADDRESS}:${PORT}/__sandbox/direct`;
const PASSWORD = "demo1234";

type Run = { code: number; out: string; err: string; tokens: string[] };

/** The check in-process, its output collected; `fetch` also notes every token a login answered with. */
async function check(args: string[], options: { pageDeadlineMs?: number } = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const tokens: string[] = [];
  const spying: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const text = await response.clone().text();
    for (const match of text.matchAll(/"token"\s*:\s*"([^"]+)"/g)) tokens.push(match[1]!);
    return response;
  };
  const code = await main(
    ["check", "--platform-origin", ORIGIN, ...args],
    { out: (line) => out.push(line), err: (line) => err.push(line), askSecret: async () => "", env: { PLATFORM_CHECK_PASSWORD: PASSWORD } },
    { fetch: spying, ...options },
  );
  return { code, out: out.join("\n"), err: err.join("\n"), tokens };
}

function rowsOf(run: Run): Row[] {
  return (JSON.parse(run.out) as { rows: Row[] }).rows;
}

function row(run: Run, call: string): Row {
  const found = rowsOf(run).find((r) => r.call === call);
  if (!found) throw new Error(`no row ${call}`);
  return found;
}

beforeAll(async () => {
  await resetSandboxData();
});

// The logins changed the members' first-login state: the seed back, faults off, for the files after this one.
afterAll(async () => {
  await resetSandboxData();
});

describe("platform check against a clean sandbox", () => {
  for (const merchant of ["demo", "vn88", "br777"] as MerchantCode[]) {
    it(`passes for ${merchant}, visitor and member, and prints neither the password nor the token`, async () => {
      const run = await check(["--merchant", merchant, "--member", "demo01", "--json"]);
      expect(run.code).toBe(0);
      const rows = rowsOf(run);
      expect(rows.filter((r) => r.severity === "error" || r.severity === "warning")).toEqual([]);
      expect(rows.find((r) => r.call === "login")?.verdict).toEqual({ result: "ok", detail: "shape ok" });
      expect(rows.find((r) => r.call === "logout")?.severity).toBe("ok");
      expect(run.tokens.length).toBeGreaterThan(0);
      for (const secret of [PASSWORD, ...run.tokens]) expect(run.out + run.err).not.toContain(secret);
    });
  }

  it("prints one row per call with its path, contract origin, status and time", async () => {
    const run = await check(["--host", "demo.localhost"]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^ok +settings +GET \/wps\/system\/setting +assumed +200 +\d+ ms +shape ok$/m);
    expect(run.out).toMatch(/^ok +rsa-key +GET \/wps\/session\/key\/rsa +specified +200 +\d+ ms +shape ok$/m);
    expect(run.out).toMatch(/^skip +login .*needs --member$/m);
  });
});

describe("platform check under a drift fault", () => {
  it("fails naming the settings call and its renamed field", async () => {
    await setFaults({
      merchant: "br777",
      drift: { renames: [{ call: "/wps/system/setting", field: "whitelabelVal", to: "whiteLabelVal" }] },
    });
    const run = await check(["--merchant", "br777", "--json"]);
    expect(run.code).toBe(1);
    expect(row(run, "settings")).toMatchObject({
      path: "/wps/system/setting",
      severity: "error",
      verdict: { result: "mismatch", field: "whitelabelVal", expected: "object", got: "missing" },
    });
    await resetFaults("br777");
  });

  for (const header of ["X-RSA", "X-Digest"] as const) {
    it(`fails the encryption handshake and the login naming ${header} when the platform reads it differently`, async () => {
      await setFaults({ merchant: "vn88", drift: { headers: [header] } });
      const run = await check(["--merchant", "vn88", "--member", "demo01", "--json"]);
      expect(run.code).toBe(1);
      for (const call of ["encryption-handshake", "login"]) {
        expect(row(run, call)).toMatchObject({
          path: "/wps/session/login",
          severity: "error",
          verdict: { field: `request header ${header}` },
        });
      }
      expect(row(run, "member-info").verdict).toEqual({ result: "skipped", detail: "no member session: the login failed" });
      await resetFaults("vn88");
    });
  }

  it("warns, and still passes, when a section the product can do without has a renamed field", async () => {
    await setFaults({
      merchant: "demo",
      drift: { renames: [{ call: "/wps/relay/MCSFE_getListAnnouncements?types=MQ", field: "[].content", to: "text" }] },
    });
    const run = await check(["--merchant", "demo"]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(
      /^WARN +marquee +GET \/wps\/relay\/MCSFE_getListAnnouncements\?types=MQ +assumed +200 +\d+ ms +mismatch at \[0\]\.content\|title: expected string in content or title, got missing → player sees: no marquee/m,
    );
    // The popup list is the same path with another query: untouched.
    expect(run.out).toMatch(/^ok +popups-visitor /m);
    await resetFaults("demo");
  });
});

describe("platform check of a slow or absent platform", () => {
  it("reports a call past the page deadline as a timeout on its row, without a stack", async () => {
    await setFaults({ merchant: "demo", latencyMs: 1500, latencyPaths: ["/wps/system/config"] });
    const run = await check(["--merchant", "demo", "--json"], { pageDeadlineMs: 400 });
    expect(run.code).toBe(0);
    expect(row(run, "config")).toMatchObject({ severity: "warning", status: null, verdict: { result: "timeout" } });
    expect(row(run, "settings").severity).toBe("ok");
    expect(run.out + run.err).not.toMatch(/\n\s+at /);
    await resetFaults("demo");
  });

  it("reports an unreachable platform per call and fails, without a stack", async () => {
    // A port nothing listens on: one the system just gave out and took back.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, ADDRESS, resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const out: string[] = [];
    const code = await main(["check", "--merchant", "demo", "--platform-origin", `http://${ADDRESS}:${port}`], {
      out: (line) => out.push(line),
      err: (line) => out.push(line),
      askSecret: async () => "",
      env: {},
    });
    expect(code).toBe(1);
    expect(out.join("\n")).toMatch(/^FAIL +settings .*unreachable: ECONNREFUSED → player sees:/m);
    expect(out.join("\n")).not.toMatch(/\n\s+at /);
  });
});
