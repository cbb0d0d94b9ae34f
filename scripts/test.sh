#!/usr/bin/env bash
# npm test: typecheck, lint, unit tests, build, then the edge, Playwright and cross-engine tests against the built Worker
# (app + sandbox platform, bundled once as `wrangler deploy` bundles them and served by scripts/test-server.mjs:
# Miniflare without `wrangler dev`'s proxy, docs/decisions/0073-test-servers-on-miniflare.md). Five servers of the same
# bundle, each with its own sandbox database: the Playwright tests on TEST_PORT (default 8790, so a developer's
# `npm start` on 8787 can keep running), the Playwright tests tagged @exclusive on EXCLUSIVE_PORT (default TEST_PORT + 2),
# the cross-engine tests (tests/engines) in WebKit on ENGINES_PORT (default TEST_PORT + 4) and in Firefox ESR on
# ENGINES_FIREFOX_PORT (default ENGINES_PORT + 1), and the HTTP-level tests (edge, and the sandbox's live tests) on
# EDGE_PORT (default TEST_PORT + 10). The exclusive and the HTTP-level tests inject faults and reset sandbox data for
# whole merchants, and the cross-engine tests log the demo members in and out, so on servers of their own they can run
# while the other browser tests do. Typecheck, lint and unit tests need no server: they run meanwhile too, at a lower
# priority.
# Prints `N passed, M failed` as its last line (vitest + playwright counts); exits non-zero if any step failed.
set -uo pipefail
cd "$(dirname "$0")/.."
# First, before anything is built: the browsers and fonts the tests need, installed (as root) or named (decision 0074).
bash scripts/system-packages.sh || exit 1
source scripts/dev-env.sh
source scripts/firebase-emulator.sh

TEST_PORT="${TEST_PORT:-8790}"
EDGE_PORT="${EDGE_PORT:-$((TEST_PORT + 10))}"
EXCLUSIVE_PORT="${EXCLUSIVE_PORT:-$((TEST_PORT + 2))}"
ENGINES_PORT="${ENGINES_PORT:-$((TEST_PORT + 4))}"
ENGINES_FIREFOX_PORT="${ENGINES_FIREFOX_PORT:-$((ENGINES_PORT + 1))}"
# The Firebase Auth emulator the servers' social and SMS sign-in use (FIREBASE_AUTH_PORT+1 and +2 are its hub's).
FIREBASE_AUTH_PORT="${FIREBASE_AUTH_PORT:-$((TEST_PORT + 400))}"
export TEST_PORT FIREBASE_AUTH_PORT
# Platform timeouts of the test server (production: 30 s a call, 5 s a page, 8 s a form post), so timeout tests take
# seconds.
export PLATFORM_TIMEOUT_MS="${PLATFORM_TIMEOUT_MS:-6000}" PAGE_DEADLINE_MS="${PAGE_DEADLINE_MS:-4000}"
export ACTION_DEADLINE_MS="${ACTION_DEADLINE_MS:-5000}"
# Wrangler's registry and logs, the Workers' bundle, and the sandbox's D1 data, apart from a developer's server.
export XDG_CONFIG_HOME="$PWD/.wrangler/test-xdg"
BUNDLE_DIR="$PWD/.wrangler/test-bundle"
# The servers' sandbox databases and Durable Objects live in memory (tmpfs) where the machine has one: on disk, a write's
# fsync waited behind whatever else the run was flushing, and froze the server's one thread for seconds at a time (a
# page that answers in 20 ms took 5.8 s; a navigation queued behind it missed its test's 5 s). Removed with the servers.
STATE_ROOT="$PWD/.wrangler"
if [ -d /dev/shm ] && [ -w /dev/shm ]; then STATE_ROOT="$(mktemp -d /dev/shm/mobile-web-test.XXXXXX)"; fi
STATE_DIR="$STATE_ROOT/test-state"
EDGE_STATE_DIR="$STATE_ROOT/test-state-edge"
EXCLUSIVE_STATE_DIR="$STATE_ROOT/test-state-exclusive"
ENGINES_STATE_DIR="$STATE_ROOT/test-state-engines"
ENGINES_FIREFOX_STATE_DIR="$STATE_ROOT/test-state-engines-firefox"
REPORTS="$PWD/test-results/reports"
SERVER_LOG="$PWD/test-results/server.log"
EDGE_SERVER_LOG="$PWD/test-results/server-edge.log"
EXCLUSIVE_SERVER_LOG="$PWD/test-results/server-exclusive.log"
ENGINES_SERVER_LOG="$PWD/test-results/server-engines.log"
ENGINES_FIREFOX_SERVER_LOG="$PWD/test-results/server-engines-firefox.log"
AUTH_EMULATOR_LOG="$PWD/test-results/firebase-emulator.log"
rm -rf "$REPORTS"
mkdir -p "$REPORTS" "$XDG_CONFIG_HOME"

FAILED_STEPS=()
SERVER_PGIDS=()
STEP_PGID=""
# Steps running in the background: their pid, name and output file.
BACKGROUND_PIDS=()
BACKGROUND_NAMES=()
BACKGROUND_LOGS=()

# Runs a command as its own process group, so an interrupt (Ctrl-C, or a CI timeout's SIGTERM) can stop all of it.
run_group() {
  setsid "$@" </dev/null &
  STEP_PGID=$!
  wait "$STEP_PGID"
  local rc=$?
  STEP_PGID=""
  return $rc
}

step() {
  local name="$1"
  shift
  echo
  echo "=== ${name}"
  local started=$SECONDS
  if "$@"; then
    echo "--- ${name}: ok ($((SECONDS - started)) s)"
    return 0
  fi
  echo "--- ${name}: FAILED ($((SECONDS - started)) s)"
  FAILED_STEPS+=("$name")
  return 1
}

# Runs a step in the background at the given nice level, its output kept in a file until finish_background shows it.
# Each step is its own session, and Linux shares the CPU between sessions ("autogroups") before nice levels count,
# so the level is set on the step's autogroup too.
start_background() {
  local name="$1" niceness="$2"
  shift 2
  local log="$REPORTS/step-${name// /-}.log"
  (
    trap '[ -n "$STEP_PGID" ] && kill -TERM -- "-$STEP_PGID" 2>/dev/null; exit 130' INT TERM
    step "$name" run_group bash -c 'echo "$0" >"/proc/$$/autogroup" 2>/dev/null; exec nice -n "$0" "$@"' "$niceness" "$@"
  ) >"$log" 2>&1 &
  BACKGROUND_PIDS+=("$!")
  BACKGROUND_NAMES+=("$name")
  BACKGROUND_LOGS+=("$log")
}

# Waits for the background steps, shows their output, and records the failed ones.
finish_background() {
  local i
  for i in "${!BACKGROUND_PIDS[@]}"; do
    wait "${BACKGROUND_PIDS[$i]}" || FAILED_STEPS+=("${BACKGROUND_NAMES[$i]}")
    cat "${BACKGROUND_LOGS[$i]}"
  done
  BACKGROUND_PIDS=()
  BACKGROUND_NAMES=()
  BACKGROUND_LOGS=()
}

stop_servers() {
  local pgid
  stop_auth_emulator
  for pgid in "${SERVER_PGIDS[@]}"; do
    kill -TERM -- "-$pgid" 2>/dev/null || true
  done
  for pgid in "${SERVER_PGIDS[@]}"; do
    for _ in $(seq 1 50); do
      kill -0 -- "-$pgid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL -- "-$pgid" 2>/dev/null || true
  done
  SERVER_PGIDS=()
  case "$STATE_ROOT" in /dev/shm/mobile-web-test.*) rm -rf "$STATE_ROOT" ;; esac
}
on_interrupt() {
  echo "interrupted: stopping the running steps and the servers"
  [ -n "$STEP_PGID" ] && kill -TERM -- "-$STEP_PGID" 2>/dev/null
  local pid
  for pid in "${BACKGROUND_PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null
  done
  exit 130
}
trap stop_servers EXIT
trap on_interrupt INT TERM

port_answers() {
  node -e '
    const req = require("node:http").get({ host: "127.0.0.1", port: Number(process.argv[1]), path: "/m/home",
      headers: { Host: "demo.localhost" }, timeout: 3000 }, (res) => { res.resume(); process.exit(res.statusCode === 200 ? 0 : 1); });
    req.on("error", () => process.exit(1));
    req.on("timeout", () => { req.destroy(); process.exit(1); });
  ' "$1"
}

port_in_use() {
  node -e '
    const s = require("node:net").connect(Number(process.argv[1]), "127.0.0.1");
    s.on("connect", () => { s.destroy(); process.exit(0); });
    s.on("error", () => process.exit(1));
  ' "$1"
}

# Starts a test server of the bundle (scripts/test-server.mjs) on a port with its own sandbox database and log, and
# an operator's routes file in its KV when given. start_servers waits until each answers.
launch_server() {
  local port="$1" state="$2" log="$3" xdg="$4" routes="${5:-}"
  if port_in_use "$port"; then
    echo "Port $port is already in use: stop whatever listens there, or set TEST_PORT (and EDGE_PORT) to free ports."
    return 1
  fi
  # A fresh sandbox database each run: seed members, no faults left over from an interrupted run.
  rm -rf "$state"
  mkdir -p "$(dirname "$log")"
  : >"$log"
  echo "test server on 127.0.0.1:$port (log: ${log#"$PWD"/})"
  mkdir -p "$xdg"
  # An operator's routes file, written to the server's local KV as `npm start -- --routes FILE` does (with wrangler, into
  # the --persist-to layout the server reads).
  if [ -n "$routes" ]; then
    XDG_CONFIG_HOME="$xdg" tsx scripts/merchants.ts put "$routes" --local --yes --persist-to "$state" >>"$log" 2>&1 || return 1
  fi
  setsid node scripts/test-server.mjs serve "$BUNDLE_DIR" --port "$port" --persist-to "$state" \
    --var "PLATFORM_TIMEOUT_MS:$PLATFORM_TIMEOUT_MS" --var "PAGE_DEADLINE_MS:$PAGE_DEADLINE_MS" \
    --var "ACTION_DEADLINE_MS:$ACTION_DEADLINE_MS" \
    --var "FIREBASE_AUTH_EMULATOR_HOST:127.0.0.1:$FIREBASE_AUTH_PORT" </dev/null >>"$log" 2>&1 &
  local pid=$!
  # setsid makes the server its own process group leader: its pid is the group id. (Not read back with `ps`: asked
  # before the child has called setsid(), that answers this script's own group, which stop_servers would then kill.)
  SERVER_PGIDS+=("$pid")
  LAUNCHED+=("$pid $port $log")
}

start_servers() {
  LAUNCHED=()
  wait_auth_emulator "$FIREBASE_AUTH_PORT" "$AUTH_EMULATOR_LOG" || return 1
  launch_server "$TEST_PORT" "$STATE_DIR" "$SERVER_LOG" "$XDG_CONFIG_HOME" || return 1
  # The edge tests also see a merchant added by an operator's routes file (tests/edge/operator-routes.test.ts).
  launch_server "$EDGE_PORT" "$EDGE_STATE_DIR" "$EDGE_SERVER_LOG" "$XDG_CONFIG_HOME-edge" examples/routes.shop.json || return 1
  launch_server "$EXCLUSIVE_PORT" "$EXCLUSIVE_STATE_DIR" "$EXCLUSIVE_SERVER_LOG" "$XDG_CONFIG_HOME-exclusive" || return 1
  launch_server "$ENGINES_PORT" "$ENGINES_STATE_DIR" "$ENGINES_SERVER_LOG" "$XDG_CONFIG_HOME-engines" || return 1
  launch_server "$ENGINES_FIREFOX_PORT" "$ENGINES_FIREFOX_STATE_DIR" "$ENGINES_FIREFOX_SERVER_LOG" \
    "$XDG_CONFIG_HOME-engines-firefox" || return 1
  local started=$SECONDS entry pid port log
  for entry in "${LAUNCHED[@]}"; do
    read -r pid port log <<<"$entry"
    while ! port_answers "$port"; do
      if ! kill -0 "$pid" 2>/dev/null; then
        echo "The server on port $port exited while starting:"
        tail -40 "$log"
        return 1
      fi
      if [ $((SECONDS - started)) -ge 90 ]; then
        echo "The server on port $port did not answer within 90 s:"
        tail -40 "$log"
        return 1
      fi
      sleep 1
    done
    echo "Server on port $port ready after $((SECONDS - started)) s"
  done
}

# No server needed: in the background while the build, the servers and the tests run. Typecheck and lint take only the
# CPU left over (nice 15). The unit tests keep the normal priority: they have per-test time limits, and starved behind the
# browser tests a 100 ms test could take over 5 s of wall time; they need about 20 s of CPU, so they finish early.
start_background "typecheck" 15 npm run --silent typecheck
start_background "lint" 15 npm run --silent lint
start_background "unit tests" 0 npm run --silent test:unit -- --reporter=default --reporter=json --outputFile.json="$REPORTS/unit.json"
# Started first: it is ready (about 6 s) by the time the build is.
start_auth_emulator "$FIREBASE_AUTH_PORT" "$AUTH_EMULATOR_LOG"
# The Workers bundled once for the three servers, as `wrangler deploy` bundles them (NODE_ENV=production: React's
# production build, as players get it).
if step "build" run_group npm run --silent build && step "bundle" run_group node scripts/test-server.mjs bundle "$BUNDLE_DIR"; then
  if step "start servers" start_servers; then
    # The edge tests mostly wait out the platform's timeouts: beside the browser tests, on their own server.
    # EDGE_SERVER_LOG: the request log tests read their own requests' lines from the server's log.
    start_background "edge tests" 0 env TEST_PORT="$EDGE_PORT" EDGE_SERVER_LOG="$EDGE_SERVER_LOG" \
      npm run --silent test:edge -- --reporter=default --reporter=json --outputFile.json="$REPORTS/edge.json"
    # The exclusive Playwright tests, one at a time on their own server, while the others run on two workers; then,
    # on the same server once no test there resets data any more, the Firebase tests (they have the time to spare), and
    # the files playwright.config.ts names for this lane (SIDE_FILES), taken from the two workers' share so that both
    # runs end together (decision 0087).
    start_background "exclusive e2e tests" 0 env TEST_PORT="$EXCLUSIVE_PORT" E2E_EXCLUSIVE_APART=1 REPORTS="$REPORTS" bash -c '
      PLAYWRIGHT_JSON_OUTPUT_FILE="$REPORTS/e2e-exclusive.json" PLAYWRIGHT_OUTPUT_DIR=test-results/playwright-exclusive \
        npm run --silent test:e2e -- --project exclusive
      exclusive=$?
      PLAYWRIGHT_JSON_OUTPUT_FILE="$REPORTS/e2e-firebase.json" PLAYWRIGHT_OUTPUT_DIR=test-results/playwright-firebase \
        npm run --silent test:e2e -- --project firebase
      firebase=$?
      PLAYWRIGHT_JSON_OUTPUT_FILE="$REPORTS/e2e-side.json" PLAYWRIGHT_OUTPUT_DIR=test-results/playwright-side E2E_LANE=side \
        npm run --silent test:e2e -- --project js --project no-js --workers 1
      side=$?
      [ "$exclusive" -eq 0 ] && [ "$firebase" -eq 0 ] && [ "$side" -eq 0 ]
    '
    EXCLUSIVE_STEP_PID="${BACKGROUND_PIDS[-1]}"
    step "e2e tests" run_group env E2E_EXCLUSIVE_APART=1 E2E_LANE=main PLAYWRIGHT_JSON_OUTPUT_FILE="$REPORTS/e2e.json" \
      npm run --silent test:e2e -- --project js --project no-js
    # The cross-engine tests once every Chromium test has ended (decision 0080). The whole run keeps both cores busy
    # (97% over a run), so starting them sooner would only slow the Chromium tests as much (decision 0088). `tail --pid`
    # waits for the exclusive and Firebase step without reaping it (finish_background collects its status). The two
    # engines at the same time, each on a server of its own (they log the same demo members in and out): one engine
    # alone leaves a core idle most of the time, waiting for its browser (66 s for both in turn, 49 s side by side;
    # decision 0086).
    tail --pid="$EXCLUSIVE_STEP_PID" -f /dev/null
    start_background "cross-engine tests (Firefox)" 0 env TEST_PORT="$ENGINES_FIREFOX_PORT" ENGINES=firefox \
      bash scripts/test-engines.sh --reporter=default --reporter=json --outputFile.json="$REPORTS/engines-firefox.json"
    step "cross-engine tests (WebKit)" run_group env TEST_PORT="$ENGINES_PORT" ENGINES=webkit bash scripts/test-engines.sh \
      --reporter=default --reporter=json --outputFile.json="$REPORTS/engines-webkit.json"
  fi
fi
finish_background
stop_servers

# Sum what vitest and playwright reported. The failed tests are named again at the end, where a log cut to its last
# lines (as CI shows it) still says which test failed and why.
FAILED_TESTS="$REPORTS/failed-tests.txt"
read -r PASSED FAILED < <(node -e '
  const fs = require("node:fs");
  let passed = 0, failed = 0;
  const named = [];
  const firstLine = (text) => String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "").trim().split("\n")[0].slice(0, 300);
  for (const name of ["unit", "edge", "engines-webkit", "engines-firefox"]) {
    const file = `${process.argv[1]}/${name}.json`;
    if (!fs.existsSync(file)) continue;
    const r = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    for (const f of r.testResults ?? []) {
      const testFile = f.name.replace(process.cwd() + "/", "");
      const failedTests = (f.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const t of failedTests) named.push(`${name}: ${testFile} > ${t.fullName}\n    ${firstLine(t.failureMessages?.[0])}`);
      // A file that failed as a whole (it did not load, or a hook failed) has no failed test of its own.
      if (f.status === "failed" && failedTests.length === 0) named.push(`${name}: ${testFile}\n    ${firstLine(f.message)}`);
    }
  }
  for (const name of ["e2e", "e2e-exclusive", "e2e-firebase", "e2e-side"]) {
    const file = `${process.argv[1]}/${name}.json`;
    if (!fs.existsSync(file)) continue;
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    const s = report.stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    const walk = (suite, path) => {
      for (const entry of suite.specs ?? [])
        for (const t of entry.tests ?? [])
          if (t.status === "unexpected")
            named.push(`${name} [${t.projectName}]: ${entry.file}:${entry.line} > ${[...path, entry.title].join(" > ")}\n    ${firstLine(t.results?.at(-1)?.error?.message)}`);
      for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
    };
    for (const suite of report.suites ?? []) walk(suite, []);
    // Errors outside any test: the global setup, a file that did not load.
    for (const error of report.errors ?? []) named.push(`${name}: ${firstLine(error.message)}`);
  }
  fs.writeFileSync(process.argv[2], named.join("\n") + (named.length ? "\n" : ""));
  console.log(passed, failed);
' "$REPORTS" "$FAILED_TESTS")

echo
if [ -s "$FAILED_TESTS" ]; then
  echo "Failed tests:"
  cat "$FAILED_TESTS"
  echo
fi
if [ ${#FAILED_STEPS[@]} -gt 0 ]; then
  echo "Failed steps: ${FAILED_STEPS[*]}"
  [ -f "$SERVER_LOG" ] && echo "Server logs: ${SERVER_LOG#"$PWD"/} (e2e), ${EXCLUSIVE_SERVER_LOG#"$PWD"/} (exclusive e2e), ${ENGINES_SERVER_LOG#"$PWD"/} (cross-engine, WebKit; its driver: test-results/webkit-driver.log), ${ENGINES_FIREFOX_SERVER_LOG#"$PWD"/} (cross-engine, Firefox), ${EDGE_SERVER_LOG#"$PWD"/} (edge)"
fi
echo "npm test took ${SECONDS} s (the rule: under 360 s on a two-core machine)"
echo "${PASSED} passed, ${FAILED} failed"
[ ${#FAILED_STEPS[@]} -eq 0 ] && [ "$FAILED" -eq 0 ]
