// Where browsers send Content-Security-Policy violations (report-uri and report-to): logged for operators, never acted
// on. Bodies are capped, only the fields that say what was blocked are kept, and the lines written are bounded per
// report, per client and per isolate (docs/behaviour/operations.md#csp-reports).
import { MAX_BODY_BYTES } from "./request-limits";
import { logEvent, loggablePath } from "../logging/request-log.server";

export { CSP_REPORT_URI as CSP_REPORT_PATH } from "./headers";
const MAX_REPORT_BYTES = Math.min(MAX_BODY_BYTES, 16_384);

/** How many violation lines may be written: per report, per client and per isolate in a window. */
export const CSP_LOG_LIMITS = { perReport: 5, perClient: 10, perIsolate: 200, windowMs: 60_000, clients: 1_000 };
export type CspLogLimits = typeof CSP_LOG_LIMITS;

type Window = { start: number; used: number };

/**
 * The lines this isolate may still write. One browser's page can send a report for every blocked request, and a
 * client can send any number: the first lines of each window are enough to see what is blocked. Clients are kept in
 * a bounded map (the oldest window goes first), so the memory used stays small whatever the number of clients.
 */
export class CspLogBudget {
  private readonly clients = new Map<string, Window>();
  private isolate: Window = { start: 0, used: 0 };

  constructor(private readonly limits: CspLogLimits = CSP_LOG_LIMITS) {}

  /** How many of `wanted` lines `client` may write now (0 when its or the isolate's lines are used up); counts them. */
  take(client: string, wanted: number, now: number): number {
    if (wanted <= 0) return 0;
    const { windowMs } = this.limits;
    if (now - this.isolate.start >= windowMs) this.isolate = { start: now, used: 0 };
    let mine = this.clients.get(client);
    if (!mine || now - mine.start >= windowMs) {
      this.clients.delete(client);
      mine = { start: now, used: 0 };
      if (this.clients.size >= this.limits.clients) this.clients.delete(this.clients.keys().next().value!);
      this.clients.set(client, mine);
    }
    const granted = Math.max(
      0,
      Math.min(wanted, this.limits.perReport, this.limits.perClient - mine.used, this.limits.perIsolate - this.isolate.used),
    );
    mine.used += granted;
    this.isolate.used += granted;
    return granted;
  }

  /** Clients currently remembered (for tests). */
  get size(): number {
    return this.clients.size;
  }
}

const isolateBudget = new CspLogBudget();

type Violation = { documentURL?: string; blockedURL?: string; effectiveDirective?: string; disposition?: string };

function pick(source: Record<string, unknown>): Violation {
  const text = (...names: string[]) => {
    for (const name of names) if (typeof source[name] === "string") return (source[name] as string).slice(0, 300);
    return undefined;
  };
  return {
    documentURL: text("documentURL", "document-uri"),
    blockedURL: text("blockedURL", "blocked-uri"),
    effectiveDirective: text("effectiveDirective", "effective-directive", "violated-directive"),
    disposition: text("disposition"),
  };
}

/** A blocked URL as it may be logged: its origin and path ("inline", "eval" and the like as they are), no query. */
function loggableUrl(value: string): string {
  try {
    const url = new URL(value);
    return url.origin === "null" ? loggablePath(value) : `${url.origin}${loggablePath(url.pathname)}`;
  } catch {
    return loggablePath(value);
  }
}

/** The violations in a report-uri body ({"csp-report": …}) or a Reporting API batch ([{type, body}]). */
export function parseCspReport(raw: unknown): Violation[] {
  if (Array.isArray(raw)) {
    return raw
      .filter(
        (r): r is { type: string; body: Record<string, unknown> } =>
          !!r && typeof r === "object" && (r as { type?: unknown }).type === "csp-violation",
      )
      .slice(0, 20)
      .map((r) => pick(r.body ?? {}));
  }
  if (raw && typeof raw === "object" && "csp-report" in raw) {
    const report = (raw as Record<string, unknown>)["csp-report"];
    return report && typeof report === "object" ? [pick(report as Record<string, unknown>)] : [];
  }
  return [];
}

/** The body as text, or null when it is over MAX_REPORT_BYTES (read no further than that). */
async function readCapped(request: Request): Promise<string | null> {
  const reader = request.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_REPORT_BYTES) return null;
      chunks.push(value);
    }
  } catch {
    return null;
  } finally {
    reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** A batch often repeats one violation: each is written once. */
function distinct(violations: Violation[]): Violation[] {
  const seen = new Set<string>();
  return violations.filter((violation) => {
    const key = JSON.stringify([violation.effectiveDirective, violation.blockedURL, violation.documentURL, violation.disposition]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Each violation is a warning naming the merchant: what was blocked (its origin and path, never its query string) on
 * which page, by which directive (docs/behaviour/operations.md#log-levels).
 */
export async function logCspReport(
  request: Request,
  merchantCode: string,
  requestId?: string,
  budget: CspLogBudget = isolateBudget,
  now = Date.now(),
): Promise<Response> {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const body = await readCapped(request);
  if (body !== null) {
    try {
      const violations = distinct(parseCspReport(JSON.parse(body)));
      const client = request.headers.get("CF-Connecting-IP") ?? "unknown";
      for (const violation of violations.slice(0, budget.take(client, violations.length, now))) {
        logEvent("warn", "csp-violation", {
          requestId,
          merchant: merchantCode,
          directive: violation.effectiveDirective,
          blocked: violation.blockedURL === undefined ? undefined : loggableUrl(violation.blockedURL),
          page: violation.documentURL === undefined ? undefined : loggablePath(violation.documentURL),
          disposition: violation.disposition,
        });
      }
    } catch {
      // Not JSON: nothing to log.
    }
  }
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
