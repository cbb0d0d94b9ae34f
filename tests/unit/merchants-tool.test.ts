// The operators' routes tool (scripts/merchants/, docs/behaviour/operations.md).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_MERCHANT_ROUTES } from "../../app/.server/merchants/default-merchants";
import { merchantRouteSchema } from "../../app/.server/merchants/merchant-config";
import { checkRoutes, checkRoutesText, formatProblem, hostFormProblem } from "../../scripts/merchants/check";
import { main, wranglerKvArgs, type KvStore, type KvTarget } from "../../scripts/merchants/cli";
import { diffRoutes, formatDiff, readStoredRoutes } from "../../scripts/merchants/diff";

const base = {
  platform: { origin: "https://api.example.com" },
  defaultLanguage: "EN",
  brand: { name: "Example", shortName: "Example", themeColor: "#123456" },
};
const route = (merchantCode: string, hosts: string[], extra: Record<string, unknown> = {}) => ({ ...base, merchantCode, hosts, ...extra });

const tmp = mkdtempSync(join(tmpdir(), "merchants-tool-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const path = join(tmp, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

/** Runs the tool in-process; answers questions with `answer`. */
async function run(args: string[], answer = "", kv?: KvStore) {
  const out: string[] = [];
  const err: string[] = [];
  const asked: string[] = [];
  const code = await main(
    args,
    {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      ask: async (question) => {
        asked.push(question);
        return answer;
      },
    },
    kv,
  );
  return { code, out: out.join("\n"), err: err.join("\n"), asked };
}

describe("check", () => {
  it("finds a bad colour, a wildcard over another merchant's host and a duplicate host: three problems, exit 1", async () => {
    const path = file("bad.json", [
      route("alpha", ["m.alpha.example"], { brand: { ...base.brand, themeColor: "red" } }),
      route("beta", ["*.alpha.example"]),
      route("gamma", ["gamma.example"]),
      route("delta", ["gamma.example"]),
    ]);
    const result = await run(["check", path]);
    expect(result.code).toBe(1);
    const lines = result.err.split("\n");
    expect(lines).toEqual([
      "routes[0] (alpha) brand.themeColor: a colour such as #1f6feb",
      `routes[1] (beta) hosts[0]: wildcard "*.alpha.example" shadows "m.alpha.example" of routes[0] (alpha); the exact host wins there`,
      `routes[3] (delta) hosts[0]: "gamma.example" is also claimed by routes[2] (gamma); only the first entry would be served`,
      `${path}: 3 problems`,
    ]);
  });

  it("passes the demo routes, and examples/routes.demo.json is exactly the demo routes", async () => {
    const demo = JSON.parse(readFileSync("examples/routes.demo.json", "utf8")) as unknown[];
    expect(demo).toEqual(JSON.parse(JSON.stringify(DEFAULT_MERCHANT_ROUTES)));
    const result = await run(["check", "examples/routes.demo.json"]);
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect((await run(["check", "examples/routes.shop.json"])).code).toBe(0);
  });

  it.each([
    ["Demo.Example.com", 'lower case: write "demo.example.com"'],
    ["https://demo.example.com/", 'no scheme: write "demo.example.com"'],
    ["demo.example.com:8443", 'no port: write "demo.example.com"'],
    [" demo.example.com", 'no spaces around the host: write "demo.example.com"'],
    ["bücher.example", 'punycode: write "xn--bcher-kva.example"'],
    ["*.bücher.example", 'punycode: write "*.xn--bcher-kva.example"'],
    ["demo.example.com.", 'no trailing dot: write "demo.example.com"'],
  ])("names the normal form of %j", (host, reason) => {
    expect(hostFormProblem(host)).toBe(reason);
    const { problems } = checkRoutes([route("m", [host])]);
    expect(problems.map(formatProblem)).toEqual([`routes[0] (m) hosts[0]: "${host}" is not in normal form (${reason})`]);
  });

  it("accepts hosts in normal form and nested wildcards of different merchants (the longer wins by rule)", () => {
    expect(hostFormProblem("xn--bcher-kva.example")).toBeNull();
    expect(checkRoutes([route("a", ["*.example.com", "example.com"]), route("b", ["*.eu.example.com"])]).problems).toEqual([]);
  });

  it("reports every schema problem with its entry, merchant and field, and a file that is not an array or not JSON", () => {
    const { problems } = checkRoutes([{ hosts: [], merchantCode: "x y", platform: { origin: "ftp://a" } }, 7]);
    const lines = problems.map(formatProblem);
    expect(lines).toContain("routes[0] (x y) hosts: Array must contain at least 1 element(s)");
    expect(lines).toContain("routes[0] (x y) merchantCode: 1 to 32 letters, digits, _ or -");
    expect(lines.some((l) => l.startsWith("routes[0] (x y) defaultLanguage:"))).toBe(true);
    expect(lines.some((l) => l.startsWith("routes[0] (x y) brand:"))).toBe(true);
    expect(lines).toContain("routes[1] (entry): Expected object, received number");
    expect(checkRoutes({ routes: [] }).problems.map(formatProblem)).toEqual(["file (file): expected a JSON array of routes"]);
    expect(checkRoutesText("[{").problems[0]?.reason).toMatch(/^not valid JSON/);
  });

  it("takes a mini-game script that is an https URL or a same-origin path, and refuses any other address", () => {
    const check = (scriptUrl: string) =>
      checkRoutes([route("alpha", ["alpha.example"], { miniGame: { scriptUrl } })]).problems.map(formatProblem);
    expect(check("https://games.example.com/mini/minigame.js")).toEqual([]);
    expect(check("/wps/sandbox-pages/mini-game/minigame.js")).toEqual([]);
    for (const bad of ["http://games.example.com/minigame.js", "//games.example.com/minigame.js", "javascript:alert(1)", "minigame.js"]) {
      expect(check(bad)).toEqual(["routes[0] (alpha) miniGame.scriptUrl: a same-origin path or an https URL"]);
    }
  });

  it("flags a host listed twice in one entry", () => {
    expect(checkRoutes([route("a", ["a.example", "a.example"])]).problems.map(formatProblem)).toEqual([
      'routes[0] (a) hosts[1]: "a.example" is listed twice in this entry',
    ]);
  });
});

describe("which", () => {
  it("answers from the demo routes with the Worker's resolver: exact, or none", async () => {
    const demo = await run(["which", "demo.localhost"]);
    expect(demo).toMatchObject({ code: 0, out: 'demo.localhost → demo (the demo routes, route 0): exact host "demo.localhost"' });
    const nobody = await run(["which", "nobody.example"]);
    expect(nobody.code).toBe(1);
    expect(nobody.out).toBe('nobody.example: no route in the demo routes; the Worker answers 404 "domain not configured"');
    // As the Host header would arrive: port and case do not matter.
    expect((await run(["which", "VN.localhost:8787"])).out).toMatch(/^vn\.localhost → vn88 /);
    expect((await run(["which", "bad host"])).code).toBe(2);
  });

  it("explains a wildcard match against a file, and that an exact host beats it", async () => {
    const path = file("wild.json", [route("wild", ["*.example.com"]), route("exact", ["shop.example.com"])]);
    expect((await run(["which", "a.example.com", path])).out).toBe(
      `a.example.com → wild (${path}, route 0): wildcard "*.example.com" (no exact host matches; the longest wildcard wins)`,
    );
    expect((await run(["which", "shop.example.com", path])).out).toMatch(/→ exact .*exact host "shop\.example\.com"$/);
  });
});

describe("diff", () => {
  const parse = (entries: unknown[]) => entries.map((e) => merchantRouteSchema.parse(e));

  it("lists hosts added, removed and moved, and merchants added, removed and changed", () => {
    const before = parse([
      route("a", ["a.example", "old.example"]),
      route("b", ["b.example", "moving.example"]),
      route("gone", ["g.example"]),
    ]);
    const after = parse([
      route("a", ["a.example"]),
      route("b", ["b.example"], { defaultLanguage: "VI" }),
      route("c", ["c.example", "moving.example"]),
    ]);
    const diff = diffRoutes(before, after, 1);
    expect(diff).toEqual({
      hostsAdded: [{ host: "c.example", merchant: "c" }],
      hostsRemoved: [
        { host: "old.example", merchant: "a" },
        { host: "g.example", merchant: "gone" },
      ],
      hostsMoved: [{ host: "moving.example", from: "b", to: "c" }],
      merchantsAdded: ["c"],
      merchantsRemoved: ["gone"],
      merchantsChanged: [{ merchant: "b", fields: ["defaultLanguage"] }],
      unreadableBefore: 1,
    });
    expect(formatDiff(diff)).toContain("  ~ host moving.example: b → c");
  });

  it("does not count a default written out as a change, and reads a stored value as the Worker does", () => {
    const implicit = parse([route("a", ["a.example"])]);
    const explicit = parse([route("a", ["a.example"], { storageCompat: false, postLoginPath: "/m/home" })]);
    expect(formatDiff(diffRoutes(implicit, explicit))).toEqual([]);
    expect(readStoredRoutes(null)).toEqual({ routes: [], unreadable: 0 });
    expect(readStoredRoutes("not json").unreadable).toBe(1);
    expect(readStoredRoutes(JSON.stringify([route("a", ["a.example"]), { hosts: 1 }])).unreadable).toBe(1);
  });
});

describe("put", () => {
  it("builds wrangler's command line: remote KV for an environment, the local KV with its directory", () => {
    expect(wranglerKvArgs("get", { kind: "remote", env: "production" }, "wrangler.toml")).toEqual(
      "kv key get routes --binding MERCHANT_ROUTES -c wrangler.toml --text --env production --remote".split(" "),
    );
    expect(wranglerKvArgs("put", { kind: "local", persistTo: "/tmp/s" }, "wrangler.toml", "/tmp/v.json")).toEqual(
      "kv key put routes --binding MERCHANT_ROUTES -c wrangler.toml --path /tmp/v.json --local --persist-to /tmp/s".split(" "),
    );
  });

  it("refuses a bad file before asking wrangler anything, and needs one target", async () => {
    const bad = file("refused.json", [route("a", ["A.example"])]);
    const result = await run(["put", bad, "--env", "production", "--yes"]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/not in normal form[\s\S]*1 problem; nothing written$/);
    expect((await run(["put", bad])).code).toBe(2);
    expect((await run(["put", bad, "--local", "--env", "production"])).code).toBe(2);
  });

  it("shows the difference against what KV holds, writes nothing on no, writes the checked routes on yes", async () => {
    // The local KV stands in for wrangler here (each wrangler start costs seconds); the real `put --local` runs in
    // scripts/test.sh, which loads examples/routes.shop.json into the edge server's KV (tests/edge/operator-routes.test.ts).
    const held = new Map<string, string>();
    const writes: { target: KvTarget; config: string }[] = [];
    const kv: KvStore = {
      read: (target) => held.get(JSON.stringify(target)) ?? null,
      write: (target, config, value) => {
        writes.push({ target, config });
        held.set(JSON.stringify(target), value);
      },
    };
    const local = { kind: "local", persistTo: "/tmp/state" } as const;
    held.set(JSON.stringify(local), JSON.stringify([route("old", ["old.example"])]));
    const args = ["put", "examples/routes.shop.json", "--local", "--persist-to", "/tmp/state"];

    const no = await run(args, "n", kv);
    expect(no.code).toBe(1);
    expect(no.out.split("\n")).toEqual([
      "Changes to the local KV:",
      "  + host shop.localhost → shop",
      "  - host old.example (was old)",
      "  + merchant shop",
      "  - merchant old",
      "Nothing written",
    ]);
    expect(no.asked).toEqual(["Write examples/routes.shop.json to the local KV? [y/N] "]);
    expect(writes).toEqual([]);

    const yes = await run(args, "y", kv);
    expect(yes).toMatchObject({ code: 0, out: expect.stringMatching(/Wrote 1 routes to the local KV$/) });
    expect(writes).toEqual([{ target: local, config: "wrangler.toml" }]);
    expect(JSON.parse(held.get(JSON.stringify(local))!)).toEqual(JSON.parse(readFileSync("examples/routes.shop.json", "utf8")));

    const again = await run(args, "y", kv);
    expect(again).toMatchObject({ code: 0, out: "the local KV already holds these routes; nothing written", asked: [] });

    const remote = await run(["put", "examples/routes.shop.json", "--env", "production", "--yes"], "", kv);
    expect(remote).toMatchObject({ code: 0, asked: [] });
    expect(writes.at(-1)).toEqual({ target: { kind: "remote", env: "production" }, config: "wrangler.toml" });
  });
});
