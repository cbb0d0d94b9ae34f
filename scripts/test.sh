#!/usr/bin/env bash
# npm test: typecheck, lint, unit tests, build, then the edge and Playwright tests against ONE built server
# (`wrangler dev`, app + sandbox platform) on TEST_PORT (default 8790, so a developer's `npm start` on 8787 can keep running).
# Prints `N passed, M failed` as its last line (vitest + playwright counts); exits non-zero if any step failed.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/dev-env.sh

TEST_PORT="${TEST_PORT:-8790}"
export TEST_PORT
# Platform timeouts of the test server (production: 30 s a call, 5 s a page), so timeout tests take seconds.
export PLATFORM_TIMEOUT_MS="${PLATFORM_TIMEOUT_MS:-6000}" PAGE_DEADLINE_MS="${PAGE_DEADLINE_MS:-4000}"
# Wrangler's registry and logs, and the sandbox's D1 data, apart from a developer's server.
export XDG_CONFIG_HOME="$PWD/.wrangler/test-xdg"
STATE_DIR="$PWD/.wrangler/test-state"
REPORTS="$PWD/test-results/reports"
SERVER_LOG="$PWD/test-results/server.log"
rm -rf "$REPORTS"
mkdir -p "$REPORTS" "$XDG_CONFIG_HOME"

FAILED_STEPS=()
SERVER_PGID=""
STEP_PGID=""

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

stop_server() {
  if [ -n "$SERVER_PGID" ]; then
    kill -TERM -- "-$SERVER_PGID" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 -- "-$SERVER_PGID" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL -- "-$SERVER_PGID" 2>/dev/null || true
    SERVER_PGID=""
  fi
}
on_interrupt() {
  echo "interrupted: stopping the running step and the server"
  [ -n "$STEP_PGID" ] && kill -TERM -- "-$STEP_PGID" 2>/dev/null
  exit 130
}
trap stop_server EXIT
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

start_server() {
  if port_in_use "$TEST_PORT"; then
    echo "Port $TEST_PORT is already in use: stop whatever listens there, or set TEST_PORT to a free port."
    return 1
  fi
  # A fresh sandbox database each run: seed members, no faults left over from an interrupted run.
  rm -rf "$STATE_DIR"
  mkdir -p "$(dirname "$SERVER_LOG")"
  echo "wrangler dev on 127.0.0.1:$TEST_PORT (log: ${SERVER_LOG#"$PWD"/})"
  setsid wrangler dev -c wrangler.toml -c workers/wps-sandbox/wrangler.toml \
    --port "$TEST_PORT" --ip 127.0.0.1 --show-interactive-dev-session=false \
    --persist-to "$STATE_DIR" --log-level info \
    --var "PLATFORM_TIMEOUT_MS:$PLATFORM_TIMEOUT_MS" --var "PAGE_DEADLINE_MS:$PAGE_DEADLINE_MS" </dev/null >"$SERVER_LOG" 2>&1 &
  local pid=$!
  # setsid made the server its own process group leader (its pid is the group id).
  SERVER_PGID="$(ps -o pgid= "$pid" | tr -d ' ')"
  [ -n "$SERVER_PGID" ] || SERVER_PGID="$pid"
  local deadline=$((SECONDS + 90))
  while [ $SECONDS -lt $deadline ]; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "The server exited while starting:"
      tail -40 "$SERVER_LOG"
      return 1
    fi
    if port_answers "$TEST_PORT"; then
      echo "Server ready after $((SECONDS - deadline + 90)) s"
      return 0
    fi
    sleep 1
  done
  echo "The server did not answer within 90 s:"
  tail -40 "$SERVER_LOG"
  return 1
}

step "typecheck" run_group bash -c \
  'tsc --noEmit -p tsconfig.json && tsc --noEmit -p tsconfig.node.json && tsc --noEmit -p workers/wps-sandbox/tsconfig.json'
step "lint" run_group npm run --silent lint
step "unit tests" run_group npm run --silent test:unit -- --reporter=default --reporter=json --outputFile.json="$REPORTS/unit.json"
if step "build" run_group npm run --silent build; then
  if step "start server" start_server; then
    step "edge tests" run_group npm run --silent test:edge -- --reporter=default --reporter=json --outputFile.json="$REPORTS/edge.json"
    export PLAYWRIGHT_JSON_OUTPUT_FILE="$REPORTS/e2e.json"
    step "e2e tests" run_group npm run --silent test:e2e
  fi
fi
stop_server

# Sum what vitest and playwright reported.
read -r PASSED FAILED < <(node -e '
  const fs = require("node:fs");
  let passed = 0, failed = 0;
  for (const name of ["unit", "edge"]) {
    const file = `${process.argv[1]}/${name}.json`;
    if (!fs.existsSync(file)) continue;
    const r = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
  }
  const e2e = `${process.argv[1]}/e2e.json`;
  if (fs.existsSync(e2e)) {
    const s = JSON.parse(fs.readFileSync(e2e, "utf8")).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
  }
  console.log(passed, failed);
' "$REPORTS")

echo
if [ ${#FAILED_STEPS[@]} -gt 0 ]; then
  echo "Failed steps: ${FAILED_STEPS[*]}"
  [ -f "$SERVER_LOG" ] && echo "Server log: ${SERVER_LOG#"$PWD"/}"
fi
echo "${PASSED} passed, ${FAILED} failed"
[ ${#FAILED_STEPS[@]} -eq 0 ] && [ "$FAILED" -eq 0 ]
