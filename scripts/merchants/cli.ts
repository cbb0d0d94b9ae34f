// npm run merchants -- check FILE | which HOST [FILE] | put FILE (--env NAME | --local) [--yes] [--persist-to DIR]
// The operators' tool for the MERCHANT_ROUTES KV value (docs/behaviour/operations.md). Run by tsx: it imports the
// Worker's own modules (schema, resolver), whose imports carry no file extensions (docs/decisions/0047-operator-routes-tool.md).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { DEFAULT_MERCHANT_ROUTES } from "../../app/.server/merchants/default-merchants";
import { matchHost, parseHostHeader } from "../../app/.server/merchants/match-host";
import { checkRoutesText, formatProblem } from "./check";
import { diffRoutes, formatDiff, isEmptyDiff, readStoredRoutes } from "./diff";

const USAGE = `Usage:
  npm run merchants -- check FILE                 check a routes file; exit 1 on any problem
  npm run merchants -- which HOST [FILE]          the route a host resolves to (default: the demo routes)
  npm run merchants -- put FILE --env NAME        check, show the change against KV, ask, write (remote KV)
  npm run merchants -- put FILE --local           the same against the local KV of npm start / npm run dev
Options of put: --yes (no question), --persist-to DIR (local KV directory), --config FILE (default wrangler.toml)`;

/** The KV key and binding the Worker reads (app/.server/merchants/resolve-merchant.ts). */
export const ROUTES_KEY = "routes";
export const ROUTES_BINDING = "MERCHANT_ROUTES";

export type KvTarget = { kind: "remote"; env: string } | { kind: "local"; persistTo: string | null };

/** wrangler's arguments to read or write the routes key. wrangler 4's KV commands default to local: remote is explicit. */
export function wranglerKvArgs(action: "get" | "put", target: KvTarget, config: string, valuePath?: string): string[] {
  const args = ["kv", "key", action, ROUTES_KEY, "--binding", ROUTES_BINDING, "-c", config];
  if (action === "get") args.push("--text");
  if (action === "put") args.push("--path", valuePath ?? "");
  if (target.kind === "remote") args.push("--env", target.env, "--remote");
  else {
    args.push("--local");
    if (target.persistTo) args.push("--persist-to", target.persistTo);
  }
  return args;
}

function wranglerBinary(): string {
  const local = resolve("node_modules/.bin/wrangler");
  return existsSync(local) ? local : "wrangler";
}

/** What wrangler prints on stdout for a key that does not exist (with exit status 0). */
const NOT_FOUND = "Value not found";

/** Where put reads and writes the routes key: wrangler, or a stand-in in the unit tests. */
export type KvStore = {
  read(target: KvTarget, config: string): string | null;
  write(target: KvTarget, config: string, value: string): void;
};

function readKv(target: KvTarget, config: string): string | null {
  const run = spawnSync(wranglerBinary(), wranglerKvArgs("get", target, config), {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (run.status !== 0) throw new Error(`wrangler kv key get failed (exit ${run.status ?? run.signal})`);
  const text = run.stdout.replace(/\n$/, "");
  return text.trim() === NOT_FOUND ? null : text;
}

function writeKv(target: KvTarget, config: string, value: string): void {
  const dir = mkdtempSync(join(tmpdir(), "merchant-routes-"));
  try {
    const path = join(dir, "routes.json");
    writeFileSync(path, value);
    const run = spawnSync(wranglerBinary(), wranglerKvArgs("put", target, config, path), { stdio: ["ignore", "inherit", "inherit"] });
    if (run.status !== 0) throw new Error(`wrangler kv key put failed (exit ${run.status ?? run.signal})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const wranglerKv: KvStore = { read: readKv, write: writeKv };

type Parsed = { positional: string[]; flags: Map<string, string | true> };

const VALUE_FLAGS = new Set(["--env", "--persist-to", "--config"]);
const SWITCHES = new Set(["--local", "--yes"]);

function parseArgs(argv: string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.split("=", 2) as [string, string | undefined];
    if (VALUE_FLAGS.has(name)) {
      const value = inline ?? argv[++i];
      if (!value) throw new UsageError(`${name} needs a value`);
      flags.set(name, value);
    } else if (SWITCHES.has(arg)) flags.set(arg, true);
    else if (arg.startsWith("-")) throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  return { positional, flags };
}

class UsageError extends Error {}

function readFile(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

export type Io = { out: (line: string) => void; err: (line: string) => void; ask: (question: string) => Promise<string> };

function check(file: string, io: Io): number {
  const { problems, raw } = checkRoutesText(readFile(file));
  for (const problem of problems) io.err(formatProblem(problem));
  if (problems.length > 0) {
    io.err(`${file}: ${problems.length} problem${problems.length === 1 ? "" : "s"}`);
    return 1;
  }
  io.out(`${file}: ${Array.isArray(raw) ? raw.length : 0} routes, no problems`);
  return 0;
}

function which(hostArg: string, file: string | undefined, io: Io): number {
  const host = parseHostHeader(hostArg);
  if (!host) {
    io.err(`"${hostArg}" is not a host name: the Worker answers such a Host header with 400`);
    return 2;
  }
  const source = file ?? "the demo routes";
  // The routes as the Worker reads them: entries the schema refuses are skipped.
  const { routes, unreadable } = readStoredRoutes(file ? readFile(file) : JSON.stringify(DEFAULT_MERCHANT_ROUTES));
  if (unreadable > 0) io.err(`${source}: ${unreadable} entr${unreadable === 1 ? "y" : "ies"} the Worker would skip (run check)`);
  const match = matchHost(routes, host);
  if (!match) {
    io.out(`${host}: no route in ${source}; the Worker answers 404 "domain not configured"`);
    return 1;
  }
  const why =
    match.kind === "exact"
      ? `exact host "${match.pattern}"`
      : `wildcard "${match.pattern}" (no exact host matches; the longest wildcard wins)`;
  io.out(`${host} → ${match.route.merchantCode} (${source}, route ${match.index}): ${why}`);
  return 0;
}

async function put(file: string, flags: Parsed["flags"], io: Io, kv: KvStore): Promise<number> {
  const env = flags.get("--env");
  const local = flags.get("--local") === true;
  if ((typeof env === "string") === local) throw new UsageError("put needs exactly one of --env NAME or --local");
  const persistTo = flags.get("--persist-to");
  if (persistTo && !local) throw new UsageError("--persist-to goes with --local");
  const target: KvTarget =
    typeof env === "string" ? { kind: "remote", env } : { kind: "local", persistTo: typeof persistTo === "string" ? persistTo : null };
  const config = (flags.get("--config") as string | undefined) ?? "wrangler.toml";
  const where = target.kind === "remote" ? `KV of --env ${target.env}` : "the local KV";

  const text = readFile(file);
  const { problems, raw } = checkRoutesText(text);
  if (problems.length > 0) {
    for (const problem of problems) io.err(formatProblem(problem));
    io.err(`${file}: ${problems.length} problem${problems.length === 1 ? "" : "s"}; nothing written`);
    return 1;
  }

  const stored = readStoredRoutes(kv.read(target, config));
  const { routes: next } = readStoredRoutes(text);
  const diff = diffRoutes(stored.routes, next, stored.unreadable);
  if (isEmptyDiff(diff)) {
    io.out(`${where} already holds these routes; nothing written`);
    return 0;
  }
  io.out(`Changes to ${where}:`);
  for (const line of formatDiff(diff)) io.out(line);
  if (flags.get("--yes") !== true) {
    const answer = (await io.ask(`Write ${file} to ${where}? [y/N] `)).trim().toLowerCase();
    if (answer !== "y" && answer !== "yes") {
      io.out("Nothing written");
      return 1;
    }
  }
  // What was checked, compactly: the Worker parses it on every cache miss.
  kv.write(target, config, JSON.stringify(raw));
  io.out(`Wrote ${next.length} routes to ${where}`);
  return 0;
}

export async function main(argv: string[], io: Io, kv: KvStore = wranglerKv): Promise<number> {
  try {
    const { positional, flags } = parseArgs(argv);
    const [command, first, second, ...rest] = positional;
    if (command === "check" && first && !second) return check(first, io);
    if (command === "which" && first && rest.length === 0) return which(first, second, io);
    if (command === "put" && first && !second) return await put(first, flags, io, kv);
    throw new UsageError(command ? `unexpected arguments: ${argv.join(" ")}` : "no command");
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
}

/** One line from the terminal (or a pipe); end of input counts as "no". */
export async function askOnStdin(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await new Promise<string>((resolveAnswer) => {
      rl.once("close", () => resolveAnswer(""));
      rl.question(question).then(resolveAnswer, () => resolveAnswer(""));
    });
  } finally {
    rl.close();
  }
}
