#!/usr/bin/env bash
# npm start: build, then serve the app and the sandbox platform in Cloudflare's local runtime on :8787, with the
# Firebase Auth emulator on :9099.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/dev-env.sh
source scripts/routes-file.sh
source scripts/firebase-emulator.sh
load_operator_routes "$@"
npm run build
# Social and SMS sign-in of the demo merchants talk to a local Firebase Auth emulator (wrangler.toml's
# FIREBASE_AUTH_EMULATOR_HOST); it stops with the server.
start_auth_emulator 9099 .wrangler/firebase-emulator.log
trap stop_auth_emulator EXIT
echo "Open http://demo.localhost:${PORT}/m/home (Demo Play), http://vn.localhost:${PORT}/m/home (VN88), http://br.localhost:${PORT}/m/home (BR777)"
wrangler dev -c wrangler.toml -c workers/wps-sandbox/wrangler.toml --port "${PORT}" --ip 127.0.0.1 --show-interactive-dev-session=false
