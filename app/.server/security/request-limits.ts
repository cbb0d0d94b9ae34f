// Limits below Cloudflare's own, so an oversized request gets our clear page instead of an opaque failure.
export const MAX_URL_LENGTH = 8_192;
export const MAX_QUERY_LENGTH = 4_096;
export const MAX_HEADER_BYTES = 16_384;
export const MAX_BODY_BYTES = 1_048_576;

export type LimitProblem = { status: 414 | 431 | 413; reason: "url" | "headers" | "body" };

export function checkRequestLimits(request: Request): LimitProblem | null {
  const url = new URL(request.url);
  if (request.url.length > MAX_URL_LENGTH || url.search.length > MAX_QUERY_LENGTH) return { status: 414, reason: "url" };
  let headerBytes = 0;
  request.headers.forEach((value, name) => {
    headerBytes += name.length + value.length + 4;
  });
  if (headerBytes > MAX_HEADER_BYTES) return { status: 431, reason: "headers" };
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (Number.isFinite(length) && length > MAX_BODY_BYTES) return { status: 413, reason: "body" };
  return null;
}
