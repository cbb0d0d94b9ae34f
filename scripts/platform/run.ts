// Runs the checked calls (calls.ts) against one merchant's platform with the product's own client, and judges each
// answer (evaluate.ts). The client reaches the platform through a stand-in service binding that forwards to the
// origin and notes every round trip: its status, time and text (docs/behaviour/operations.md#going-live).
import { PAGE_DEADLINE_MS, PlatformClient, PLATFORM_TIMEOUT_MS } from "../../app/.server/platform/client";
import type { Merchant } from "../../app/.server/merchants/merchant-config";
import type { LanguageCode } from "../../app/i18n/languages";
import { CHECKED_CALLS, Skip, type CheckedCall, type RunContext, type Source } from "./calls";
import { evaluate, type Answer, type Verdict } from "./evaluate";
import { redactText } from "./redact";

/** The stand-in binding's name in the client's env. */
const CHECK_BINDING = "PLATFORM_CHECK";

export type CheckOptions = {
  merchant: Merchant;
  /** The host players use (the public origin the platform is told about). */
  host: string;
  /** Where the platform answers: `/wps/...` paths are appended to it. */
  platformOrigin: string;
  language: LanguageCode;
  member: { username: string; password: string } | null;
  write: boolean;
  /** The product's page deadline and per-call default; tests shorten them. */
  pageDeadlineMs?: number;
  callTimeoutMs?: number;
  fetch?: typeof fetch;
  calls?: readonly CheckedCall[];
};

export type Severity = "ok" | "warning" | "error" | "skipped";

export type Row = {
  call: string;
  method: string;
  path: string;
  query: string;
  source: Source;
  essential: boolean;
  audience: "visitor" | "member";
  status: number | null;
  ms: number | null;
  verdict: Verdict;
  severity: Severity;
  /** What the player sees: only when the call did not pass. */
  playerSees: string | null;
};

/** One round trip the client made, as the stand-in binding saw it. */
type Trip = { pathname: string; search: string; started: number; ms: number | null; answer: Answer };

export type CheckResult = {
  rows: Row[];
  /** Each row's answer (for --record), and the secrets to mask in anything written or printed. */
  answers: { call: CheckedCall; trip: Trip }[];
  secrets: string[];
};

/** Why a fetch failed, in one line: the system's error code, never a stack. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === "string") return cause.code;
  if (cause && typeof cause.message === "string") return cause.message.split("\n")[0]!;
  return error instanceof Error ? error.message.split("\n")[0]! : "fetch failed";
}

/** A fetcher in the shape of a service binding: the client's requests go to the origin, each noted in `trips`. */
function recordingBinding(origin: string, trips: Trip[], fetchImpl: typeof fetch): Fetcher {
  const base = origin.replace(/\/+$/, "");
  const forward = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const trip: Trip = { pathname: url.pathname, search: url.search, started: performance.now(), ms: null, answer: { kind: "none" } };
    trips.push(trip);
    try {
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
      const response = await fetchImpl(base + url.pathname + url.search, {
        method: request.method,
        headers: request.headers,
        body,
        signal: request.signal,
        redirect: "manual",
      });
      const text = await response.text();
      trip.ms = Math.round(performance.now() - trip.started);
      trip.answer = { kind: "answer", status: response.status, contentType: response.headers.get("content-type") ?? "", text };
      return new Response(text, { status: response.status, headers: { "content-type": trip.answer.contentType } });
    } catch (error) {
      trip.ms = Math.round(performance.now() - trip.started);
      trip.answer = request.signal.aborted ? { kind: "timeout", afterMs: trip.ms } : { kind: "unreachable", reason: reasonOf(error) };
      throw error;
    }
  };
  return {
    fetch: forward as Fetcher["fetch"],
    connect: () => {
      throw new Error("not supported");
    },
  } as unknown as Fetcher;
}

function severityOf(call: CheckedCall, verdict: Verdict): Severity {
  if (verdict.result === "ok") return "ok";
  if (verdict.result === "skipped") return "skipped";
  return call.essential ? "error" : "warning";
}

function queryText(call: CheckedCall): string {
  return Object.entries(call.query ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** One call with its own round-trip log, judged. */
async function runOne(
  call: CheckedCall,
  shared: RunContext & { clientFor: (trips: Trip[]) => RunContext["client"] },
): Promise<{ row: Row; answer: CheckResult["answers"][number] | null; rowCtx: RunContext }> {
  const trips: Trip[] = [];
  const rowCtx: RunContext = { ...shared, client: shared.clientFor(trips) };
  let skip: Skip | null = null;
  try {
    const outcome = await call.run(rowCtx);
    if (outcome instanceof Skip) skip = outcome;
  } catch (error) {
    // A product function that throws (a redirect it builds, a bug): reported on the row, never as a stack.
    skip = new Skip(`the product's call threw: ${reasonOf(error)}`);
  }
  const trip = trips.filter((t) => t.pathname === call.path).at(-1);
  if (trip && trip.answer.kind === "none") {
    // The client stopped waiting: the product's own timeout for this call.
    trip.ms = Math.round(performance.now() - trip.started);
    trip.answer = { kind: "timeout", afterMs: trip.ms };
  }
  const verdict: Verdict = trip ? evaluate(trip.answer, call) : { result: "skipped", detail: skip?.reason ?? "not called" };
  const severity = severityOf(call, verdict);
  const row: Row = {
    call: call.id,
    method: call.method,
    path: call.path,
    query: queryText(call),
    source: call.source,
    essential: call.essential,
    audience: call.audience,
    status: trip?.answer.kind === "answer" ? trip.answer.status : null,
    ms: trip?.ms ?? null,
    verdict,
    severity,
    playerSees: severity === "ok" || severity === "skipped" ? null : call.playerSees,
  };
  return { row, answer: trip ? { call, trip } : null, rowCtx };
}

export async function runCheck(options: CheckOptions): Promise<CheckResult> {
  const fetchImpl = options.fetch ?? fetch;
  // The route's own platform is replaced by the stand-in binding: whatever the route names, the check calls the origin.
  const merchant: Merchant = { ...options.merchant, platform: { service: CHECK_BINDING } };
  const pageDeadlineMs = options.pageDeadlineMs ?? PAGE_DEADLINE_MS;
  const callTimeoutMs = options.callTimeoutMs ?? PLATFORM_TIMEOUT_MS;
  const visitorRequest = new Request(`https://${options.host}/m/home`);

  const clientFor =
    (trips: Trip[]): RunContext["client"] =>
    (kind, token = null) =>
      PlatformClient.create({
        merchant,
        env: { [CHECK_BINDING]: recordingBinding(options.platformOrigin, trips, fetchImpl) },
        request: visitorRequest,
        language: options.language,
        token,
        callTimeoutMs,
        deadline: kind === "page" ? Date.now() + pageDeadlineMs : null,
      });
  const ctx: RunContext & { clientFor: typeof clientFor } = {
    clientFor,
    client: clientFor([]),
    merchant,
    host: options.host,
    language: options.language,
    settings: null,
    member: options.member,
    token: null,
    memberLanguage: null,
    write: options.write,
  };

  const rows: Row[] = [];
  const answers: CheckResult["answers"] = [];
  // Consecutive calls marked concurrent go together, as a page's reads do; the rest one by one (they feed later calls).
  const calls = options.calls ?? CHECKED_CALLS;
  for (let i = 0; i < calls.length;) {
    let j = i + 1;
    if (calls[i]!.concurrent) while (j < calls.length && calls[j]!.concurrent) j++;
    const batch = calls.slice(i, j);
    const done = await Promise.all(batch.map((call) => runOne(call, ctx)));
    for (const { row, answer, rowCtx } of done) {
      rows.push(row);
      if (answer) answers.push(answer);
      // What a call learnt (the settings, the member's token and language) is there for the calls after it.
      ctx.settings = rowCtx.settings ?? ctx.settings;
      ctx.token = rowCtx.token;
      ctx.memberLanguage = rowCtx.memberLanguage ?? ctx.memberLanguage;
    }
    i = j;
  }
  const secrets = [options.member?.password, options.member?.username, ctx.token].filter((s): s is string => !!s);
  // Nothing the platform said may carry the member's secrets onto the screen.
  for (const row of rows) {
    if (row.verdict.result === "mismatch") row.verdict = { ...row.verdict, got: redactText(row.verdict.got, secrets) };
    else row.verdict = { ...row.verdict, detail: redactText(row.verdict.detail, secrets) };
  }
  return { rows, answers, secrets };
}
