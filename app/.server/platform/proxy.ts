import type { AppSession } from "../session";
import { MAX_BODY_BYTES } from "../security/request-limits";
import { PLATFORM_TIMEOUT_MS, type PlatformClient } from "./client";

// Same-origin /wps/* calls from the browser go on to the merchant's platform (design brief, step 2).

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
const NOT_FORWARDED = ["host", "cookie", "content-length", "cf-connecting-ip", "x-forwarded-host", "merchant", "language"];

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

export async function proxyToPlatform(request: Request, platform: PlatformClient, session: AppSession): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  dropHopByHop(headers, NOT_FORWARDED);
  platform.baseHeaders().forEach((value, name) => headers.set(name, value));
  if (!headers.has("authorization") && session.token) headers.set("Authorization", session.token);

  let body: ArrayBuffer | undefined;
  if (request.method !== "GET" && request.method !== "HEAD") {
    body = await request.arrayBuffer();
    if (body.byteLength > MAX_BODY_BYTES) return platformError(413, "request.too.large", "Request body too large");
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PLATFORM_TIMEOUT_MS);
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
    return new Response(payload, { status: upstream.status, headers: replyHeaders });
  } catch (error) {
    if (controller.signal.aborted) return platformError(504, "platform.timeout", "The platform did not answer in time");
    console.error(`[proxy] ${platform.merchantCode} ${url.pathname} unreachable`, error);
    return platformError(502, "platform.unavailable", "The platform is unavailable");
  } finally {
    clearTimeout(timer);
  }
}
