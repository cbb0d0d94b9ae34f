// Own config so these tests do not load the app's Vite config (Remix plugins).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../../..", import.meta.url)),
  test: {
    include: ["tests/unit/sandbox/**/*.test.ts"],
    environment: "node",
  },
});
