#!/usr/bin/env node
// npm run bench: how much JavaScript /m/login and /m/home load on a first visit (gzip -9, budget 100 KiB per page),
// the platform calls each page makes (visitor and member, cold and warm cache), the server-side throughput of the two pages
// against a static asset of the same server (as a first visit gets them, and rendered for a returning visitor; measured on
// wrangler's test harness, scripts/bench/throughput-server.mjs, then on the development server for comparison), the size
// of the Worker bundle `wrangler deploy` would upload,
// all JavaScript a first visit loads in Chromium in its first 10 s, and Lighthouse (5 runs per page, each page also
// without scripts, with simulated and with applied throttling) with the goals beside the medians. A measurement:
// exits 0, prints BUDGET EXCEEDED when over a budget and BELOW TARGET when the throughput is. Options: --runs=N
// (Lighthouse runs per page, default 5), --no-lighthouse, --merchants=demo,vn, --files (list each page's scripts),
// --throttling=simulate,devtools (Lighthouse's methods, both by default), --pages=/m/home,/m/login (Lighthouse's pages;
// "member" for the member's home, "popup-closed" for the home page of a visitor who closed its announcement popup),
// --lighthouse-only (no size, call or throughput measurement before it).
//
// Uses the server on TEST_PORT when one answers there; otherwise builds (if build/ is missing) and starts
// `wrangler dev` the way scripts/test.sh does, with a fresh sandbox database, and stops it afterwards: on BENCH_PORT (and
// BENCH_PORT + 1 for its devtools) when set, else on free ports.
// That server runs the Worker as `wrangler deploy` bundles it (NODE_ENV=production: React's production build), as the
// servers of `npm test` do.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, mkdirSync, openSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { firstVisitTable, isFirebaseChunk, memberCookie, printFirstVisitTable } from "./bench/first-visit.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUDGET_KIB = 100;
const PAGES = ["/m/login", "/m/home"];
const HOST = "demo.localhost";
const MERCHANTS = {
  demo: { host: "demo.localhost", code: "demo" },
  vn: { host: "vn.localhost", code: "vn88" },
  // Pixels behind consent: its home is measured twice, without an answer (no pixel loads) and with the pixels accepted.
  br: { host: "br.localhost", code: "br777", consent: true },
};
const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}`));
const RUNS = Number(option("runs=")?.split("=")[1] ?? 5);
const LIGHTHOUSE = !option("no-lighthouse");
const BENCH_MERCHANTS = (option("merchants=")?.split("=")[1] ?? "demo,vn").split(",").filter((name) => name in MERCHANTS);
const THROTTLING = (option("throttling=")?.split("=")[1] ?? "simulate,devtools").split(",");
const LIGHTHOUSE_PAGES = option("pages=")?.split("=")[1]?.split(",");
const LIGHTHOUSE_ONLY = Boolean(option("lighthouse-only"));
/** The static asset the pages are compared with: answered by the Workers assets, before the Worker runs. */
const STATIC_ASSET = "/favicon.ico";
/** Throughput: connections at once, requests per path per round, rounds (paths interleaved), warm-up requests. */
const LOAD = { connections: 8, requests: 300, rounds: 7, warmup: 50 };
const TARGET_RATIO = 0.5;
/** docs/behaviour/platform-data.md#call-count */
const CALLS_HEADER = "x-platform-calls";

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
  return send(port, { path: urlPath }, timeoutMs);
}

/** One request with the demo merchant's Host header; `agent` keeps connections open between requests. */
function send(port, { path: urlPath, method = "GET", headers = {}, body, agent }, timeoutMs = 15_000) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method,
        agent,
        headers: { Host: `${HOST}:${port}`, "Accept-Encoding": "identity", ...headers },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout: ${urlPath}`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** Posts a form to the server as a visitor's browser would, and answers the cookie named `cookieName` it sets. */
function cookieFromForm(port, host, formPath, fields, cookieName) {
  // node:http, not fetch: fetch does not send the Host the origin check compares with.
  return new Promise((resolve, reject) => {
    const body = new URLSearchParams(fields).toString();
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: formPath,
        method: "POST",
        headers: {
          Host: `${host}:${port}`,
          Origin: `http://${host}:${port}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        const line = (res.headers["set-cookie"] ?? []).find((cookie) => new RegExp(`^(__Host-)?${cookieName}=`).test(cookie));
        if (line) resolve(line.split(";")[0]);
        else reject(new Error(`no ${cookieName} cookie from ${host}${formPath} (HTTP ${res.statusCode})`));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The cookie of a visitor who accepted the merchant's pixels (POST /m/consent, docs/behaviour/tracking.md#consent). */
function consentCookie(port, host) {
  return cookieFromForm(port, host, "/m/consent", { choice: "granted" }, "mc_consent");
}

/**
 * The cookie of a visitor who answered the announcement popup "Don't show again" (the no-JavaScript form's post,
 * docs/behaviour/announcements.md#no-javascript): with it neither the popup nor the section is due on /m/home.
 */
async function popupClosedCookie(port, host) {
  // In the language Lighthouse's Chromium asks for: the items' hashes, which the cookie keeps, are of their text.
  const home = await send(port, { path: "/m/home", headers: { Host: `${host}:${port}`, "Accept-Language": "en-US,en;q=0.9" } });
  const hashes = /<input type="hidden" name="hashes" value="([^"]*)"/.exec(home.body.toString("utf8"))?.[1];
  if (hashes === undefined) throw new Error(`no announcement popup on ${host}/m/home to close`);
  return cookieFromForm(port, host, "/m/announcements/dismiss", { hashes, back: "/m/home", choice: "never" }, "shell_pu");
}

/** The build's chunks that hold Firebase's SDK, loaded only when used (docs/decisions/0055-firebase.md): their sizes. */
function printFirebaseChunks() {
  const dir = path.join(ROOT, "build/client/assets");
  const chunks = readdirSync(dir)
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, bytes: readFileSync(path.join(dir, name)) }))
    .filter(({ bytes }) => isFirebaseChunk(bytes));
  console.log("\nFirebase chunks, loaded only when used (gzip -9):");
  if (chunks.length === 0) console.log("  none in build/client/assets");
  for (const { name, bytes } of chunks) {
    console.log(
      `  ${name.padEnd(52)} ${kib(bytes.length).padStart(8)} KiB raw ${kib(gzipSync(bytes, { level: 9 }).length).padStart(7)} KiB gzip`,
    );
  }
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
async function startServer(port, inspectorPort) {
  mkdirSync("test-results", { recursive: true });
  const log = path.join(ROOT, "test-results/bench-server.log");
  const out = openSync(log, "w");
  const state = path.join(ROOT, ".wrangler/bench-state");
  // A fresh sandbox each run: seed members, no faults left over, nothing cached by an earlier build.
  rmSync(state, { recursive: true, force: true });
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
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      state,
    ],
    { env: { ...env, NODE_ENV: "production" }, detached: true, stdio: ["ignore", out, out] },
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
  // The page holds its module scripts and preloads until its first paint, under these names
  // (app/.server/performance/script-priority.ts, docs/decisions/0078): they load all the same.
  for (const m of html.matchAll(/<script\b[^>]*\btype="module(?:-after-paint)?"[^>]*\bsrc="([^"]+)"/gi)) urls.add(m[1]);
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*\btype="module(?:-after-paint)?"/gi)) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload(?:-after-paint)?"[^>]*\bhref="([^"]+)"/gi)) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload(?:-after-paint)?"/gi)) urls.add(m[1]);
  for (const m of html.matchAll(/<script\b[^>]*\btype="module(?:-after-paint)?"[^>]*>([\s\S]*?)<\/script>/gi)) {
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

// ---- platform calls per page (docs/behaviour/platform-data.md#call-count) ----

/** A new platform data cache generation (development server only): the next page reads the platform again. */
async function coldCache(port) {
  const reply = await send(port, {
    path: "/__sandbox/reset",
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ merchant: "demo" }),
  });
  if (reply.status !== 200) throw new Error(`/__sandbox/reset answered ${reply.status}`);
}

async function callsOf(port, pagePath, cookie) {
  const reply = await send(port, { path: pagePath, headers: cookie ? { Cookie: cookie } : {} });
  const count = reply.headers[CALLS_HEADER];
  return { status: reply.status, calls: count === undefined ? null : Number(count) };
}

/** Cold (when the bench may reset the cache) and warm calls of a page, for one visitor or member. */
async function coldAndWarm(port, pagePath, cookie, canReset) {
  if (!canReset) return [null, await callsOf(port, pagePath, cookie)];
  await coldCache(port);
  const cold = await callsOf(port, pagePath, cookie);
  return [cold, await callsOf(port, pagePath, cookie)];
}

async function platformCalls(port, { canReset }) {
  console.log(`\nPlatform calls per page (${CALLS_HEADER}; cold: right after a new cache generation, warm: the next load)`);
  if ((await callsOf(port, "/m/home")).calls === null) {
    console.log(`  not reported: the server sends no ${CALLS_HEADER} (PLATFORM_CALLS_HEADER is on only in development)`);
    return;
  }
  if (!canReset) console.log("  cold: not measured on a server the bench did not start (the reset would clear its faults)");
  let cookie = null;
  try {
    cookie = await memberCookie(port, HOST, "demo", "demo01");
  } catch (error) {
    console.log(`  member: ${error instanceof Error ? error.message : error}`);
  }
  const cell = (result) => (result ? `${result.calls}${result.status === 200 ? "" : ` (HTTP ${result.status})`}` : "-");
  const heads = ["visitor cold", "visitor warm", "member cold", "member warm"];
  console.log(`  ${"page".padEnd(10)}${heads.map((h) => h.padStart(15)).join("")}`);
  for (const pagePath of PAGES) {
    const visitor = await coldAndWarm(port, pagePath, null, canReset);
    const member = cookie ? await coldAndWarm(port, pagePath, cookie, canReset) : [null, null];
    console.log(`  ${pagePath.padEnd(10)}${[...visitor, ...member].map((r) => cell(r).padStart(15)).join("")}`);
  }
}

// ---- server-side rendering throughput against a static asset of the same server ----

/** Requests per second for one path: `count` requests over LOAD.connections kept-alive connections. */
async function throughput(port, agent, { path: urlPath, headers }, count) {
  let left = count;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: LOAD.connections }, async () => {
      while (left-- > 0) {
        const reply = await send(port, { path: urlPath, agent, headers });
        if (reply.status !== 200) failed += 1;
      }
    }),
  );
  return { perSecond: count / ((performance.now() - started) / 1000), failed };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * What is measured: the static asset; each page as a first visit asks for it (no cookie: a landing page another
 * first visit got a moment ago is served again, docs/behaviour/platform-data.md#visitor-pages), which the target is
 * for; and each page rendered on every request, as a returning visitor with any cookie gets it.
 */
const THROUGHPUT_ROWS = [
  { label: STATIC_ASSET, path: STATIC_ASSET, headers: {} },
  ...PAGES.map((page) => ({ label: page, path: page, headers: {}, target: true })),
  ...PAGES.map((page) => ({ label: `${page} rendered`, path: page, headers: { Cookie: "bench=returning-visitor" } })),
];

/**
 * Prints each row's requests per second and its ratio to the static asset (medians of the rounds). `target`: whether
 * the first-visit rows are held to TARGET_RATIO (on the throughput server) or printed for comparison.
 */
async function ssrThroughput(port, { title, target }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: LOAD.connections });
  try {
    for (const row of THROUGHPUT_ROWS) await throughput(port, agent, row, LOAD.warmup);
    // Rounds interleave the rows, so a machine busy with other work weighs on all of them alike.
    const rounds = THROUGHPUT_ROWS.map(() => []);
    const failed = THROUGHPUT_ROWS.map(() => 0);
    for (let round = 0; round < LOAD.rounds; round++) {
      for (const [index, row] of THROUGHPUT_ROWS.entries()) {
        const result = await throughput(port, agent, row, LOAD.requests);
        rounds[index].push(result.perSecond);
        failed[index] += result.failed;
      }
    }
    console.log(
      `\n${title} (visitor, http://${HOST}, warm cache; ${LOAD.connections} connections, ` +
        `${LOAD.rounds} rounds of ${LOAD.requests} requests per row after ${LOAD.warmup} of warm-up; medians of the rounds)`,
    );
    const line = (index, note) => {
      const failures = failed[index] ? `  (${failed[index]} answers not HTTP 200)` : "";
      console.log(`  ${THROUGHPUT_ROWS[index].label.padEnd(18)} ${median(rounds[index]).toFixed(0).padStart(6)} req/s  ${note}${failures}`);
    };
    line(0, "static asset");
    let below = false;
    for (const [index, row] of THROUGHPUT_ROWS.entries()) {
      if (index === 0) continue;
      const ratios = rounds[index].map((perSecond, i) => perSecond / rounds[0][i]);
      const ratio = median(ratios);
      if (row.target) below ||= ratio < TARGET_RATIO;
      const what = row.target ? "first visit" : "returning visitor, rendered each time";
      line(
        index,
        `${ratio.toFixed(2)} of the static asset (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}); ${what}`,
      );
    }
    if (!target) return;
    console.log(
      below
        ? `  BELOW TARGET: a first visit's page under ${TARGET_RATIO} of the static asset`
        : `  target met: a first visit's page at least ${TARGET_RATIO} of the static asset`,
    );
  } finally {
    agent.destroy();
  }
}

/**
 * Starts scripts/bench/throughput-server.mjs (wrangler's test harness, no devtools bridge) in its own process;
 * resolves with its port and a stop function.
 */
async function startThroughputServer() {
  mkdirSync("test-results", { recursive: true });
  const log = path.join(ROOT, "test-results/bench-throughput-server.log");
  const child = spawn(process.execPath, ["scripts/bench/throughput-server.mjs"], {
    env,
    stdio: ["ignore", "pipe", openSync(log, "w"), "ipc"],
  });
  const stop = () => child.connected && child.kill("SIGTERM");
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`the throughput server did not start within 90 s; see ${path.relative(ROOT, log)}`));
    }, 90_000);
    let seen = "";
    child.stdout.on("data", (chunk) => {
      seen += chunk;
      const listening = /^listening (\S+)$/m.exec(seen);
      if (!listening) return;
      clearTimeout(timer);
      resolve(Number(new URL(listening[1]).port));
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the throughput server exited (${code}) while starting; see ${path.relative(ROOT, log)}`));
    });
  });
  child.stdout.resume();
  return { port, stop };
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
  let ownServer = false;
  if (port && (await answers(port))) {
    console.log(`Using the server on TEST_PORT ${port}, as it was started`);
  } else {
    const chosen = Number(process.env.BENCH_PORT);
    port = chosen || (await freePort());
    console.log(`Starting wrangler dev on 127.0.0.1:${port} (NODE_ENV=production, a fresh sandbox)`);
    // Its own devtools port: left to choose, wrangler takes 9229, which another server on the machine may hold.
    stop = await startServer(port, chosen ? chosen + 1 : await freePort());
    ownServer = true;
  }
  const onSignal = () => {
    stop();
    process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  let exceeded = false;
  try {
    if (!LIGHTHOUSE_ONLY) exceeded = await measureBeforeLighthouse(port, ownServer);
    // The pages players land on, as a visitor and (home) as a member, on each demo merchant.
    const targets = [];
    for (const name of BENCH_MERCHANTS) {
      const merchant = MERCHANTS[name];
      const cookie = await memberCookie(port, merchant.host, merchant.code, "demo01");
      for (const pagePath of ["/m/home", "/m/login", "/m/register"])
        targets.push({ name: `${name} ${pagePath}`, host: merchant.host, path: pagePath, page: pagePath });
      targets.push({ name: `${name} /m/home member`, host: merchant.host, path: "/m/home", cookie, page: "member" });
      // The home page without its announcement popup, which appears after its specified delays and covers the page.
      targets.push({
        name: `${name} /m/home popup closed`,
        host: merchant.host,
        path: "/m/home",
        cookie: await popupClosedCookie(port, merchant.host),
        page: "popup-closed",
      });
      if (merchant.consent)
        targets.push({
          name: `${name} /m/home pixels on`,
          host: merchant.host,
          path: "/m/home",
          cookie: await consentCookie(port, merchant.host),
          page: "pixels",
        });
    }
    if (!LIGHTHOUSE_ONLY) {
      printFirstVisitTable(await firstVisitTable({ port, targets }), BUDGET_KIB, { files: Boolean(option("files")) });
      printFirebaseChunks();
    }
    if (LIGHTHOUSE) {
      // Loaded only when it runs: --no-lighthouse works where Lighthouse is not installed.
      const { lighthouseTable, printLighthouseTable } = await import("./bench/lighthouse.mjs");
      const reportDir = path.join(ROOT, "bench-results/lighthouse");
      const measured = LIGHTHOUSE_PAGES ? targets.filter((target) => LIGHTHOUSE_PAGES.includes(target.page)) : targets;
      for (const throttlingMethod of THROTTLING) {
        console.log(
          `\nLighthouse (${throttlingMethod}): ${measured.length} pages × ${RUNS} runs × 2 (with and without scripts); reports in ${path.relative(ROOT, reportDir)}/`,
        );
        const rows = await lighthouseTable({ port, targets: measured, runs: RUNS, reportDir, throttlingMethod });
        printLighthouseTable(rows, RUNS, throttlingMethod);
      }
    }
  } finally {
    stop();
  }

  workerBundle();
  if (exceeded) console.log(`\nBUDGET EXCEEDED: first-visit JavaScript over ${BUDGET_KIB} KiB gzip (see above)`);
}

/** The first visit's scripts, the platform calls and the throughput; true when a page is over the script budget. */
async function measureBeforeLighthouse(port, ownServer) {
  let exceeded = false;
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
  await platformCalls(port, { canReset: ownServer });
  // The target is measured on wrangler's test harness, without wrangler dev's devtools bridge (docs/decisions/0059);
  // the development server's own figures follow, for comparison.
  const throughputServer = await startThroughputServer().catch((error) => {
    console.log(`\nServer-side rendering throughput: NOT MEASURED, ${error.message}`);
    return null;
  });
  if (throughputServer) {
    try {
      await ssrThroughput(throughputServer.port, {
        title: "Server-side rendering throughput, wrangler's test harness (no devtools bridge)",
        target: true,
      });
    } finally {
      throughputServer.stop();
    }
  }
  await ssrThroughput(port, {
    title: "Server-side rendering throughput through wrangler dev, for comparison (its devtools bridge relays each log line)",
    target: false,
  });
  return exceeded;
}

main().catch((error) => {
  console.error(`bench: ${error instanceof Error ? error.message : error}`);
  // A measurement script: report, do not fail the caller.
  process.exit(0);
});
