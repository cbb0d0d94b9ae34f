// `npm run platform -- check`'s command line: the merchant resolved as the Worker does, and what it refuses
// (docs/behaviour/operations.md#going-live).
import { describe, expect, it } from "vitest";
import { main } from "../../../scripts/platform/cli";

async function run(args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const fail: typeof fetch = async () => {
    throw new Error("no call expected");
  };
  const code = await main(
    ["check", ...args],
    { out: (line) => lines.push(line), err: (line) => lines.push(line), askSecret: async () => "", env: {} },
    { fetch: fail },
  );
  return { code, output: lines.join("\n") };
}

describe("platform check's command line", () => {
  it("asks for the platform's origin when the route names a service binding", async () => {
    const { code, output } = await run(["--host", "demo.localhost"]);
    expect(code).toBe(2);
    expect(output).toContain("merchant demo's platform is the service binding WPS_SANDBOX");
    expect(output).toContain("--platform-origin URL");
  });

  it("refuses a host no route serves, as the Worker would", async () => {
    const { code, output } = await run(["--host", "nowhere.example.com", "--platform-origin", "https://p.example.com"]);
    expect(code).toBe(2);
    expect(output).toContain('nowhere.example.com: no route in the demo routes (the Worker answers 404 "domain not configured")');
  });

  it("wants exactly one of --host and --merchant", async () => {
    expect((await run(["--platform-origin", "https://p.example.com"])).code).toBe(2);
    expect((await run(["--host", "demo.localhost", "--merchant", "demo", "--platform-origin", "https://p.example.com"])).code).toBe(2);
  });

  it("refuses credentials in the platform's origin", async () => {
    const { code, output } = await run(["--merchant", "demo", "--platform-origin", "https://user:pw@p.example.com"]);
    expect(code).toBe(2);
    expect(output).toContain("no user or password in the URL");
  });

  it("needs a password for --member, from the environment or the prompt", async () => {
    const { code, output } = await run(["--merchant", "demo", "--platform-origin", "https://p.example.com", "--member", "demo01"]);
    expect(code).toBe(2);
    expect(output).toContain("--member needs the password in PLATFORM_CHECK_PASSWORD or typed when asked");
  });
});
