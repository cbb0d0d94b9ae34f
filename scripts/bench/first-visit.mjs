// What a first visit really loads in Chromium: every script fetched in the first 10 seconds (preloaded, imported
// later, loaded when idle), the service worker's own script excluded, and every stylesheet with when it arrived
// relative to the page's load event. Also logs a member in, for the member rows of the tables.
import http from "node:http";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { encryptCall } from "../../tests/unit/sandbox/wire-client.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const FIRST_VISIT_MS = 10_000;

/** The captcha fields of a login, solved through the sandbox's stand-in for Geetest's servers. `platform`: the sandbox's address. */
async function solvedCaptcha(platform, headers) {
  const setting = await (await fetch(`${platform}/wps/system/setting?_=common`, { headers })).json();
  const gw = setting.value?.gw ?? {};
  const post = (path, body) =>
    fetch(`${platform}${path}`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  if (gw.GEETEST_VERSION === "v4") {
    const solved = await post("/wps/captcha/geetest4/solve", { captchaId: gw.GEETEST_ID });
    return { geetestValidateV4: JSON.stringify(solved.value) };
  }
  const challenge = await (await fetch(`${platform}/wps/captcha/geetest?product=login&_=${Date.now()}`, { headers })).json();
  const solved = await post("/wps/captcha/geetest/solve", { challenge: challenge.value.challenge });
  return {
    geetestChallenge: solved.value.geetest_challenge,
    geetestValidate: solved.value.geetest_validate,
    geetestSeccode: solved.value.geetest_seccode,
  };
}

/**
 * A member's session cookie on a merchant host: a platform login on the sandbox itself (the app's /wps proxy refuses
 * identity calls, docs/behaviour/shell.md#proxy-allow-list), with the captcha solved when the merchant asks for one,
 * then the app adopts the token from the address.
 */
export async function memberCookie(port, host, merchant, username, password = "demo1234") {
  const origin = `http://127.0.0.1:${port}`;
  const headers = { Host: `${host}:${port}` };
  const platform = `${origin}/__sandbox/direct`;
  const platformHeaders = { ...headers, Merchant: merchant };
  const login = async (extra) => {
    const key = await fetch(`${platform}/wps/session/key/rsa?_=${Date.now()}`, { headers: platformHeaders });
    const modulus = (await key.text()).trim().replace(/^"|"$/g, "");
    const call = encryptCall({ username, password, loginDeviceId: "bench", merchant, ...extra }, modulus);
    const reply = await fetch(`${platform}/wps/session/login`, {
      method: "POST",
      headers: { ...platformHeaders, ...call.headers, "Content-Type": "text/plain;charset=UTF-8" },
      body: call.body,
    });
    return reply.json();
  };
  let reply = await login({});
  if (!reply.success && reply.errorCode === "geetest.required") reply = await login(await solvedCaptcha(platform, platformHeaders));
  if (!reply.success) throw new Error(`platform login of ${username} on ${host} failed: ${JSON.stringify(reply)}`);
  // node:http, not fetch: fetch drops the Host header, and the app would adopt the token for the default merchant.
  const adopt = await new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: "127.0.0.1",
        port,
        path: `/m/home?token=${encodeURIComponent(reply.value.token)}`,
        headers: { ...headers, Accept: "text/html", "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" },
      },
      (response) => {
        response.resume();
        resolve(response);
      },
    );
    request.on("error", reject);
  });
  const session = (adopt.headers["set-cookie"] ?? []).find((line) => /^(__Host-)?mc_session=/.test(line));
  if (!session) throw new Error(`the app did not adopt the token on ${host} (HTTP ${adopt.statusCode})`);
  return session.split(";")[0];
}

/** targets: [{ name, host, path, cookie? }] → rows of { name, scripts: [{url, gzip}], styles: [{url, afterLoad}] }. */
export async function firstVisitTable({ port, targets }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  const rows = [];
  try {
    for (const target of targets) {
      const context = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
      if (target.cookie) {
        const [name, ...value] = target.cookie.split("=");
        await context.addCookies([{ name, value: value.join("="), domain: target.host, path: "/" }]);
      }
      const page = await context.newPage();
      const scripts = new Map();
      const styles = [];
      let loadedAt = Infinity;
      const started = Date.now();
      page.on("load", () => (loadedAt = Date.now()));
      // Requests the page makes in its first FIRST_VISIT_MS (from just before the navigation): what arrives for them counts.
      const inWindow = new Set();
      page.on("request", (request) => {
        if (Date.now() - started < FIRST_VISIT_MS) inWindow.add(request);
      });
      page.on("response", async (response) => {
        const request = response.request();
        if (!inWindow.has(request)) return;
        const url = new URL(response.url());
        if (request.serviceWorker() || /\/sw\.js$/.test(url.pathname)) return;
        const type = request.resourceType();
        if (type === "script" || url.pathname.endsWith(".js")) {
          const body = await response.body().catch(() => Buffer.alloc(0));
          scripts.set(url.pathname, { gzip: gzipSync(body, { level: 9 }).length, firebase: isFirebaseChunk(body) });
        } else if (type === "stylesheet") {
          styles.push({ url: url.pathname, at: Date.now() - started });
        }
      });
      await page.goto(`http://${target.host}:${port}${target.path}`);
      // A benchmark, not a test: it watches a fixed window of a visit, as a player's phone would spend it, and gives the
      // responses to the window's last requests a second to arrive.
      await page.waitForTimeout(Math.max(0, started + FIRST_VISIT_MS + 1_000 - Date.now()));
      rows.push({
        name: target.name,
        scripts: [...scripts].map(([url, { gzip, firebase }]) => ({ url, gzip, firebase })).sort((a, b) => b.gzip - a.gzip),
        styles: styles.map((s) => ({ ...s, afterLoad: s.at > loadedAt - started })),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/**
 * A chunk of the Firebase SDK, wherever the bundler put it: each package registers itself as "@firebase/…", and the
 * shared helpers carry its error class.
 */
export function isFirebaseChunk(body) {
  return body.includes("@firebase/") || body.includes("FirebaseError");
}

export function printFirstVisitTable(rows, budgetKib, { files = false } = {}) {
  const kib = (bytes) => (bytes / 1024).toFixed(1);
  console.log(
    `\nAll JavaScript of a first visit's first ${FIRST_VISIT_MS / 1000} s in Chromium (gzip -9, service worker excluded), budget ${budgetKib} KiB:`,
  );
  for (const row of rows) {
    const total = row.scripts.reduce((sum, s) => sum + s.gzip, 0);
    const late = row.styles.filter((s) => s.afterLoad);
    console.log(
      `  ${row.name.padEnd(30)} ${kib(total).padStart(7)} KiB in ${String(row.scripts.length).padStart(2)} files  ${total > budgetKib * 1024 ? "OVER BUDGET" : "within budget"}; stylesheets ${row.styles.length}${late.length ? `, after load: ${late.map((s) => s.url).join(", ")}` : ""}`,
    );
    if (files) for (const script of row.scripts) console.log(`      ${kib(script.gzip).padStart(6)} KiB  ${script.url}`);
  }
  // Features that must cost a first visit nothing until they are used (docs/behaviour/support.md#minigame-box): the
  // mini-game's box and script, on every row that is not a member's.
  const MINI_GAME = /MiniGame|\/mini-game\//;
  for (const row of rows.filter((r) => !/member/.test(r.name))) {
    const bytes = row.scripts.filter((s) => MINI_GAME.test(s.url)).reduce((sum, s) => sum + s.gzip, 0);
    console.log(`  ${row.name.padEnd(30)} mini-game: ${bytes === 0 ? "0 bytes" : `${kib(bytes)} KiB (should be 0)`}`);
  }
  // …and Firebase (docs/decisions/0055-firebase.md): loaded when a social button is tapped, a Firebase SMS code is sent
  // or push is accepted, never by a visit alone, member or not.
  for (const row of rows) {
    const bytes = row.scripts.filter((s) => s.firebase).reduce((sum, s) => sum + s.gzip, 0);
    console.log(`  ${row.name.padEnd(30)} firebase: ${bytes === 0 ? "0 bytes" : `${kib(bytes)} KiB (should be 0)`}`);
  }
}
