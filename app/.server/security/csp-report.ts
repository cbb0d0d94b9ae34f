// Where browsers send Content-Security-Policy violations (report-uri and report-to): logged for operators, never acted
// on. Bodies are capped and only the fields that say what was blocked are kept.
import { MAX_BODY_BYTES } from "./request-limits";
import { logEvent, loggablePath } from "../logging/request-log.server";

export { CSP_REPORT_URI as CSP_REPORT_PATH } from "./headers";
const MAX_REPORT_BYTES = Math.min(MAX_BODY_BYTES, 16_384);

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

/**
 * Each violation is a warning naming the merchant: what was blocked (its origin and path, never its query string) on
 * which page, by which directive (docs/behaviour/operations.md#log-levels).
 */
export async function logCspReport(request: Request, merchantCode: string, requestId?: string): Promise<Response> {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const body = await request.text().catch(() => "");
  if (body.length <= MAX_REPORT_BYTES) {
    try {
      for (const violation of parseCspReport(JSON.parse(body))) {
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
