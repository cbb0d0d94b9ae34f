// Lighthouse (mobile preset) against the running server, N runs per page, each page also served without its scripts
// (the floor a server-rendered page can reach), medians side by side with the goals. Two throttling methods, each its
// own table: Lighthouse's default "simulate" (the page loads at full speed and Lighthouse computes what a slow phone
// would have seen) and "devtools", applied throttling (Chromium itself slows the network and the CPU while the page
// loads: what a late script really does to the paint). Full reports go to bench-results/lighthouse/ (git-ignored).
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];

/** Speed Index's ratio is a goal with applied throttling only: simulated, it follows LCP's. */
export const GOALS = { score: 98, lcpRatio: 1.2, cls: 0, speedIndexRatio: 1.3 };

export const THROTTLING_METHODS = ["simulate", "devtools"];

/** Removes every script and module preload: what the page paints with HTML and CSS alone. */
export function stripScripts(html) {
  return html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
}

/**
 * A proxy in front of the app that answers every HTML page without its scripts; everything else passes through.
 * The Host header is kept, so the app resolves the same merchant.
 */
export function startNoScriptProxy(upstreamPort) {
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, "accept-encoding": "identity" };
    const upstream = http.request({ host: "127.0.0.1", port: upstreamPort, path: req.url, method: req.method, headers }, (reply) => {
      const type = String(reply.headers["content-type"] ?? "");
      if (!type.startsWith("text/html")) {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
        return;
      }
      const chunks = [];
      reply.on("data", (chunk) => chunks.push(chunk));
      reply.on("end", () => {
        const body = Buffer.from(stripScripts(Buffer.concat(chunks).toString("utf8")), "utf8");
        const out = { ...reply.headers, "content-length": String(body.length) };
        delete out["transfer-encoding"];
        res.writeHead(reply.statusCode ?? 502, out);
        res.end(body);
      });
    });
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve({ port: server.address().port, close: () => server.close() }));
  });
}

async function runOnce(url, extraHeaders, throttlingMethod) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      throttlingMethod,
      extraHeaders,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function metrics(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  return {
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    lcp: audit("largest-contentful-paint"),
    fcp: audit("first-contentful-paint"),
    speedIndex: audit("speed-index"),
    cls: audit("cumulative-layout-shift"),
    tbt: audit("total-blocking-time"),
    bytes: audit("total-byte-weight"),
    runtimeError: lhr.runtimeError?.message,
  };
}

/**
 * targets: [{ name, host, path, cookie? }]. Runs each target `runs` times against the app and against the no-script
 * twin, alternating, with the throttling method given, and returns one row of medians per target.
 */
export async function lighthouseTable({ port, targets, runs, reportDir, throttlingMethod }) {
  mkdirSync(reportDir, { recursive: true });
  const twin = await startNoScriptProxy(port);
  const rows = [];
  try {
    for (const target of targets) {
      const product = [];
      const floor = [];
      for (let run = 1; run <= runs; run += 1) {
        for (const [variant, viaPort, into] of [
          ["app", port, product],
          ["noscript", twin.port, floor],
        ]) {
          const url = `http://${target.host}:${viaPort}${target.path}`;
          const lhr = await runOnce(url, target.cookie ? { Cookie: target.cookie } : undefined, throttlingMethod);
          const file = `${target.name.replace(/[^a-z0-9]+/gi, "-")}-${throttlingMethod}-${variant}-${run}.json`;
          writeFileSync(path.join(reportDir, file), JSON.stringify(lhr));
          into.push(metrics(lhr));
          process.stdout.write(".");
        }
      }
      const pick = (list, key) => median(list.map((m) => m[key]));
      const errors = [...product, ...floor].map((m) => m.runtimeError).filter(Boolean);
      rows.push({
        name: target.name,
        score: pick(product, "score"),
        lcp: pick(product, "lcp"),
        fcp: pick(product, "fcp"),
        speedIndex: pick(product, "speedIndex"),
        cls: pick(product, "cls"),
        tbt: pick(product, "tbt"),
        kib: pick(product, "bytes") / 1024,
        floorLcp: pick(floor, "lcp"),
        floorSpeedIndex: pick(floor, "speedIndex"),
        floorCls: pick(floor, "cls"),
        errors,
      });
    }
  } finally {
    twin.close();
    process.stdout.write("\n");
  }
  return rows;
}

export function printLighthouseTable(rows, runs, throttlingMethod) {
  const pad = (value, width) => String(value).padStart(width);
  const applied = throttlingMethod === "devtools";
  const how = applied ? "applied throttling (devtools)" : "simulated throttling";
  console.log(`\nLighthouse ${runs}× per page (mobile, ${how}), medians; goals: score ≥ ${GOALS.score},`);
  console.log(
    `LCP ≤ ${GOALS.lcpRatio}× the same page without scripts, CLS ${GOALS.cls}` +
      (applied ? `, Speed Index ≤ ${GOALS.speedIndexRatio}× the page without scripts.` : "."),
  );
  console.log(
    `  ${"page".padEnd(26)} ${pad("score", 5)} ${pad("LCP ms", 7)} ${pad("FCP ms", 7)} ${pad("SI ms", 6)} ${pad("CLS", 6)} ${pad("TBT", 5)} ${pad("KiB", 5)} ` +
      `${pad("no-JS LCP", 9)} ${pad("ratio", 5)} ${pad("no-JS SI", 8)} ${pad("ratio", 5)} ${pad("no-JS CLS", 9)}  goals`,
  );
  for (const row of rows) {
    const lcpRatio = row.lcp / row.floorLcp;
    const speedIndexRatio = row.speedIndex / row.floorSpeedIndex;
    const misses = [];
    if (!(row.score >= GOALS.score)) misses.push("score");
    if (!(lcpRatio <= GOALS.lcpRatio)) misses.push("LCP");
    if (!(row.cls <= GOALS.cls)) misses.push("CLS");
    if (applied && !(speedIndexRatio <= GOALS.speedIndexRatio)) misses.push("Speed Index");
    console.log(
      `  ${row.name.padEnd(26)} ${pad(row.score, 5)} ${pad(Math.round(row.lcp), 7)} ${pad(Math.round(row.fcp), 7)} ${pad(Math.round(row.speedIndex), 6)} ` +
        `${pad(row.cls.toFixed(3), 6)} ${pad(Math.round(row.tbt), 5)} ${pad(row.kib.toFixed(0), 5)} ${pad(Math.round(row.floorLcp), 9)} ` +
        `${pad(lcpRatio.toFixed(2), 5)} ${pad(Math.round(row.floorSpeedIndex), 8)} ${pad(speedIndexRatio.toFixed(2), 5)} ${pad(row.floorCls.toFixed(3), 9)}  ` +
        `${misses.length ? `MISSED: ${misses.join(", ")}` : "met"}`,
    );
    if (row.errors.length) console.log(`    Lighthouse errors: ${[...new Set(row.errors)].join("; ")}`);
  }
}
