#!/usr/bin/env node
// How many calls per second one IdentityGuard object answers (docs/decisions/0062-identity-guard-shards.md): the
// Durable Object of workers/identity-guard.ts in wrangler's local runtime (workerd, SQLite-backed storage), called over
// RPC by a Worker in the same runtime (scripts/bench/identity-guard-worker.ts), as the app calls a shard. Prints, never
// asserts; not part of npm test. Run: node scripts/bench/identity-guard.mjs [calls=4000]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

process.env.NODE_ENV = "production";
// Offline: no Request.cf object is fetched from Cloudflare.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
const { createTestHarness } = await import("wrangler");
const calls = Number(process.argv[2] ?? 4000);

const dir = mkdtempSync(join(tmpdir(), "identity-guard-bench-"));
const configPath = join(dir, "wrangler.json");
writeFileSync(
  configPath,
  JSON.stringify({
    name: "identity-guard-bench",
    main: fileURLToPath(new URL("./identity-guard-worker.ts", import.meta.url)),
    compatibility_date: "2025-09-01",
    durable_objects: { bindings: [{ name: "IDENTITY_GUARD", class_name: "IdentityGuard" }] },
    migrations: [{ tag: "v1", new_sqlite_classes: ["IdentityGuard"] }],
  }),
);

const server = createTestHarness({ workers: [{ configPath }] });
await server.listen();
const LABELS = { check: "checkAttempts (2 rules)", record: "recordAttempt (2 rules)", read: "getRecord" };
try {
  for (const op of Object.keys(LABELS)) {
    for (const c of [1, 16, 64]) {
      // The object's first call creates it: warm it, then measure.
      await (await server.fetch(`/?op=${op}&n=50&c=${c}`)).text();
      const started = performance.now();
      await (await server.fetch(`/?op=${op}&n=${calls}&c=${c}`)).text();
      const seconds = (performance.now() - started) / 1000;
      console.log(`${LABELS[op].padEnd(24)} callers ${String(c).padStart(2)}: ${Math.round(calls / seconds)} calls/s`);
    }
  }
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
