// Request-body parsing: bad JSON or a body that fails its schema becomes a
// platform-shaped 400, never an exception.
import type { z } from "zod";
import { fail } from "./http";

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

export function invalidRequest(message: string): Response {
  return fail("request.invalid", message, 400);
}

/** Formats zod issues as "path: message; ..." for a readable error message. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message)).join("; ");
}

export function parseWith<S extends z.ZodTypeAny>(schema: S, input: unknown): Parsed<z.infer<S>> {
  const result = schema.safeParse(input);
  if (!result.success) {
    return { ok: false, response: invalidRequest(`Invalid request body: ${describeIssues(result.error)}`) };
  }
  return { ok: true, data: result.data as z.infer<S> };
}

/**
 * Reads a JSON body and validates it. An empty body is read as `emptyAs`
 * (for endpoints whose fields are all optional).
 */
export async function readJson<S extends z.ZodTypeAny>(request: Request, schema: S, emptyAs?: unknown): Promise<Parsed<z.infer<S>>> {
  const raw = await request.text();
  let input: unknown;
  if (raw.trim() === "" && emptyAs !== undefined) {
    input = emptyAs;
  } else {
    try {
      input = JSON.parse(raw);
    } catch {
      return { ok: false, response: invalidRequest("Request body is not valid JSON") };
    }
  }
  return parseWith(schema, input);
}
