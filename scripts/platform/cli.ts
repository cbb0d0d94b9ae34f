// npm run platform -- check (--host HOST | --merchant CODE) [--routes FILE] [--platform-origin URL] [--member USER]
//   [--write] [--json] [--record DIR] [--language CODE]
// The contract against a live platform before a merchant goes live (docs/behaviour/operations.md#going-live). Run by
// tsx: it imports the Worker's own modules (route schema and resolver, platform client, schemas, loaders).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_MERCHANT_ROUTES } from "../../app/.server/merchants/default-merchants";
import { matchHost, parseHostHeader } from "../../app/.server/merchants/match-host";
import type { Merchant, MerchantRoute } from "../../app/.server/merchants/merchant-config";
import { LANGUAGE_CODES, type LanguageCode } from "../../app/i18n/languages";
import { readStoredRoutes } from "../merchants/diff";
import { verdictText } from "./evaluate";
import { isSensitiveKey, maskText, redactBody, redactText } from "./redact";
import { runCheck, type CheckOptions, type CheckResult, type Row } from "./run";

const USAGE = `Usage:
  npm run platform -- check --host HOST [--routes FILE]       the merchant a host resolves to (default: the demo routes)
  npm run platform -- check --merchant CODE [--routes FILE]   the route of a merchant code
Options:
  --platform-origin URL   where its platform answers (needed when the route names a service binding, as the demo does)
  --member USER           also log in as USER (password from PLATFORM_CHECK_PASSWORD, else asked), read, log out
  --write                 also the calls that change data (the member's language, written back unchanged)
  --language CODE         the language the calls ask for (default: the route's)
  --json                  one JSON document instead of the table
  --record DIR            write each answer, redacted, as a fixture (tests/fixtures/platforms/<name>)
Exit status: 0 all passed (warnings allowed), 1 a call the product cannot do without failed, 2 usage.`;

/** Where the password comes from: never an argument (it would stay in the shell's history and the process list). */
export const PASSWORD_ENV = "PLATFORM_CHECK_PASSWORD";

export type Io = {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Asks for the password without echoing it; "" when there is no terminal. */
  askSecret: (question: string) => Promise<string>;
  env: Readonly<Record<string, string | undefined>>;
};

class UsageError extends Error {}

const VALUE_FLAGS = new Set(["--host", "--merchant", "--routes", "--platform-origin", "--member", "--language", "--record", "--password"]);
const SWITCHES = new Set(["--write", "--json"]);

function parseArgs(argv: readonly string[]): { positional: string[]; flags: Map<string, string | true> } {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    if (name === "--password") throw new UsageError(`no --password: put it in ${PASSWORD_ENV} or type it when asked`);
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

function readRoutes(file: string | undefined): MerchantRoute[] {
  if (!file) return readStoredRoutes(JSON.stringify(DEFAULT_MERCHANT_ROUTES)).routes;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return readStoredRoutes(text).routes;
}

/** The merchant as the Worker would resolve it: by Host through the routes, or by its code. */
export function resolveMerchant(flags: Map<string, string | true>): { merchant: Merchant; host: string } {
  const hostArg = flags.get("--host") as string | undefined;
  const code = flags.get("--merchant") as string | undefined;
  if (!!hostArg === !!code) throw new UsageError("give one of --host HOST or --merchant CODE");
  const file = flags.get("--routes") as string | undefined;
  const routes = readRoutes(file);
  const source = file ?? "the demo routes";
  if (hostArg) {
    const host = parseHostHeader(hostArg);
    if (!host) throw new UsageError(`"${hostArg}" is not a host name`);
    const match = matchHost(routes, host);
    if (!match) throw new UsageError(`${host}: no route in ${source} (the Worker answers 404 "domain not configured")`);
    return { merchant: { ...match.route, host }, host };
  }
  const route = routes.find((r) => r.merchantCode === code);
  if (!route) throw new UsageError(`no route for merchant ${code} in ${source}`);
  const host = route.hosts.find((h) => !h.startsWith("*.")) ?? route.hosts[0]!.slice(2);
  return { merchant: { ...route, host }, host };
}

function platformOrigin(merchant: Merchant, flag: string | undefined): string {
  const raw = flag ?? ("origin" in merchant.platform ? merchant.platform.origin : null);
  if (!raw) {
    throw new UsageError(
      `merchant ${merchant.merchantCode}'s platform is the service binding ${"service" in merchant.platform ? merchant.platform.service : "?"}, ` +
        "which only the Worker reaches: give --platform-origin URL (the sandbox: http://127.0.0.1:PORT/__sandbox/direct)",
    );
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--platform-origin: "${raw}" is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError("--platform-origin: http(s) only");
  // Credentials in the URL would end up in the output and in fixtures.
  if (url.username || url.password) throw new UsageError("--platform-origin: no user or password in the URL");
  return url.origin + url.pathname.replace(/\/+$/, "");
}

const SEVERITY_MARK = { ok: "ok", warning: "WARN", error: "FAIL", skipped: "skip" } as const;

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

function tableLines(rows: readonly Row[]): string[] {
  const cells = rows.map((row) => [
    SEVERITY_MARK[row.severity],
    row.call,
    `${row.method} ${row.path}${row.query ? `?${row.query}` : ""}`,
    row.source,
    row.status === null ? "-" : String(row.status),
    row.ms === null ? "-" : `${row.ms} ms`,
    verdictText(row.verdict) + (row.playerSees ? ` → player sees: ${row.playerSees}` : ""),
  ]);
  const header = ["", "call", "path", "contract", "status", "time", "result"];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.slice(0).map((c) => (i < 6 ? c[i]!.length : 0))));
  return [header, ...cells].map((line) =>
    line
      .map((cell, i) => (i < 6 ? pad(cell, widths[i]!) : cell))
      .join("  ")
      .trimEnd(),
  );
}

function summary(result: CheckResult): { errors: number; warnings: number; ok: number; skipped: number } {
  const count = (s: Row["severity"]) => result.rows.filter((r) => r.severity === s).length;
  return { errors: count("error"), warnings: count("warning"), ok: count("ok"), skipped: count("skipped") };
}

/** A query with the member's secrets and the values of sensitive names (a promotion's `id`) masked. */
function redactQuery(search: string, secrets: readonly string[]): string {
  return redactText(search.replace(/^\?/, ""), secrets)
    .split("&")
    .map((pair) => {
      const at = pair.indexOf("=");
      return at > 0 && isSensitiveKey(pair.slice(0, at)) ? `${pair.slice(0, at)}=${maskText(pair.slice(at + 1))}` : pair;
    })
    .join("&");
}

/** Each answer as a fixture: DIR/<call>.json, redacted (docs/behaviour/operations.md#going-live). */
export function writeRecording(dir: string, merchantCode: string, result: CheckResult): number {
  mkdirSync(dir, { recursive: true });
  for (const { call, trip } of result.answers) {
    if (trip.answer.kind !== "answer") continue;
    const body = redactBody(trip.answer.text, result.secrets);
    let parsed: unknown = body;
    try {
      parsed = JSON.parse(body);
    } catch {
      // plain text (the RSA key, an HTML error page): kept as text
    }
    const fixture = {
      call: call.id,
      method: call.method,
      path: call.path,
      query: redactQuery(trip.search, result.secrets)
        .replace(/(^|&)_=\d+/, "$1_=0")
        .replace(/(speed|t)=\d+/, "$1=0"),
      status: trip.answer.status,
      contentType: trip.answer.contentType,
      body: parsed,
    };
    writeFileSync(join(dir, `${call.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  }
  writeFileSync(
    join(dir, "set.json"),
    `${JSON.stringify({ merchant: merchantCode, recorded: new Date().toISOString().slice(0, 10) }, null, 2)}\n`,
  );
  return result.answers.length;
}

async function check(flags: Map<string, string | true>, io: Io, extra: Partial<CheckOptions>): Promise<number> {
  const { merchant, host } = resolveMerchant(flags);
  const origin = platformOrigin(merchant, flags.get("--platform-origin") as string | undefined);
  const languageFlag = flags.get("--language") as string | undefined;
  if (languageFlag && !(LANGUAGE_CODES as readonly string[]).includes(languageFlag))
    throw new UsageError(`--language: one of ${LANGUAGE_CODES.join(", ")}`);
  const language = (languageFlag ?? merchant.defaultLanguage) as LanguageCode;
  const username = flags.get("--member") as string | undefined;
  let member: CheckOptions["member"] = null;
  if (username) {
    const password = io.env[PASSWORD_ENV] || (await io.askSecret(`Password of ${username} at ${merchant.merchantCode}: `));
    if (!password) throw new UsageError(`--member needs the password in ${PASSWORD_ENV} or typed when asked`);
    member = { username, password };
  }
  const result = await runCheck({
    merchant,
    host,
    platformOrigin: origin,
    language,
    member,
    write: flags.get("--write") === true,
    ...extra,
  });
  const counts = summary(result);
  const record = flags.get("--record") as string | undefined;
  const recorded = record ? writeRecording(record, merchant.merchantCode, result) : null;
  if (flags.get("--json") === true) {
    io.out(
      JSON.stringify(
        {
          merchant: merchant.merchantCode,
          host,
          platformOrigin: origin,
          member: member !== null,
          write: flags.get("--write") === true,
          ...counts,
          rows: result.rows,
        },
        null,
        2,
      ),
    );
  } else {
    io.out(
      `Platform contract check: merchant ${merchant.merchantCode} (${host}) at ${origin}${member ? ", with a member" : ", visitor only"}`,
    );
    for (const line of tableLines(result.rows)) io.out(line);
    io.out(
      `${result.rows.length} calls: ${counts.ok} ok, ${counts.warnings} warning${counts.warnings === 1 ? "" : "s"}, ` +
        `${counts.errors} failed that the product cannot do without, ${counts.skipped} skipped`,
    );
    if (recorded !== null) io.out(`Recorded ${recorded} answers, redacted, in ${record}`);
  }
  return counts.errors > 0 ? 1 : 0;
}

export async function main(argv: readonly string[], io: Io, extra: Partial<CheckOptions> = {}): Promise<number> {
  try {
    const { positional, flags } = parseArgs(argv);
    const [command, ...rest] = positional;
    if (command === "check" && rest.length === 0) return await check(flags, io, extra);
    throw new UsageError(command ? `unexpected arguments: ${positional.join(" ")}` : "no command");
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
}

/** The password from the terminal, not echoed; "" without a terminal (a pipe, CI): use the environment variable. */
export async function askSecretOnTty(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) return "";
  process.stdout.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding("utf8");
  return new Promise((resolve) => {
    let typed = "";
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          process.stdout.write("\n");
          resolve(typed);
          return;
        }
        if (ch === "\u0003") {
          input.setRawMode(false);
          process.exit(130);
        }
        typed = ch === "\u007f" ? typed.slice(0, -1) : typed + ch;
      }
    };
    input.on("data", onData);
  });
}
