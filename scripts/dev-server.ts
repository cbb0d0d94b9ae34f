// npm run dev (through scripts/dev.sh): production's path, rebuilt on every change. Vite builds the client and the server
// in watch mode, as `remix vite:build` builds them once; `wrangler dev` serves the result — the Worker (workers/app.ts)
// with the sandbox platform, as `npm start` does — and reloads when the build or a module the Worker bundles changes.
// Why not Vite's dev server: docs/decisions/0025-dev-runs-the-built-worker.md.
//
// Vite writes every output file on every rebuild, over seconds, and wrangler reloads on each write it sees. So the builds
// go to a staging directory, and once both are done the files that changed are copied into build/ at once: the Worker
// reloads once per change and never serves half a build.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { build, createLogger, type Plugin, type Rollup } from "vite";

const PORT = process.env["PORT"] ?? "8787";
const INSPECTOR_PORT = process.env["INSPECTOR_PORT"];
const BUILD = resolve("build");
const STAGING = resolve(".wrangler/dev/build");
/** Touched after a client rebuild that the server build did not see, so the server picks up the new asset names. */
const CLIENT_BUILT = resolve(".wrangler/dev/client-built");
// vite.config.ts hands it to the Remix plugin.
process.env["DEV_BUILD_DIRECTORY"] = STAGING;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`[dev] ${line}`);

// Rollup's note about route modules with no browser code is expected for every build, not news on each rebuild.
const logger = createLogger("warn");
const warn = logger.warn;
logger.warn = (message, options) => {
  if (!message.includes("Generated an empty chunk")) warn(message, options);
};

/** Every file under a directory, as paths relative to it. */
function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" }).filter((path) => statSync(join(directory, path)).isFile());
}

function sameContent(a: string, b: string): boolean {
  return existsSync(b) && statSync(a).size === statSync(b).size && readFileSync(a).equals(readFileSync(b));
}

/**
 * Copies what changed from the staging build into build/, the server's entry last, so the Worker's rebundle finds its
 * assets in place. Vite's manifests stay behind (`remix vite:build` moves them out of the build too). Files of earlier
 * builds are kept: a page still open may ask for its old hashed files.
 */
function publish(): number {
  const changed = filesUnder(STAGING)
    .filter((path) => !path.split("/").includes(".vite") && !sameContent(join(STAGING, path), join(BUILD, path)))
    .sort((a, b) => Number(a === "server/index.js") - Number(b === "server/index.js"));
  for (const path of changed) {
    mkdirSync(dirname(join(BUILD, path)), { recursive: true });
    copyFileSync(join(STAGING, path), join(BUILD, path));
  }
  return changed.length;
}

/** One round of rebuilding: from the first change seen until the server build that follows it. */
type Round = { startedAt: number; clientChanged: boolean; serverChanged: boolean };
let round: Round | null = null;
const openRound = () => (round ??= { startedAt: Date.now(), clientChanged: false, serverChanged: false });

// The server build reads the client build's manifest (the asset names it links), so it waits for a client build in
// progress before it starts.
let clientIdle: Promise<void> = Promise.resolve();
let settleClient: (() => void) | null = null;

function markClientBusy() {
  if (settleClient) return;
  clientIdle = new Promise((resolveIdle) => {
    settleClient = resolveIdle;
  });
}

const waitForClient: Plugin = {
  name: "mc-dev-wait-for-client",
  async buildStart() {
    this.addWatchFile(CLIENT_BUILT);
    await clientIdle;
  },
};

/** Starts a watching build; resolves once its first build is written, fails if that first build fails. */
function watchBuild(ssr: boolean, onEvent: (event: Rollup.RollupWatcherEvent) => void): Promise<Rollup.RollupWatcher> {
  return new Promise((resolveFirst, rejectFirst) => {
    let first = true;
    build({
      configFile: "vite.config.ts",
      mode: "production",
      customLogger: logger,
      clearScreen: false,
      plugins: ssr ? [waitForClient] : [],
      build: { ssr, emptyOutDir: false, watch: { buildDelay: ssr ? 300 : 100 } },
    }).then((output) => {
      const watcher = output as Rollup.RollupWatcher;
      watcher.on("event", (event) => {
        if ("result" in event && event.result) void event.result.close();
        if (first) {
          if (event.code === "END") resolveFirst(watcher);
          if (event.code === "ERROR") rejectFirst(event.error);
          first = event.code !== "END" && event.code !== "ERROR";
          return;
        }
        onEvent(event);
      });
    }, rejectFirst);
  });
}

function onClientEvent(event: Rollup.RollupWatcherEvent) {
  if (event.code === "ERROR") {
    say(`client build failed; still serving the last good build:\n${event.error.message}`);
    round = null;
  }
  if (event.code !== "END" && event.code !== "ERROR") return;
  settleClient?.();
  settleClient = null;
  // A change only the browser bundle sees (entry.client, a client-only module) renames its chunks: rebuild the server.
  if (event.code === "END" && round?.clientChanged && !round.serverChanged) writeFileSync(CLIENT_BUILT, String(Date.now()));
}

function onServerEvent(event: Rollup.RollupWatcherEvent) {
  if (event.code === "ERROR") {
    say(`server build failed; still serving the last good build:\n${event.error.message}`);
    round = null;
  }
  if (event.code === "END" && round) {
    const files = publish();
    const took = seconds(Date.now() - round.startedAt);
    say(
      files > 0 ? `rebuilt in ${took}, ${files} files changed; wrangler reloads the Worker` : `rebuilt in ${took}; the build is unchanged`,
    );
    round = null;
  }
}

async function main() {
  // Fresh directories, as `remix vite:build` starts with.
  for (const directory of [BUILD, STAGING]) rmSync(directory, { recursive: true, force: true });
  mkdirSync(dirname(CLIENT_BUILT), { recursive: true });
  writeFileSync(CLIENT_BUILT, String(Date.now()));
  const startedAt = Date.now();

  const client = await watchBuild(false, onClientEvent);
  client.on("change", () => {
    openRound().clientChanged = true;
    markClientBusy();
  });
  const server = await watchBuild(true, onServerEvent);
  server.on("change", (id) => {
    if (id !== CLIENT_BUILT) openRound().serverChanged = true;
  });
  publish();
  say(`built in ${seconds(Date.now() - startedAt)} (${relative(process.cwd(), STAGING)} → build/); watching for changes`);

  const wranglerArgs = ["dev", "-c", "wrangler.toml", "-c", "workers/wps-sandbox/wrangler.toml", "--port", PORT, "--ip", "127.0.0.1"];
  wranglerArgs.push("--show-interactive-dev-session=false");
  if (INSPECTOR_PORT) wranglerArgs.push("--inspector-port", INSPECTOR_PORT);
  // The test server's lower platform timeouts, when given, so the edge tests can run against this server too.
  for (const name of ["PLATFORM_TIMEOUT_MS", "PAGE_DEADLINE_MS", "ACTION_DEADLINE_MS"]) {
    const value = process.env[name];
    if (value) wranglerArgs.push("--var", `${name}:${value}`);
  }
  const wrangler = spawn("wrangler", wranglerArgs, { stdio: "inherit" });
  say(`Open http://demo.localhost:${PORT}/m/home (Demo Play), http://vn.localhost:${PORT}/m/home, http://br.localhost:${PORT}/m/home`);

  // Stopping either side stops both: wrangler is stopped as Ctrl-C stops it (a SIGTERM can catch its bundler mid-rebuild,
  // which then dies with a Go stack trace), then the watchers are closed.
  let exitCode: number | null = null;
  const stop = (code: number) => {
    if (exitCode !== null) return;
    exitCode = code;
    if (wrangler.exitCode === null) wrangler.kill("SIGINT");
  };
  wrangler.on("exit", async (code) => {
    stop(code ?? 1);
    await Promise.all([client.close(), server.close()]);
    process.exit(exitCode ?? 0);
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(130));
}

main().catch((error: unknown) => {
  console.error("[dev] the first build failed:", error);
  process.exit(1);
});
