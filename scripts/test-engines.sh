#!/usr/bin/env bash
# npm run test:engines: the cross-engine browser suite (tests/engines, decision 0076) in WebKit (WebKitGTK's
# MiniBrowser through WebKitWebDriver, under Xvfb) and Firefox ESR (WebDriver BiDi), against a server of the build on
# TEST_PORT (default 8790), as `npm run test:e2e`. Debian's packages only: webkit2gtk-driver, firefox-esr, xvfb.
# ENGINES=webkit or ENGINES=firefox runs one engine; arguments go to vitest (a file, -t "title").
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/dev-env.sh
export TEST_PORT="${TEST_PORT:-8790}"

missing=()
command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
command -v firefox-esr >/dev/null || missing+=(firefox-esr)
command -v xvfb-run >/dev/null || missing+=(xvfb)
if [ ${#missing[@]} -gt 0 ]; then
  echo "test:engines needs Debian's ${missing[*]}: apt-get install ${missing[*]} (README, Requirements)" >&2
  exit 1
fi
# The MiniBrowser WebKitWebDriver starts ships with libwebkit2gtk-4.1-0, in the architecture's library folder.
if [ -z "${MINIBROWSER:-}" ]; then
  for candidate in /usr/lib/*/webkit2gtk-4.1/MiniBrowser; do [ -x "$candidate" ] && export MINIBROWSER="$candidate"; done
fi

if ! curl -s -o /dev/null -H "Host: demo.localhost:$TEST_PORT" "http://127.0.0.1:$TEST_PORT/m/home"; then
  echo "No server answers on TEST_PORT=$TEST_PORT. Start one (npm run build && npm start, then TEST_PORT=8787)," >&2
  echo "or run npm test's servers; see README, Other commands." >&2
  exit 1
fi
exec vitest run --config vitest.engines.config.ts "$@"
