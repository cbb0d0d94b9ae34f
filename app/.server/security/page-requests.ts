// What the app's pages accept (docs/behaviour/errors.md#form-posts): GET and HEAD, and POST of an HTML form.
// Anything else is answered here with a clear, translated page, before Remix could fail on it with a 500.
// Addresses Remix cannot match are refused before it too (docs/behaviour/errors.md#unreadable-paths).

export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type PageRequestProblem =
  { status: 405; kind: "method-not-allowed" } | { status: 415; kind: "unsupported-media-type" } | { status: 400; kind: "bad-request" };

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Whether the request has no body at all, or an empty one. Reads a clone, and only up to its first byte. */
async function hasEmptyBody(request: Request): Promise<boolean> {
  const reader = request.clone().body?.getReader();
  if (!reader) return true;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      if (value.byteLength > 0) return false;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** A POST with neither a Content-Type nor a body (a bare logout from some clients) is an empty form. */
async function isBarePost(request: Request): Promise<boolean> {
  return !request.headers.has("Content-Type") && (await hasEmptyBody(request));
}

/** A problem to answer with, or null when Remix can take the request. Reads a clone of the body, never the body. */
export async function checkPageRequest(request: Request): Promise<PageRequestProblem | null> {
  const method = request.method.toUpperCase();
  if (!(PAGE_METHODS as readonly string[]).includes(method)) return { status: 405, kind: "method-not-allowed" };
  if (method !== "POST") return null;
  if (await isBarePost(request)) return null;
  if (!FORM_TYPES.includes(mediaType(request.headers.get("Content-Type")))) return { status: 415, kind: "unsupported-media-type" };
  try {
    await request.clone().formData();
  } catch {
    return { status: 400, kind: "bad-request" };
  }
  return null;
}

/**
 * The request as Remix gets it: a POST that passed checkPageRequest without a Content-Type has no body, and is handed on
 * as the empty form it is, so every action reads it like any other form.
 */
export function asPageRequest(request: Request): Request {
  if (request.method.toUpperCase() !== "POST" || request.headers.has("Content-Type")) return request;
  const headers = new Headers(request.headers);
  headers.set("Content-Type", FORM_TYPES[0]!);
  return new Request(request, { headers });
}

/** Line and paragraph separators, C0 and C1 controls and DEL: never in an address of ours, and Remix cannot match them. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const UNREADABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Whether the path, percent-decoded (a run that is not UTF-8 decodes its ASCII escapes only), holds such a character. */
export function isUnreadablePath(pathname: string): boolean {
  const decoded = pathname.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%[0-7][0-9A-Fa-f]/g, (one) => String.fromCharCode(parseInt(one.slice(1), 16)));
    }
  });
  return UNREADABLE.test(decoded);
}

/** The plain 404 for an unreadable path: no page, no stack trace in the log. */
export function unreadablePathReply(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
