// Unit tests: pure modules of the app and the sandbox, in Node. Not the app's Vite config (Remix plugins).
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    // They need the server: the edge level runs them (vitest.edge.config.ts).
    exclude: [...configDefaults.exclude, "tests/unit/sandbox/live.test.ts"],
    environment: "node",
    // One module cache per worker thread instead of a fresh one per file: importing the app's modules again for each
    // of the ~100 files cost three quarters of the run's CPU (48 CPU-s against 12), which npm test's browser tests
    // need on two cores. Every file that fakes timers or stubs globals restores them in afterEach.
    pool: "threads",
    isolate: false,
  },
});
