import { vitePlugin as remix } from "@remix-run/dev";
import { remixPWA } from "@remix-pwa/dev";
import { fileURLToPath } from "node:url";
import license from "rollup-plugin-license";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * Writes /m/asset-manifest.json in the client build: the sorted list of hashed build files. The update check
 * (app/shell/update-check.ts) hashes it, so it changes whenever a build changes what the browser runs
 * (docs/decisions/0016-service-worker.md).
 */
function assetManifest(): Plugin {
  let ssrBuild = false;
  return {
    name: "mc-asset-manifest",
    apply: "build",
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssrBuild) return;
      const files = Object.keys(bundle)
        .filter((file) => file.startsWith("assets/") && !file.endsWith(".map"))
        .sort()
        .map((file) => `/${file}`);
      this.emitFile({ type: "asset", fileName: "m/asset-manifest.json", source: `${JSON.stringify({ files }, null, 1)}\n` });
    },
  };
}

const buildDirectory = process.env["DEV_BUILD_DIRECTORY"] ?? "build";

// The Remix Vite plugin's options replace remix.config.js (see docs/decisions/0001). Only builds use this config:
// development runs the built Worker too, and its watching build writes to a staging directory of its own
// (DEV_BUILD_DIRECTORY, scripts/dev-server.ts, docs/decisions/0025).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remix({
      buildDirectory,
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    // The service worker: built to /m/sw.js, scope "/", registered by app/entry.client.tsx (docs/decisions/0016).
    remixPWA({ workerName: "m/sw", scope: "/", registerSW: null, entryWorkerFile: "shell/sw/entry.worker.ts", workerMinify: true }),
    assetManifest(),
    // The licences of the packages in the browser's code, in one file beside it (/m/third-party-licenses.txt), instead
    // of their comments in every chunk: 2.4 KiB gzip of each first load (docs/decisions/0082-licences-in-one-file.md).
    isSsrBuild
      ? null
      : license({
          thirdParty: {
            includePrivate: false,
            output: { file: fileURLToPath(new URL(`./${buildDirectory}/client/m/third-party-licenses.txt`, import.meta.url)) },
          },
        }),
    tsconfigPaths(),
  ],
  ssr: {
    resolve: { conditions: ["workerd", "worker", "browser"] },
  },
  build: {
    sourcemap: false,
    // The browser's code is minified by terser: 3.4 KiB gzip less on /m/login and /m/home than esbuild's minifier, for
    // about 2 s more build (docs/decisions/0057-script-budget-on-need.md). The Worker's bundle stays unminified, as before.
    minify: isSsrBuild ? false : "terser",
    // Without comments: the licences they carried are in /m/third-party-licenses.txt (above).
    terserOptions: { format: { comments: false } },
  },
}));
