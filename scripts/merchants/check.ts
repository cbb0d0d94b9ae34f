// `npm run merchants -- check`: an operator's routes file judged by the Worker's own schema (merchant-config.ts) and
// resolver (match-host.ts), plus the conflicts the Worker cannot see entry by entry
// (docs/behaviour/operations.md#routes-check).
import { domainToASCII } from "node:url";
import { merchantRouteSchema, type MerchantRoute } from "../../app/.server/merchants/merchant-config";
import { hostMatches, isWildcard } from "../../app/.server/merchants/match-host";

/** One thing wrong with a routes file: which entry (null for the file as a whole), its merchant, the field and why. */
export type Problem = { entry: number | null; merchant: string | null; field: string; reason: string };

export type CheckResult = {
  problems: Problem[];
  /** The entries that passed the schema, with their position in the file. */
  routes: { index: number; route: MerchantRoute }[];
};

/** Hosts and merchant of an entry: enough to find conflicts, even in an entry with a problem elsewhere. */
const claimSchema = merchantRouteSchema.pick({ hosts: true, merchantCode: true });
type Claim = { index: number; route: { hosts: string[]; merchantCode: string } };

/** Why a host pattern as written is not in the one form the Worker compares (null when it is). */
export function hostFormProblem(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed !== raw) return `no spaces around the host: write "${trimmed}"`;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(raw);
  if (scheme) return `no scheme: write "${raw.slice(scheme[0].length).replace(/[/:].*$/, "")}"`;
  if (raw.includes("/")) return `no path: write "${raw.replace(/\/.*$/, "")}"`;
  if (/:\d*$/.test(raw)) return `no port: write "${raw.replace(/:\d*$/, "")}"`;
  if (raw.endsWith(".")) return `no trailing dot: write "${raw.replace(/\.+$/, "")}"`;
  // Non-ASCII names are compared in their ASCII (punycode) form, as browsers send them in the Host header.
  if (/[^ -~]/.test(raw)) {
    const wildcard = isWildcard(raw);
    const ascii = domainToASCII(wildcard ? raw.slice(2) : raw);
    return ascii ? `punycode: write "${wildcard ? "*." : ""}${ascii}"` : "not a host name";
  }
  if (raw !== raw.toLowerCase()) return `lower case: write "${raw.toLowerCase()}"`;
  return null;
}

function merchantOf(entry: unknown): string | null {
  if (entry && typeof entry === "object" && "merchantCode" in entry) {
    const code = (entry as { merchantCode: unknown }).merchantCode;
    if (typeof code === "string" && code) return code;
  }
  return null;
}

function label(index: number, merchant: string | null): string {
  return merchant ? `routes[${index}] (${merchant})` : `routes[${index}]`;
}

/** Checks parsed JSON: the array, each entry against the schema, each host's form, then conflicts between entries. */
export function checkRoutes(raw: unknown): CheckResult {
  const problems: Problem[] = [];
  const routes: CheckResult["routes"] = [];
  const claims: Claim[] = [];
  if (!Array.isArray(raw)) {
    return { problems: [{ entry: null, merchant: null, field: "(file)", reason: "expected a JSON array of routes" }], routes };
  }

  raw.forEach((entry: unknown, index) => {
    const merchant = merchantOf(entry);
    // Host form first: a clearer reason than the schema's pattern error, which is then not repeated.
    const formProblems = new Set<string>();
    const hosts = entry && typeof entry === "object" ? (entry as { hosts?: unknown }).hosts : undefined;
    if (Array.isArray(hosts)) {
      hosts.forEach((host: unknown, h) => {
        if (typeof host !== "string") return;
        const reason = hostFormProblem(host);
        if (reason) {
          formProblems.add(`hosts.${h}`);
          problems.push({ entry: index, merchant, field: `hosts[${h}]`, reason: `"${host}" is not in normal form (${reason})` });
        }
      });
    }
    const claim = claimSchema.safeParse(entry);
    if (claim.success && formProblems.size === 0) claims.push({ index, route: claim.data });
    const parsed = merchantRouteSchema.safeParse(entry);
    if (parsed.success) {
      if (formProblems.size === 0) routes.push({ index, route: parsed.data });
      return;
    }
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".");
      if (formProblems.has(path)) continue;
      const field = issue.path
        .map((part) => (typeof part === "number" ? `[${part}]` : `.${part}`))
        .join("")
        .replace(/^\./, "");
      problems.push({ entry: index, merchant, field: field || "(entry)", reason: issue.message });
    }
  });

  problems.push(...findConflicts(claims));
  // Entry by entry, as an operator reads the file.
  problems.sort((a, b) => (a.entry ?? -1) - (b.entry ?? -1));
  return { problems, routes };
}

/**
 * Two entries claiming one host (only the first would be served), and a wildcard covering another merchant's exact
 * host (the exact host wins, so the wildcard's owner silently loses it, or the exact entry is a mistake).
 * Nested wildcards of different merchants are allowed: the longer one wins by rule.
 */
export function findConflicts(routes: readonly Claim[]): Problem[] {
  const problems: Problem[] = [];
  const claimed = new Map<string, { index: number; merchant: string }>();
  for (const { index, route } of routes) {
    route.hosts.forEach((host, h) => {
      const first = claimed.get(host);
      if (!first) {
        claimed.set(host, { index, merchant: route.merchantCode });
        return;
      }
      const reason =
        first.index === index
          ? `"${host}" is listed twice in this entry`
          : `"${host}" is also claimed by ${label(first.index, first.merchant)}; only the first entry would be served`;
      problems.push({ entry: index, merchant: route.merchantCode, field: `hosts[${h}]`, reason });
    });
  }
  for (const { index, route } of routes) {
    route.hosts.forEach((pattern, h) => {
      if (!isWildcard(pattern)) return;
      for (const other of routes) {
        if (other.route.merchantCode === route.merchantCode) continue;
        for (const exact of other.route.hosts) {
          if (isWildcard(exact) || !hostMatches(pattern, exact)) continue;
          problems.push({
            entry: index,
            merchant: route.merchantCode,
            field: `hosts[${h}]`,
            reason: `wildcard "${pattern}" shadows "${exact}" of ${label(other.index, other.route.merchantCode)}; the exact host wins there`,
          });
        }
      }
    });
  }
  return problems;
}

/** Reads a routes file's text: a JSON syntax error is a problem of the file, not an exception. */
export function checkRoutesText(text: string): CheckResult & { raw: unknown } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const reason = `not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
    return { problems: [{ entry: null, merchant: null, field: "(file)", reason }], routes: [], raw: undefined };
  }
  return { ...checkRoutes(raw), raw };
}

export function formatProblem(problem: Problem): string {
  const where = problem.entry === null ? "file" : label(problem.entry, problem.merchant);
  return `${where} ${problem.field}: ${problem.reason}`;
}
