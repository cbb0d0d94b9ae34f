// docs/platform-contract.md#where-each-part-comes-from, the product's calls and the check's list, held in step: a call
// the product makes that the table does not list fails, and so does one the check neither makes nor gives a reason for.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CHECKED_CALLS, contractRowOf, UNCHECKED_CALLS } from "../../../scripts/platform/calls";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * Every platform path named in the product's code (comments left out): its calls through the client, the browser's
 * calls through the site's proxy and the domain speed test. The proxy's allow-list names prefixes, not calls; the
 * sandbox's own pages (scripts, stand-in pixels) are not the platform's.
 */
function productPaths(): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  for (const file of sourceFiles("app")) {
    if (file === "app/.server/platform/proxy-calls.ts") continue;
    const code = readFileSync(join(ROOT, file), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
    for (const [path] of code.matchAll(/\/wps\/[A-Za-z0-9_/.-]*[A-Za-z0-9_]/g)) {
      if (path.startsWith("/wps/sandbox-")) continue;
      paths.set(path, [...(paths.get(path) ?? []), file]);
    }
  }
  return paths;
}

type ContractRow = { call: string; contract: "specified" | "assumed" };

function contractRows(): ContractRow[] {
  const text = readFileSync(join(ROOT, "docs/platform-contract.md"), "utf8");
  const section = /^## Where each part comes from$([\s\S]*?)^## /m.exec(text)?.[1] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| Call") && !line.startsWith("| ---"))
    .map((line) => {
      const [call = "", contract = ""] = line.split(" | ").map((cell) => cell.replace(/^\| /, "").trim());
      const marking = /^\*\*(specified|assumed)\*\*$/.exec(contract)?.[1];
      if (!marking) throw new Error(`a row without **specified** or **assumed**: ${call}`);
      return { call, contract: marking as ContractRow["contract"] };
    });
}

/** "`GET /wps/x?y=1`" → "/wps/x". */
function pathOf(call: string): string | null {
  return /^`(?:GET|POST) (\/wps\/[^?`]+)/.exec(call)?.[1] ?? null;
}

describe("the platform contract's origins table", () => {
  it("finds the product's calls in its code", () => {
    const paths = productPaths();
    expect(paths.size).toBeGreaterThan(30);
    expect([...paths.keys()]).toEqual(expect.arrayContaining(["/wps/system/setting", "/wps/session/login", "/wps/tracking/event"]));
  });

  it("lists every call the product makes", () => {
    const listed = new Set(contractRows().map((row) => pathOf(row.call)));
    const missing = [...productPaths()].filter(([path]) => !listed.has(path)).map(([path, files]) => `${path} (${files.join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("lists no call the product does not make", () => {
    const made = productPaths();
    const stale = contractRows()
      .map((row) => pathOf(row.call))
      .filter((path): path is string => path !== null && !made.has(path));
    expect(stale).toEqual([]);
  });

  it("marks each call the check makes as the check does", () => {
    const rows = new Map(contractRows().map((row) => [row.call, row.contract]));
    const differing = CHECKED_CALLS.filter((call) => rows.get(contractRowOf(call)) !== call.source).map(
      (call) =>
        `${call.id}: ${contractRowOf(call)} is ${rows.get(contractRowOf(call)) ?? "not in the table"}, the check says ${call.source}`,
    );
    expect(differing).toEqual([]);
  });

  it("has the check make every call the product makes, or say why not", () => {
    const covered = new Set([...CHECKED_CALLS.map((call) => call.path), ...Object.keys(UNCHECKED_CALLS)]);
    expect([...productPaths().keys()].filter((path) => !covered.has(path))).toEqual([]);
    expect(Object.keys(UNCHECKED_CALLS).filter((path) => !productPaths().has(path))).toEqual([]);
  });
});
