#!/usr/bin/env bash
# npm start: build, then serve the app and the sandbox platform in Cloudflare's local runtime on :8787.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/dev-env.sh
source scripts/routes-file.sh
load_operator_routes "$@"
npm run build
echo "Open http://demo.localhost:${PORT}/m/home (Demo Play), http://vn.localhost:${PORT}/m/home (VN88), http://br.localhost:${PORT}/m/home (BR777)"
exec wrangler dev -c wrangler.toml -c workers/wps-sandbox/wrangler.toml --port "${PORT}" --ip 127.0.0.1 --show-interactive-dev-session=false
