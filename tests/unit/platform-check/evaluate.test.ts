// One answer judged against the contract: the exact mismatch a row shows (docs/behaviour/operations.md#going-live).
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { evaluate, type Answer } from "../../../scripts/platform/evaluate";

const answer = (body: unknown, status = 200): Answer => ({
  kind: "answer",
  status,
  contentType: "application/json",
  text: JSON.stringify(body),
});

describe("a platform answer judged", () => {
  it("names the field, the type expected and the value that came (masked where personal)", () => {
    const schema = z.object({ list: z.array(z.object({ count: z.number(), userName: z.string() })) });
    expect(evaluate(answer({ success: true, value: { list: [{ count: "7", userName: "a" }] } }), { schema })).toEqual({
      result: "mismatch",
      field: "list[0].count",
      expected: "number",
      got: 'string "7"',
    });
    expect(evaluate(answer({ success: true, value: { list: [{ count: 1, userName: 5 }] } }), { schema })).toEqual({
      result: "mismatch",
      field: "list[0].userName",
      expected: "string",
      got: "number 0",
    });
  });

  it("calls a list item the product would drop a mismatch, naming the item", () => {
    const item = z.object({ id: z.string() });
    expect(evaluate(answer({ success: true, value: [{ id: "a" }, { key: "b" }] }), { schema: z.array(z.unknown()), item })).toEqual({
      result: "mismatch",
      field: "[1].id",
      expected: "string",
      got: "missing",
    });
  });

  it("wants a field the product would silently default", () => {
    const schema = z.object({ flags: z.record(z.boolean()).default({}) });
    expect(evaluate(answer({ success: true, value: { Flags: {} } }), { schema, fields: { flags: "object" } })).toEqual({
      result: "mismatch",
      field: "flags",
      expected: "object",
      got: "missing",
    });
  });

  it("tells a refusal, a page that is not the envelope, a timeout and an unreachable platform apart", () => {
    expect(evaluate(answer({ success: false, errorCode: "customer.not.login", message: "Please log in" }, 401), {})).toEqual({
      result: "refused",
      detail: "customer.not.login (HTTP 401): Please log in",
    });
    expect(evaluate({ kind: "answer", status: 502, contentType: "text/html", text: "<html>Bad gateway</html>" }, {})).toEqual({
      result: "mismatch",
      field: "(body)",
      expected: "the JSON envelope",
      got: "HTTP 502 text/html",
    });
    expect(evaluate({ kind: "timeout", afterMs: 5001 }, {})).toEqual({ result: "timeout", detail: "no answer within 5001 ms" });
    expect(evaluate({ kind: "unreachable", reason: "ENOTFOUND" }, {})).toEqual({ result: "unreachable", detail: "ENOTFOUND" });
  });
});
