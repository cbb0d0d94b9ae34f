// Edge tests: raw HTTP against the built Worker served on TEST_PORT (scripts/test.sh starts it with scripts/test-server.mjs;
// `npm start`'s `wrangler dev` serves the same).
// Files run one after another: they share the sandbox's fault state.
// Also the sandbox's live tests (tests/unit/sandbox/live.test.ts): the same server runs the sandbox, which the app
// passes /__sandbox/* through to; under /__sandbox/direct it answers as the sandbox itself.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const port = Number(process.env.TEST_PORT ?? 8790);

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/edge/**/*.test.ts", "tests/unit/sandbox/live.test.ts"],
    environment: "node",
    env: { SANDBOX_URL: process.env.SANDBOX_URL ?? `http://127.0.0.1:${port}/__sandbox/direct` },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // One module cache for the run instead of a fresh one per file (21 CPU-s against 8 beside the browser tests).
    pool: "threads",
    isolate: false,
    sequence: { concurrent: false },
  },
});
