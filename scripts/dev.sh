#!/usr/bin/env bash
# npm run dev: the built Worker and the sandbox platform in Cloudflare's local runtime on :8787, as `npm start` serves
# them, rebuilt and reloaded on every change (scripts/dev-server.ts, docs/decisions/0025-dev-runs-the-built-worker.md).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/dev-env.sh
source scripts/routes-file.sh
source scripts/firebase-emulator.sh
load_operator_routes "$@"
start_auth_emulator 9099 .wrangler/firebase-emulator.log
trap stop_auth_emulator EXIT
node scripts/dev-server.ts
