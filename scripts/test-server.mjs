#!/usr/bin/env node
// The servers of `npm test` (scripts/test.sh): the built app Worker and the sandbox platform in one workerd, started with
// Miniflare's API directly instead of `wrangler dev`, which puts a proxy workerd and its own Node process in front of
// every request and relays every console line over devtools (docs/decisions/0073-test-servers-on-miniflare.md).
// `npm start` and `npm run dev` stay on `wrangler dev`.
//
//   node scripts/test-server.mjs bundle DIR
//     Once per test run, after `npm run build`: bundles both Workers as `wrangler deploy` does (wrangler.toml's top
//     level, not [env.production]) into DIR, and writes DIR/workers.json, the Miniflare options wrangler itself derives
//     from each wrangler.toml (bindings, Durable Object storage, assets routing) with each config's .dev.vars.
//   node scripts/test-server.mjs serve DIR --port PORT --persist-to STATE [--var NAME:VALUE]...
//     Serves that bundle on 127.0.0.1:PORT, as `wrangler dev -c wrangler.toml -c workers/wps-sandbox/wrangler.toml
//     --persist-to STATE --var …` does: the same state layout (STATE/v3/kv, d1, do), so `merchants.ts put --local
//     --persist-to STATE` writes where the app reads; --var overrides the app Worker's vars. The Workers' console lines
//     go to stdout (info, log, debug) and stderr (warn, error), one line each. Prints `ready on URL` once it listens;
//     SIGTERM or SIGINT stops it; a failure to start exits 1 with the reason.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The app first: it is the Worker the port serves; the sandbox is reached through its WPS_SANDBOX binding. */
const CONFIGS = [
  { config: "wrangler.toml", dir: "app" },
  { config: "workers/wps-sandbox/wrangler.toml", dir: "sandbox" },
];
const OPTIONS_FILE = "workers.json";
// wrangler's own copies: its Miniflare (and so workerd) is the one `npm start` runs.
const WRANGLER_PACKAGE = createRequire(import.meta.url).resolve("wrangler/package.json");
const fromWrangler = createRequire(WRANGLER_PACKAGE);

function fail(message) {
  console.error(`test-server: ${message}`);
  process.exit(1);
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`)),
    );
  });
}

async function bundle(dir) {
  const out = path.resolve(dir);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const wrangler = path.join(path.dirname(WRANGLER_PACKAGE), "bin", "wrangler.js");
  // NODE_ENV=production: React's production build, as players get it (wrangler would otherwise pick the development one).
  const bundled = Promise.all(
    CONFIGS.map(({ config, dir: name }) =>
      run(process.execPath, [wrangler, "deploy", "--dry-run", "--outdir", path.join(out, name), "-c", config], {
        NODE_ENV: "production",
      }),
    ),
  );
  // Loaded while wrangler bundles.
  const api = import(fromWrangler.resolve("wrangler"));
  await bundled;
  const { unstable_getMiniflareWorkerOptions, unstable_getVarsForDev, unstable_readConfig } = await api;
  const workers = CONFIGS.map(({ config, dir: name }) => {
    const configPath = path.join(ROOT, config);
    const read = unstable_readConfig({ config: configPath });
    const { workerOptions } = unstable_getMiniflareWorkerOptions(configPath);
    // Vars and the config's .dev.vars secrets, as `wrangler dev` reads them.
    const vars = unstable_getVarsForDev(read.configPath, undefined, read.vars, undefined, true);
    const bindings = Object.fromEntries(Object.entries(vars).map(([key, binding]) => [key, binding.value]));
    // The modules are given below, and paths are absolute: no module rules, no root.
    const options = { ...workerOptions };
    delete options.modulesRules;
    delete options.rootPath;
    return { ...options, name: read.name, bindings, modules: [{ type: "ESModule", path: entryOf(out, name) }] };
  });
  writeFileSync(path.join(out, OPTIONS_FILE), JSON.stringify(workers, null, 2));
  console.log(`bundled ${workers.map((worker) => worker.name).join(" and ")} into ${path.relative(ROOT, out)}`);
}

/** The bundle's module: the one .js file wrangler wrote for the Worker (no other modules: see the check). */
function entryOf(out, name) {
  const files = readdirSync(path.join(out, name)).filter((file) => /\.(m?js|wasm|bin|txt|html|sql)$/.test(file));
  if (files.length !== 1 || !files[0].endsWith(".js"))
    throw new Error(`expected one bundled module in ${path.join(out, name)}, found ${files.join(", ")}`);
  return path.join(out, name, files[0]);
}

async function serve(dir, args) {
  const out = path.resolve(dir);
  const option = (name) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const port = Number(option("port"));
  const persistTo = option("persist-to");
  if (!Number.isInteger(port) || port <= 0 || !persistTo) fail("serve needs --port PORT and --persist-to STATE");
  const overrides = {};
  args.forEach((arg, at) => {
    if (arg !== "--var") return;
    const value = args[at + 1] ?? "";
    const colon = value.indexOf(":");
    if (colon <= 0) fail(`--var wants NAME:VALUE, got ${value}`);
    overrides[value.slice(0, colon)] = value.slice(colon + 1);
  });
  let workers;
  try {
    workers = JSON.parse(readFileSync(path.join(out, OPTIONS_FILE), "utf8"));
  } catch (error) {
    fail(`no bundle in ${out} (run \`node scripts/test-server.mjs bundle ${dir}\` after the build): ${error.message}`);
  }
  // wrangler dev applies --var to the Worker it serves, the first config.
  workers[0].bindings = { ...workers[0].bindings, ...overrides };
  for (const worker of workers)
    worker.modules = worker.modules.map((module) => ({ ...module, contents: readFileSync(module.path, "utf8") }));

  const { Miniflare, Log, LogLevel, convertV4MiniflareOptions } = await import(fromWrangler.resolve("miniflare"));
  const tmp = path.join(ROOT, ".wrangler", "tmp");
  mkdirSync(tmp, { recursive: true });
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      rootPath: ROOT,
      host: "127.0.0.1",
      port,
      // --persist-to STATE: wrangler keeps KV, D1 and Durable Objects under STATE/v3.
      resourcePersistencePath: path.join(path.resolve(persistTo), "v3"),
      resourceTmpPath: tmp,
      // Miniflare's own notices (warnings and errors only); no line per request: the app writes its own request log.
      log: new Log(LogLevel.WARN),
      logRequests: false,
      handleStructuredLogs: ({ level, message }) =>
        (level === "warn" || level === "error" ? process.stderr : process.stdout).write(`${message}\n`),
      workers,
    }),
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await mf.dispose().catch(() => {});
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  try {
    const url = await mf.ready;
    console.log(`ready on ${url.href}`);
  } catch (error) {
    await mf.dispose().catch(() => {});
    fail(`could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

const [command, dir, ...rest] = process.argv.slice(2);
if (command === "bundle" && dir) await bundle(dir).catch((error) => fail(error.message));
else if (command === "serve" && dir) await serve(dir, rest);
else fail("usage: test-server.mjs bundle DIR | serve DIR --port PORT --persist-to STATE [--var NAME:VALUE]...");
