// One answer judged against the contract: the envelope, the product's own value schema, the items a list must pass
// and the fields the product needs to be present (docs/behaviour/operations.md#going-live). Pure: the check and the
// fixture replay (tests/unit/platform-fixtures.test.ts) both use it.
import type { z } from "zod";
import { redactValue } from "./redact";

/** What came back for one call: an answer, or no answer in time. */
export type Answer =
  | { kind: "answer"; status: number; contentType: string; text: string }
  | { kind: "timeout"; afterMs: number }
  | { kind: "unreachable"; reason: string }
  | { kind: "none" };

/** A JSON type a field must have: `present` takes any value but a missing one. */
export type FieldType = "string" | "number" | "boolean" | "object" | "array" | "present";

export type Verdict =
  | { result: "ok"; detail: string }
  | { result: "mismatch"; field: string; expected: string; got: string }
  | { result: "refused"; detail: string }
  | { result: "timeout"; detail: string }
  | { result: "unreachable"; detail: string }
  | { result: "skipped"; detail: string };

export type Expectation = {
  /** The product's schema for the reply's `value`. */
  schema?: z.ZodTypeAny;
  /** A list's items: the product drops an item that fails this (the section shows fewer, or none). */
  item?: z.ZodTypeAny;
  /** Fields the product reads whose absence it would not notice (a default, a fallback): dot paths, `[]` for items, `a|b` for either. */
  fields?: Readonly<Record<string, FieldType>>;
  /** A business failure that still proves the call works (the handshake's "no such user"). */
  acceptFailure?: (errorCode: string | undefined, status: number) => boolean;
  /** A refusal that names a field of the request rather than the answer (an encrypted call's header). */
  refusalField?: (errorCode: string | undefined) => { field: string; expected: string } | null;
  /** The whole body judged another way (the RSA key is plain text). */
  text?: (text: string) => Verdict;
};

const envelopeKeys = ["success"] as const;

function jsonType(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** The value at a path in a parsed body (issue paths from zod: keys and indexes). */
function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

function formatPath(path: readonly (string | number)[]): string {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : out ? `.${key}` : key;
  return out || "(value)";
}

/** What was there instead: its JSON type, and a short redacted sample of scalars (never a token or a name). */
function describe(value: unknown, key: string | number | undefined): string {
  const type = jsonType(value);
  if (type === "missing" || type === "null" || type === "object" || type === "array") return type;
  const shown = JSON.stringify(redactValue(typeof key === "string" ? { [key]: value } : { value }, []));
  const sample = shown.slice(shown.indexOf(":") + 1, -1);
  return `${type} ${sample.length > 40 ? `${sample.slice(0, 40)}…` : sample}`;
}

function schemaIssue(schema: z.ZodTypeAny, value: unknown, prefix: (string | number)[]): Verdict | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const path = [...prefix, ...issue.path];
  const got = valueAt(value, issue.path);
  const expected =
    issue.code === "invalid_type"
      ? issue.expected
      : issue.code === "invalid_enum_value"
        ? `one of ${issue.options.join(", ")}`
        : issue.code === "invalid_union"
          ? "one of the accepted forms"
          : issue.message.toLowerCase();
  return { result: "mismatch", field: formatPath(path), expected, got: describe(got, issue.path.at(-1)) };
}

function fieldIssue(value: unknown, field: string, type: FieldType): Verdict | null {
  // "a.b[].c": walk segments; a [] segment checks every item (the first failing one is named).
  const walk = (node: unknown, segments: string[], at: (string | number)[]): Verdict | null => {
    const [head, ...rest] = segments;
    if (head === undefined) {
      const actual = jsonType(node);
      const ok = type === "present" ? actual !== "missing" : actual === type;
      return ok
        ? null
        : { result: "mismatch", field: formatPath(at), expected: type === "present" ? "a value" : type, got: describe(node, at.at(-1)) };
    }
    const each = head.endsWith("[]");
    const name = each ? head.slice(0, -2) : head;
    if (rest.length === 0 && !each && name.includes("|")) {
      // "content|title": one of them, of the type (the product reads the first it finds).
      const record = node !== null && typeof node === "object" ? (node as Record<string, unknown>) : {};
      const names = name.split("|");
      // A string must say something: the product falls back from an empty one to the next.
      const has = (v: unknown) => (type === "present" ? v !== undefined : jsonType(v) === type && v !== "");
      if (names.some((n) => has(record[n]))) return null;
      return {
        result: "mismatch",
        field: formatPath([...at, name]),
        expected: `${type === "present" ? "a value" : type} in ${names.join(" or ")}`,
        got: "missing",
      };
    }
    const child = name === "" ? node : node !== null && typeof node === "object" ? (node as Record<string, unknown>)[name] : undefined;
    const here = name === "" ? at : [...at, name];
    if (!each) return walk(child, rest, here);
    if (!Array.isArray(child)) return { result: "mismatch", field: formatPath(here), expected: "array", got: describe(child, name) };
    for (let i = 0; i < child.length; i++) {
      const verdict = walk(child[i], rest, [...here, i]);
      if (verdict) return verdict;
    }
    return null;
  };
  return walk(value, field.split("."), []);
}

export function evaluate(answer: Answer, expectation: Expectation): Verdict {
  switch (answer.kind) {
    case "none":
      return { result: "skipped", detail: "not called" };
    case "timeout":
      return { result: "timeout", detail: `no answer within ${answer.afterMs} ms` };
    case "unreachable":
      return { result: "unreachable", detail: answer.reason };
  }
  if (expectation.text) return expectation.text(answer.text);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return {
      result: "mismatch",
      field: "(body)",
      expected: "the JSON envelope",
      got: `HTTP ${answer.status} ${answer.contentType || "no content type"}`,
    };
  }
  if (body === null || typeof body !== "object" || envelopeKeys.some((key) => !(key in body))) {
    return {
      result: "mismatch",
      field: "success",
      expected: "boolean",
      got: describe((body as Record<string, unknown> | null)?.success, "success"),
    };
  }
  const reply = body as { success: unknown; value?: unknown; errorCode?: unknown; message?: unknown };
  if (typeof reply.success !== "boolean")
    return { result: "mismatch", field: "success", expected: "boolean", got: describe(reply.success, "success") };
  const errorCode = typeof reply.errorCode === "string" ? reply.errorCode : undefined;
  if (!reply.success || answer.status >= 400) {
    if (expectation.acceptFailure?.(errorCode, answer.status))
      return { result: "ok", detail: `answered ${errorCode ?? `HTTP ${answer.status}`} as expected` };
    const named = expectation.refusalField?.(errorCode);
    if (named) return { result: "mismatch", ...named, got: `refused with ${errorCode ?? "no errorCode"} (HTTP ${answer.status})` };
    const message = typeof reply.message === "string" ? `: ${reply.message.slice(0, 120)}` : "";
    return { result: "refused", detail: `${errorCode ?? "no errorCode"} (HTTP ${answer.status})${message}` };
  }
  if (expectation.schema) {
    const issue = schemaIssue(expectation.schema, reply.value, []);
    if (issue) return issue;
  }
  if (expectation.item && Array.isArray(reply.value)) {
    for (let i = 0; i < reply.value.length; i++) {
      const issue = schemaIssue(expectation.item, reply.value[i], [i]);
      if (issue) return issue;
    }
  }
  for (const [field, type] of Object.entries(expectation.fields ?? {})) {
    const issue = fieldIssue(reply.value, field, type);
    if (issue) return issue;
  }
  return { result: "ok", detail: "shape ok" };
}

/** The verdict as one phrase for the table. */
export function verdictText(verdict: Verdict): string {
  return verdict.result === "mismatch"
    ? `mismatch at ${verdict.field}: expected ${verdict.expected}, got ${verdict.got}`
    : verdict.result === "ok"
      ? verdict.detail
      : `${verdict.result}: ${verdict.detail}`;
}
