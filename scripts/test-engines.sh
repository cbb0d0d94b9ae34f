#!/usr/bin/env bash
# npm run test:engines: the cross-engine browser suite (tests/engines, decisions 0076 and 0080) in WebKit (WebKitGTK's
# MiniBrowser through WebKitWebDriver, under Xvfb) and Firefox ESR (WebDriver BiDi). Debian's packages only:
# webkit2gtk-driver, firefox-esr, xvfb, checked (and installed as root) by scripts/system-packages.sh as `npm test` does.
# With TEST_PORT set, against the server there (`npm start`: TEST_PORT=8787; `npm test` runs it so, on a server of its
# own). Otherwise against a server of its own, started from the build (built first if missing) as npm test's servers
# are, with a fresh sandbox, on ENGINES_PORT (default 8794), and stopped at the end.
# ENGINES=webkit or ENGINES=firefox runs one engine; arguments go to vitest (a file, -t "title").
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-packages.sh || exit 1
source scripts/dev-env.sh

# The MiniBrowser WebKitWebDriver starts ships with libwebkit2gtk-4.1-0, in the architecture's library folder.
if [ -z "${MINIBROWSER:-}" ]; then
  for candidate in /usr/lib/*/webkit2gtk-4.1/MiniBrowser; do [ -x "$candidate" ] && export MINIBROWSER="$candidate"; done
fi

answers() {
  node -e 'fetch(`http://127.0.0.1:${process.argv[1]}/m/home`).then(() => process.exit(0), () => process.exit(1))' "$1"
}

if [ -n "${TEST_PORT:-}" ]; then
  if ! answers "$TEST_PORT"; then
    echo "No server answers on TEST_PORT=$TEST_PORT: start one (npm start, then TEST_PORT=8787), or leave TEST_PORT unset" >&2
    echo "and this command starts its own." >&2
    exit 1
  fi
  exec vitest run --config vitest.engines.config.ts "$@"
fi

export TEST_PORT="${ENGINES_PORT:-8794}"
if answers "$TEST_PORT"; then
  echo "Port $TEST_PORT is already in use: stop whatever listens there, or set ENGINES_PORT to a free port." >&2
  exit 1
fi
if [ ! -f build/server/index.js ]; then npm run --silent build || exit 1; fi
# Per port, so that two of these runs at once (ENGINES=webkit and ENGINES=firefox on two ENGINES_PORTs) do not bundle into
# one folder.
BUNDLE_DIR="$PWD/.wrangler/engines-bundle-$TEST_PORT"
node scripts/test-server.mjs bundle "$BUNDLE_DIR" >/dev/null || exit 1
# The sandbox's data in memory where the machine has it (scripts/test.sh says why), removed with the server.
STATE_DIR="$(mktemp -d "$([ -w /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}")/mobile-web-engines.XXXXXX")"
LOG="$PWD/test-results/server-engines-$TEST_PORT.log"
mkdir -p "$(dirname "$LOG")"
XDG_CONFIG_HOME="$PWD/.wrangler/test-xdg-engines-$TEST_PORT" setsid node scripts/test-server.mjs serve "$BUNDLE_DIR" --port "$TEST_PORT" \
  --persist-to "$STATE_DIR" </dev/null >"$LOG" 2>&1 &
SERVER_PGID=$!
stop_server() {
  kill -TERM -- "-$SERVER_PGID" 2>/dev/null
  wait "$SERVER_PGID" 2>/dev/null
  rm -rf "$STATE_DIR"
}
trap stop_server EXIT
trap 'exit 130' INT TERM
started=$SECONDS
until answers "$TEST_PORT"; do
  if ! kill -0 "$SERVER_PGID" 2>/dev/null || [ $((SECONDS - started)) -ge 90 ]; then
    echo "The engines' server on port $TEST_PORT did not start:" >&2
    tail -40 "$LOG" >&2
    exit 1
  fi
  sleep 1
done
echo "Server of the build on 127.0.0.1:$TEST_PORT (log: ${LOG#"$PWD"/})"
vitest run --config vitest.engines.config.ts "$@"
