// The cross-engine browser suite (tests/engines, decision 0076): WebKit and Firefox ESR from Debian against a server
// of the build on TEST_PORT. One file at a time, one browser at a time, the browsers started once by the global setup.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/engines/**/*.test.ts"],
    // The browsers and their proxies, started once for every file.
    globalSetup: ["tests/engines/support/global-setup.ts"],
    environment: "node",
    // A browser start and a whole visit (login, member page, logout) fit in a minute on the busy two-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: "threads",
    sequence: { concurrent: false },
  },
});
