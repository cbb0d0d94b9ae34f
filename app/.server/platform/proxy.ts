import type { AppSession } from "../session";
import { MAX_BODY_BYTES } from "../security/request-limits";
import { PLATFORM_TIMEOUT_MS, type PlatformClient } from "./client";
import { classifyFailure, type PlatformReply } from "./outcomes";
import { describeError, logEvent, type RequestLog } from "../logging/request-log.server";
import { proxyCallFor } from "./proxy-calls";

// Same-origin /wps/* calls from the browser go on to the merchant's platform (docs/behaviour/shell.md#platform-proxy).

const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
];
// Ours, not the platform's: the session cookie and the edge's own routing headers never leave the edge.
// The request id is the edge's own too: a client never chooses the id the platform and the logs see.
const NOT_FORWARDED = ["host", "cookie", "content-length", "cf-connecting-ip", "x-forwarded-host", "merchant", "language", "x-request-id"];

function platformError(status: number, errorCode: string, message: string): Response {
  return Response.json({ success: false, errorCode, message }, { status, headers: { "Cache-Control": "no-store" } });
}

export function forbiddenOriginReply(): Response {
  return platformError(403, "origin.forbidden", "Cross-origin requests are not allowed");
}

function dropHopByHop(headers: Headers, extra: string[] = []): void {
  const named = (headers.get("connection") ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const name of [...HOP_BY_HOP, ...named, ...extra]) headers.delete(name);
}

/** Platform HTML shown through the proxy (game and chat pages) may not run scripts or load from elsewhere. */
export const PROXIED_HTML_CSP = [
  "default-src 'none'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join("; ");

/** A navigation or frame load (a page the browser will show), not an API call from script. */
function isPageLoad(request: Request): boolean {
  const dest = request.headers.get("Sec-Fetch-Dest");
  if (dest) return dest === "document" || dest === "iframe" || dest === "frame";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/** A warning naming the merchant: in the request's log, or on its own line where there is none. */
function noteFailure(
  log: RequestLog | undefined,
  platform: PlatformClient,
  kind: "timeout" | "unreachable",
  path: string,
  error?: unknown,
) {
  if (log) log.notePlatformFailure(kind, path, error);
  else
    logEvent("warn", kind === "timeout" ? "platform-timeout" : "platform-unreachable", {
      merchant: platform.merchantCode,
      platformPath: path,
      error: error === undefined ? undefined : describeError(error),
    });
}

/** The platform's error code in a failed JSON reply, for the request log (small replies only). */
function replyErrorCode(status: number, contentType: string, payload: ArrayBuffer): string | null {
  if (!contentType.includes("json") || payload.byteLength > 65_536) return status >= 400 ? `http.${status}` : null;
  try {
    const reply = JSON.parse(new TextDecoder().decode(payload)) as Partial<PlatformReply> | null;
    if (reply && typeof reply === "object" && reply.success === false)
      return typeof reply.errorCode === "string" ? reply.errorCode : `http.${status}`;
  } catch {
    // Not JSON after all: the status says enough.
  }
  return status >= 400 ? `http.${status}` : null;
}

/** The platform said the member's token is no longer valid (the same catalogue as the edge's own calls). */
function endsSession(status: number, contentType: string, payload: ArrayBuffer): boolean {
  if (status === 401) return true;
  if (!contentType.includes("json") || payload.byteLength > 65_536) return false;
  try {
    const reply = JSON.parse(new TextDecoder().decode(payload)) as PlatformReply;
    return !!reply && typeof reply === "object" && reply.success === false && classifyFailure(status, reply).kind === "not-logged-in";
  } catch {
    return false;
  }
}

export async function proxyToPlatform(
  request: Request,
  platform: PlatformClient,
  session: AppSession,
  options: { timeoutMs?: number; log?: RequestLog } = {},
): Promise<Response> {
  const url = new URL(request.url);
  // Only the calls on the allow-list pass; identity calls are the edge's own (docs/behaviour/shell.md#proxy-allow-list).
  const passwordChangePending = !!session.token && !!session.mustChangePassword;
  const decision = proxyCallFor(request.method, url.pathname, { passwordChangePending });
  if ("refused" in decision) {
    const { status, errorCode, message } = decision.refused;
    options.log?.notePlatformErrorCode(errorCode);
    return platformError(status, errorCode, message);
  }
  const headers = new Headers(request.headers);
  dropHopByHop(headers, NOT_FORWARDED);
  platform.baseHeaders().forEach((value, name) => headers.set(name, value));
  // The member's token goes with API calls only: never with a page the browser shows (it could leak in links), nor with
  // calls that need no login (docs/behaviour/shell.md#proxy-token). While a password change is pending it goes only with
  // the calls the change needs: the rest are answered as for a visitor.
  const sendsToken =
    !headers.has("authorization") &&
    !!session.token &&
    !decision.allowed.withoutToken &&
    !isPageLoad(request) &&
    (!passwordChangePending || !!decision.allowed.duringForcedChange);
  if (sendsToken) headers.set("Authorization", session.token!);

  let body: ArrayBuffer | undefined;
  if (request.method !== "GET" && request.method !== "HEAD") {
    body = await request.arrayBuffer();
    if (body.byteLength > MAX_BODY_BYTES) return platformError(413, "request.too.large", "Request body too large");
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? PLATFORM_TIMEOUT_MS);
  try {
    const upstream = await platform.fetchPlatform(url.pathname + url.search, {
      method: request.method,
      headers,
      body,
      signal: controller.signal,
      redirect: "manual",
    });
    // Buffered so the timeout also covers a platform that stalls mid-body.
    const payload = await upstream.arrayBuffer();
    const replyHeaders = new Headers(upstream.headers);
    dropHopByHop(replyHeaders, ["set-cookie", "content-length", "content-encoding"]);
    const contentType = (replyHeaders.get("content-type") ?? "").toLowerCase();
    const errorCode = replyErrorCode(upstream.status, contentType, payload);
    if (errorCode) options.log?.notePlatformErrorCode(errorCode);
    if (contentType.includes("text/html")) replyHeaders.set("Content-Security-Policy", PROXIED_HTML_CSP);
    // A member's own data is never kept by a shared cache or the service worker.
    if (sendsToken) replyHeaders.set("Cache-Control", "private, no-store");
    // The Worker writes the cleared session cookie with the reply.
    if (sendsToken && endsSession(upstream.status, contentType, payload)) session.signOut();
    return new Response(payload, { status: upstream.status, headers: replyHeaders });
  } catch (error) {
    if (controller.signal.aborted) {
      noteFailure(options.log, platform, "timeout", url.pathname);
      return platformError(504, "platform.timeout", "The platform did not answer in time");
    }
    noteFailure(options.log, platform, "unreachable", url.pathname, error);
    return platformError(502, "platform.unavailable", "The platform is unavailable");
  } finally {
    clearTimeout(timer);
  }
}
