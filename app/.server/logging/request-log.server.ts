// The Worker's logs: one JSON line per request, and event lines for what an operator must look at, each a single
// JSON object that Workers Logs and `wrangler tail` index (docs/behaviour/operations.md#request-log,
// docs/decisions/0049-request-logs.md). Nothing secret is ever written: every text field passes `redact`, and the
// request line is built from named fields only, never from headers, cookies, bodies or the query string.

export type LogLevel = "info" | "warn" | "error";

/** What answered a request (docs/behaviour/operations.md#route-kinds). */
export type RouteKind = "page" | "action" | "proxy" | "asset" | "edge-error" | "sandbox" | "report";

/** The header that carries the request id to the platform and back to the client. */
export const REQUEST_ID_HEADER = "X-Request-Id";

const MAX_TEXT = 300;

// Secrets as they appear in free text (error messages, URLs a browser reported): a query string, a named credential
// with its value, an Authorization scheme with its token, a cookie header, a JSON web token.
const QUERY = /\?[^\s"'<>]*/g;
const NAMED_SECRET =
  /\b(token|access[_-]?token|refresh[_-]?token|password|passwd|pwd|secret|session|cookie|set-cookie|authorization|api[_-]?key|code|otp)(["']?\s*[:=]\s*["']?)([^\s"',;&}]+)/gi;
const AUTH_SCHEME = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

/** Free text made safe to log: no query strings, credential values, bearer tokens or JWTs; at most 300 characters. */
export function redact(text: string): string {
  return text
    .replace(QUERY, "?[redacted]")
    .replace(AUTH_SCHEME, "$1 [redacted]")
    .replace(JWT, "[redacted]")
    .replace(NAMED_SECRET, "$1$2[redacted]")
    .slice(0, MAX_TEXT);
}

/** A URL or path as it may be logged: the path only, never the query string or fragment. */
export function loggablePath(url: string): string {
  let path: string;
  try {
    path = new URL(url, "https://path.invalid").pathname;
  } catch {
    path = url.replace(/[?#].*$/, "");
  }
  return redact(path);
}

/** What an error says, redacted: its name and message, never its stack (which may quote values). */
export function describeError(error: unknown): string {
  if (error instanceof Error) return redact(`${error.name}: ${error.message}`);
  return redact(typeof error === "string" ? error : "non-error thrown");
}

type Field = string | number | boolean | null | undefined | readonly string[];
export type LogFields = Record<string, Field>;

function clean(fields: LogFields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === "string") out[name] = redact(value);
    else if (Array.isArray(value)) out[name] = value.slice(0, 20).map((v: string) => redact(v));
    else out[name] = value;
  }
  return out;
}

/** Writes one JSON line at its level: console.info, console.warn or console.error (Workers Logs keeps the level). */
export function writeLogLine(level: LogLevel, fields: Record<string, unknown>): void {
  const line = JSON.stringify({ level, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.info(line);
}

/** An event outside a request's own line, or inside it with its request id: a bad route, a timeout, a CSP report. */
export function logEvent(level: LogLevel, event: string, fields: LogFields = {}): void {
  writeLogLine(level, { event, ...clean(fields) });
}

/** Counts the request line reports; the data layer (PlatformReads) is the one that knows them. */
export type PlatformCounts = { roundTrips: number; cacheHits: number; memoHits: number };

/** One request's log: filled in as the request goes through the pipeline, written once when the answer starts. */
export class RequestLog {
  readonly id: string;
  private readonly startedAt: number;
  private readonly method: string;
  private readonly path: string;
  private merchant: string | null = null;
  private kind: RouteKind | null = null;
  private counts: (() => PlatformCounts) | null = null;
  private platformErrorCode: string | null = null;
  private visitorPage: "served" | "kept" | null = null;
  private platformTimeouts = 0;
  private platformUnreachable = 0;
  private level: LogLevel = "info";
  private written = false;

  constructor(request: Request, now = Date.now(), id: string = crypto.randomUUID()) {
    this.id = id;
    this.startedAt = now;
    this.method = request.method;
    this.path = loggablePath(request.url);
  }

  get merchantCode(): string | null {
    return this.merchant;
  }

  setMerchant(code: string): void {
    this.merchant = code;
  }

  setKind(kind: RouteKind): void {
    this.kind = kind;
  }

  /** Where the platform call count and cache hits come from (the request's PlatformReads). */
  countPlatformCallsWith(counts: () => PlatformCounts): void {
    this.counts = counts;
  }

  /** The page was a kept visitor page, or was kept as one (docs/behaviour/platform-data.md#visitor-pages). */
  noteVisitorPage(use: "served" | "kept"): void {
    this.visitorPage = use;
  }

  /**
   * The platform answered with an error code: kept for the line (the last one wins). An expected player error
   * (a wrong password) is information, not a warning.
   */
  notePlatformErrorCode(code: string): void {
    this.platformErrorCode = code;
  }

  /** A platform call timed out or could not be reached: a warning line naming the merchant, and the request's level. */
  notePlatformFailure(kind: "timeout" | "unreachable", path: string, error?: unknown): void {
    if (kind === "timeout") this.platformTimeouts += 1;
    else this.platformUnreachable += 1;
    this.platformErrorCode ??= kind === "timeout" ? "platform.timeout" : "platform.unavailable";
    this.raise("warn");
    logEvent("warn", kind === "timeout" ? "platform-timeout" : "platform-unreachable", {
      requestId: this.id,
      merchant: this.merchant,
      platformPath: loggablePath(path),
      error: error === undefined ? undefined : describeError(error),
    });
  }

  raise(level: LogLevel): void {
    if (level === "error" || (level === "warn" && this.level === "info")) this.level = level;
  }

  /** The request line; written once, when the response starts (streamed bodies may still be on their way). */
  finish(status: number, now = Date.now()): void {
    if (this.written) return;
    this.written = true;
    if (status >= 500) this.raise(this.platformTimeouts + this.platformUnreachable > 0 ? "warn" : "error");
    const counts = this.counts?.() ?? { roundTrips: 0, cacheHits: 0, memoHits: 0 };
    writeLogLine(this.level, {
      event: "request",
      requestId: this.id,
      merchant: this.merchant,
      kind: this.kind,
      method: this.method,
      path: this.path,
      status,
      durationMs: Math.max(0, now - this.startedAt),
      platformCalls: counts.roundTrips,
      cacheHits: counts.cacheHits,
      memoHits: counts.memoHits,
      visitorPage: this.visitorPage,
      platformErrorCode: this.platformErrorCode,
      platformTimeouts: this.platformTimeouts,
    });
  }
}
