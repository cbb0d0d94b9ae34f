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
  },
});
