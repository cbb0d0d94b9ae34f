import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./workers/load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

// The Remix Vite plugin's options replace remix.config.js (see docs/decisions/0001).
export default defineConfig({
  plugins: [
    cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
  ],
  ssr: {
    resolve: { conditions: ["workerd", "worker", "browser"] },
    noExternal: ["remix-i18next"],
  },
  optimizeDeps: {
    include: ["i18next", "react-i18next", "remix-i18next/react", "remix-i18next/client"],
  },
  build: { sourcemap: false },
});
