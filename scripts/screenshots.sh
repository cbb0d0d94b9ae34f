#!/usr/bin/env bash
# npm run screenshots: the tests tagged @screenshot (tests/e2e/fixtures.ts) take 360×740 screenshots of the pages in
# English, Vietnamese and Urdu into test-results/screenshots/, for review by eye. `npm test` leaves them out. They run
# one at a time (some inject platform faults) against a fresh build, on a server of their own with its own sandbox
# database (SCREENSHOTS_PORT, default 8797, and the next port for its devtools), stopped afterwards. Arguments go to
# Playwright (a file, -g).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/dev-env.sh

SCREENSHOTS_PORT="${SCREENSHOTS_PORT:-8797}"
export XDG_CONFIG_HOME="$PWD/.wrangler/screenshots-xdg"
STATE_DIR="$PWD/.wrangler/screenshots-state"
LOG="$PWD/test-results/server-screenshots.log"
rm -rf "$STATE_DIR"
mkdir -p "$XDG_CONFIG_HOME" "$(dirname "$LOG")"

npm run --silent build
setsid wrangler dev -c wrangler.toml -c workers/wps-sandbox/wrangler.toml \
  --port "$SCREENSHOTS_PORT" --ip 127.0.0.1 --inspector-port "$((SCREENSHOTS_PORT + 1))" --show-interactive-dev-session=false \
  --persist-to "$STATE_DIR" --var PLATFORM_TIMEOUT_MS:6000 --var PAGE_DEADLINE_MS:4000 </dev/null >"$LOG" 2>&1 &
SERVER_PGID=$!
trap 'kill -TERM -- "-$SERVER_PGID" 2>/dev/null || true' EXIT

for _ in $(seq 1 90); do
  if node -e '
    const req = require("node:http").get({ host: "127.0.0.1", port: Number(process.argv[1]), path: "/m/home",
      headers: { Host: "demo.localhost" }, timeout: 3000 }, (res) => { res.resume(); process.exit(res.statusCode === 200 ? 0 : 1); });
    req.on("error", () => process.exit(1));
    req.on("timeout", () => { req.destroy(); process.exit(1); });
  ' "$SCREENSHOTS_PORT"; then
    TEST_PORT="$SCREENSHOTS_PORT" SCREENSHOTS=1 playwright test --project screenshots "$@"
    echo "Screenshots: test-results/screenshots/"
    exit 0
  fi
  kill -0 "$SERVER_PGID" 2>/dev/null || break
  sleep 1
done
echo "The server on port $SCREENSHOTS_PORT did not start:"
tail -40 "$LOG"
exit 1
