// What the app's pages accept (docs/behaviour/errors.md#form-posts): GET and HEAD, and POST of an HTML form.
// Anything else is answered here with a clear, translated page, before Remix could fail on it with a 500.

export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type PageRequestProblem =
  { status: 405; kind: "method-not-allowed" } | { status: 415; kind: "unsupported-media-type" } | { status: 400; kind: "bad-request" };

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A problem to answer with, or null when Remix can take the request. Reads a clone of the body, never the body. */
export async function checkPageRequest(request: Request): Promise<PageRequestProblem | null> {
  const method = request.method.toUpperCase();
  if (!(PAGE_METHODS as readonly string[]).includes(method)) return { status: 405, kind: "method-not-allowed" };
  if (method !== "POST") return null;
  if (!FORM_TYPES.includes(mediaType(request.headers.get("Content-Type")))) return { status: 415, kind: "unsupported-media-type" };
  try {
    await request.clone().formData();
  } catch {
    return { status: 400, kind: "bad-request" };
  }
  return null;
}
