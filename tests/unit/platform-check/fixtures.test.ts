// Every fixture set under tests/fixtures/platforms/ (answers `npm run platform -- check --record` wrote, redacted)
// replayed through the product's own schemas and the pages' own helpers: a set recorded once from a merchant's real
// platform keeps guarding the contract (docs/behaviour/operations.md#going-live).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { CHECKED_CALLS } from "../../../scripts/platform/calls";
import { evaluate } from "../../../scripts/platform/evaluate";

const SETS = fileURLToPath(new URL("../../fixtures/platforms", import.meta.url));

const fixtureSchema = z.object({
  call: z.string(),
  method: z.enum(["GET", "POST"]),
  path: z.string().startsWith("/wps/"),
  query: z.string(),
  status: z.number().int(),
  contentType: z.string(),
  body: z.unknown(),
});

function fixturesOf(set: string) {
  return readdirSync(join(SETS, set))
    .filter((name) => name.endsWith(".json") && name !== "set.json")
    .map((name) => ({ name, fixture: fixtureSchema.parse(JSON.parse(readFileSync(join(SETS, set, name), "utf8"))) }));
}

const sets = readdirSync(SETS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("recorded platform answers", () => {
  it("ships a set recorded from the sandbox", () => {
    expect(sets).toContain("sandbox-demo");
  });

  it("fails a recorded answer whose field the platform renamed", () => {
    const { fixture } = fixturesOf("sandbox-demo").find((f) => f.fixture.call === "settings")!;
    const { whitelabelVal, ...rest } = (fixture.body as { value: Record<string, unknown> }).value;
    const renamed = JSON.stringify({ success: true, value: { ...rest, whiteLabelVal: whitelabelVal } });
    const settings = CHECKED_CALLS.find((c) => c.id === "settings")!;
    expect(evaluate({ kind: "answer", status: 200, contentType: fixture.contentType, text: renamed }, settings)).toEqual({
      result: "mismatch",
      field: "whitelabelVal",
      expected: "object",
      got: "missing",
    });
  });

  for (const set of sets) {
    describe(set, () => {
      const fixtures = fixturesOf(set);

      it("holds the answers the product cannot do without", () => {
        expect(fixtures.map((f) => f.fixture.call)).toEqual(expect.arrayContaining(["rsa-key", "encryption-handshake", "settings"]));
      });

      for (const { name, fixture } of fixtures) {
        it(`${name}: passes the product's schema for ${fixture.method} ${fixture.path}`, () => {
          const call = CHECKED_CALLS.find((c) => c.id === fixture.call);
          expect(call, `a call the check knows as ${fixture.call}`).toBeDefined();
          expect(fixture.path).toBe(call!.path);
          const text = typeof fixture.body === "string" ? fixture.body : JSON.stringify(fixture.body);
          const verdict = evaluate({ kind: "answer", status: fixture.status, contentType: fixture.contentType, text }, call!);
          expect(verdict.result).toBe("ok");
          if (call!.view) {
            // The page's own use of it: a list the platform filled leaves the page something to show.
            const value = (fixture.body as { value?: unknown }).value;
            const shown = call!.view(value);
            if (Array.isArray(value) && value.length > 0) expect(shown).not.toEqual([]);
          }
        });
      }
    });
  }
});
