#!/usr/bin/env node
// npm run bench: how much JavaScript /m/login and /m/home load on a first visit (gzip -9, budget 100 KiB per page),
// the size of the Worker bundle `wrangler deploy` would upload, all JavaScript a first visit loads in Chromium in its
// first 10 s, and Lighthouse (5 runs per page, each page also without scripts) with the goals beside the medians.
// A measurement: exits 0, prints BUDGET EXCEEDED when over. Options: --runs=N (Lighthouse runs per page, default 5),
// --no-lighthouse, --merchants=demo,vn, --files (list each page's scripts).
//
// Uses the server on TEST_PORT when one answers there; otherwise builds (if build/ is missing) and starts
// `wrangler dev` the way scripts/test.sh does, on a free port, and stops it afterwards.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, mkdirSync, openSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { firstVisitTable, memberCookie, printFirstVisitTable } from "./bench/first-visit.mjs";
import { lighthouseTable, printLighthouseTable } from "./bench/lighthouse.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUDGET_KIB = 100;
const PAGES = ["/m/login", "/m/home"];
const HOST = "demo.localhost";
const MERCHANTS = {
  demo: { host: "demo.localhost", code: "demo" },
  vn: { host: "vn.localhost", code: "vn88" },
};
const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}`));
const RUNS = Number(option("runs=")?.split("=")[1] ?? 5);
const LIGHTHOUSE = !option("no-lighthouse");
const BENCH_MERCHANTS = (option("merchants=")?.split("=")[1] ?? "demo,vn").split(",").filter((name) => name in MERCHANTS);

process.chdir(ROOT);
const env = {
  ...process.env,
  PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
  XDG_CONFIG_HOME: path.join(ROOT, ".wrangler/bench-xdg"),
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};
if (!existsSync(".dev.vars") && existsSync(".dev.vars.example")) {
  spawnSync("cp", [".dev.vars.example", ".dev.vars"], { stdio: "inherit" });
}

const kib = (bytes) => (bytes / 1024).toFixed(1);

function get(port, urlPath, timeoutMs = 15_000) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: "127.0.0.1", port, path: urlPath, headers: { Host: `${HOST}:${port}`, "Accept-Encoding": "identity" } },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout: ${urlPath}`)));
    req.on("error", reject);
  });
}

async function answers(port) {
  try {
    return (await get(port, "/m/home", 3_000)).status === 200;
  } catch {
    return false;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Starts `wrangler dev` in its own process group; returns a stop function. */
async function startServer(port) {
  mkdirSync("test-results", { recursive: true });
  const log = path.join(ROOT, "test-results/bench-server.log");
  const out = openSync(log, "w");
  const child = spawn(
    "wrangler",
    [
      "dev",
      "-c",
      "wrangler.toml",
      "-c",
      "workers/wps-sandbox/wrangler.toml",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--show-interactive-dev-session=false",
      "--persist-to",
      path.join(ROOT, ".wrangler/bench-state"),
    ],
    { env, detached: true, stdio: ["ignore", out, out] },
  );
  let exited = false;
  child.on("exit", () => (exited = true));
  const stop = () => {
    if (exited) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`wrangler dev exited while starting; see ${path.relative(ROOT, log)}`);
    if (await answers(port)) return stop;
    await new Promise((r) => setTimeout(r, 1000));
  }
  stop();
  throw new Error(`wrangler dev did not answer on ${port} within 90 s; see ${path.relative(ROOT, log)}`);
}

/** Every JS URL a first visit loads: module scripts, modulepreloads, and imports inside inline module scripts. */
function scriptUrls(html) {
  const urls = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/gi)) urls.add(m[1]);
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*\btype="module"/gi)) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/gi)) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/gi)) urls.add(m[1]);
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/gi)) {
    const code = m[1] ?? "";
    for (const i of code.matchAll(/import\s*\(\s*["'](\/assets\/[^"']+\.js)["']\s*\)/g)) urls.add(i[1]);
    for (const i of code.matchAll(/import\s*(?:[\w*{}\s,$]+\s+from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(i[1]);
  }
  return [...urls].filter((u) => u.startsWith("/") && !u.startsWith("//"));
}

async function measurePage(port, pagePath) {
  const page = await get(port, pagePath);
  const html = page.body.toString("utf8");
  const rows = [];
  for (const url of scriptUrls(html)) {
    const asset = await get(port, url);
    rows.push({ url, status: asset.status, raw: asset.body.length, gzip: gzipSync(asset.body, { level: 9 }).length });
  }
  return { status: page.status, rows };
}

function dirFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? dirFiles(full) : [full];
  });
}

function workerBundle() {
  const outdir = mkdtempSync(path.join(tmpdir(), "mobile-web-bundle-"));
  try {
    const result = spawnSync("wrangler", ["deploy", "--dry-run", "--outdir", outdir], {
      env: { ...env, NODE_ENV: "production" },
      encoding: "utf8",
    });
    if (result.status !== 0) {
      console.log(`wrangler deploy --dry-run failed (exit ${result.status}):\n${(result.stderr || result.stdout).slice(-2000)}`);
      return;
    }
    const files = dirFiles(outdir).filter((f) => /\.(m?js|wasm)$/.test(f));
    let raw = 0;
    let gzip = 0;
    console.log(`\nWorker bundle (NODE_ENV=production wrangler deploy --dry-run):`);
    for (const file of files) {
      const bytes = readFileSync(file);
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
      console.log(
        `  ${path.relative(outdir, file).padEnd(40)} ${kib(bytes.length).padStart(8)} KiB raw ${kib(gzipSync(bytes, { level: 9 }).length).padStart(8)} KiB gzip`,
      );
    }
    console.log(`  ${"total".padEnd(40)} ${kib(raw).padStart(8)} KiB raw ${kib(gzip).padStart(8)} KiB gzip`);
    const upload = /Total Upload:\s*([^\n]+)/.exec(result.stdout + result.stderr)?.[1];
    if (upload) console.log(`  wrangler says: Total Upload: ${upload.trim()}`);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync("build/server/index.js") || !existsSync("build/client")) {
    console.log("build/ is missing: npm run build");
    const build = spawnSync("npm", ["run", "build"], { env, stdio: "inherit" });
    if (build.status !== 0) throw new Error("npm run build failed");
  }

  let stop = () => {};
  let port = Number(process.env.TEST_PORT);
  if (port && (await answers(port))) {
    console.log(`Using the server on TEST_PORT ${port}`);
  } else {
    port = await freePort();
    console.log(`Starting wrangler dev on 127.0.0.1:${port}`);
    stop = await startServer(port);
  }
  const onSignal = () => {
    stop();
    process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  let exceeded = false;
  try {
    for (const pagePath of PAGES) {
      const { status, rows } = await measurePage(port, pagePath);
      console.log(`\n${pagePath} (http://${HOST}, HTTP ${status}): ${rows.length} JavaScript files on first visit`);
      for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
        const note = row.status === 200 ? "" : `  (HTTP ${row.status})`;
        console.log(`  ${row.url.padEnd(52)} ${kib(row.raw).padStart(8)} KiB raw ${kib(row.gzip).padStart(7)} KiB gzip${note}`);
      }
      const total = rows.reduce((sum, r) => sum + r.gzip, 0);
      const over = total > BUDGET_KIB * 1024;
      exceeded ||= over;
      console.log(
        `  ${"total".padEnd(52)} ${kib(rows.reduce((s, r) => s + r.raw, 0)).padStart(8)} KiB raw ${kib(total).padStart(7)} KiB gzip`,
      );
      console.log(
        over
          ? `  OVER BUDGET: ${pagePath} loads ${kib(total)} KiB gzip of JavaScript, budget ${BUDGET_KIB} KiB`
          : `  within budget (${BUDGET_KIB} KiB gzip)`,
      );
    }

    // The pages players land on, as a visitor and (home) as a member, on each demo merchant.
    const targets = [];
    for (const name of BENCH_MERCHANTS) {
      const merchant = MERCHANTS[name];
      const cookie = await memberCookie(port, merchant.host, merchant.code, "demo01");
      for (const pagePath of ["/m/home", "/m/login", "/m/register"])
        targets.push({ name: `${name} ${pagePath}`, host: merchant.host, path: pagePath });
      targets.push({ name: `${name} /m/home member`, host: merchant.host, path: "/m/home", cookie });
    }
    printFirstVisitTable(await firstVisitTable({ port, targets }), BUDGET_KIB, { files: Boolean(option("files")) });
    if (LIGHTHOUSE) {
      const reportDir = path.join(ROOT, "bench-results/lighthouse");
      console.log(
        `\nLighthouse: ${targets.length} pages × ${RUNS} runs × 2 (with and without scripts); reports in ${path.relative(ROOT, reportDir)}/`,
      );
      printLighthouseTable(await lighthouseTable({ port, targets, runs: RUNS, reportDir }), RUNS);
    }
  } finally {
    stop();
  }

  workerBundle();
  if (exceeded) console.log(`\nBUDGET EXCEEDED: first-visit JavaScript over ${BUDGET_KIB} KiB gzip (see above)`);
}

main().catch((error) => {
  console.error(`bench: ${error instanceof Error ? error.message : error}`);
  // A measurement script: report, do not fail the caller.
  process.exit(0);
});
