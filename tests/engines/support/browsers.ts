// The suite's browser processes, started once for the whole run by its global setup (global-setup.ts) and shared by
// every test file: WebKitWebDriver under one Xvfb (it starts a MiniBrowser per session, that is per test), and one
// Firefox ESR whose WebDriver BiDi endpoint each file connects to in turn (Firefox allows one BiDi session at a time;
// a file's session ends when it disconnects). A Firefox start costs about 5 CPU-s; one per file was a fifth of the
// suite's CPU.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, openSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import puppeteer from "puppeteer-core";
import { waitUntil } from "./wait";

/** The MiniBrowser of libwebkit2gtk-4.1-0 (scripts/test-engines.sh finds it for other architectures). */
export const MINIBROWSER = process.env.MINIBROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
export const FIREFOX = "/usr/bin/firefox-esr";

export type EngineName = "webkit" | "firefox";

/** The engines to run, from ENGINES (comma-separated), both by default. */
export function enginesToRun(): EngineName[] {
  const wanted = (process.env.ENGINES ?? "webkit,firefox").split(",").map((name) => name.trim());
  return (["webkit", "firefox"] as const).filter((name) => wanted.includes(name));
}

export type RunningBrowser = {
  /** WebKitWebDriver's base URL, or Firefox's WebDriver BiDi endpoint. */
  endpoint: string;
  stop(): Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Until the process (group) has exited, so that no browser outlives the run. */
async function stopProcess(child: ChildProcess, group: boolean): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  if (group) process.kill(-child.pid, "SIGTERM");
  else child.kill("SIGTERM");
  await exited;
}

export async function startWebKitDriver(): Promise<RunningBrowser> {
  const port = await freePort();
  // Reduced motion, as in the Playwright suite: WebKitGTK takes it from GTK's animation setting.
  const config = await mkdtemp(path.join(tmpdir(), "engines-webkit-"));
  await mkdir(path.join(config, "gtk-3.0"));
  await writeFile(path.join(config, "gtk-3.0", "settings.ini"), "[Settings]\ngtk-enable-animations=0\n");
  // What the driver and its browsers print goes to a log beside the test servers': where a session hangs, it says why.
  mkdirSync("test-results", { recursive: true });
  const log = openSync(path.join("test-results", "webkit-driver.log"), "w");
  // The MiniBrowser of WebKitGTK 4.1 has no headless mode: the driver and the browsers it starts share one Xvfb.
  // -noreset: by default an X server resets when its last client leaves, and refuses connections meanwhile. Between two
  // tests the closed MiniBrowser is that last client, so the next one, opening the display at that moment, failed with
  // "cannot open display" and the driver waited on it until the hook's 60 s ran out (decision 0088).
  const driver = spawn("xvfb-run", ["-a", "-s", "-screen 0 1280x1024x24 -noreset", "WebKitWebDriver", `--port=${port}`], {
    stdio: ["ignore", log, log],
    detached: true,
    // Without accelerated compositing and JavaScriptCore's optimising tiers (DFG, FTL): pages that live seconds under
    // Xvfb's software GL spent a fifth of WebKit's CPU on them; layout, scripts and events are the same (decision 0077).
    env: { ...process.env, XDG_CONFIG_HOME: config, WEBKIT_DISABLE_COMPOSITING_MODE: "1", JSC_useDFGJIT: "false" },
  });
  closeSync(log);
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntil("WebKitWebDriver to answer", async () => ((await fetch(`${endpoint}/status`)).ok ? true : undefined), 30_000);
  return {
    endpoint,
    async stop() {
      await stopProcess(driver, true);
      await rm(config, { recursive: true, force: true });
    },
  };
}

/** Firefox ESR, headless, every request through the proxy at `proxy` (host:port). */
export async function startFirefox(proxy: string): Promise<RunningBrowser> {
  const [proxyHost = "", proxyPort = ""] = proxy.split(":");
  const profile = await mkdtemp(path.join(tmpdir(), "engines-firefox-"));
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
    extraPrefsFirefox: {
      // Reduced motion, as the Playwright suite's pages: nothing turns or slides by itself.
      "ui.prefersReducedMotion": 1,
      "network.proxy.type": 1,
      "network.proxy.http": proxyHost,
      "network.proxy.http_port": Number(proxyPort),
      "network.proxy.no_proxies_on": "",
      "network.proxy.allow_hijacking_localhost": true,
    },
  });
  const endpoint = browser.wsEndpoint();
  const child = browser.process();
  // The launch's own session ends here, so that the test files can open theirs; Firefox keeps running.
  await browser.disconnect();
  return {
    endpoint,
    async stop() {
      if (child) await stopProcess(child, false);
      await rm(profile, { recursive: true, force: true });
    },
  };
}
