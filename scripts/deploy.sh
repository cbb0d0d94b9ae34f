#!/usr/bin/env bash
# npm run deploy [-- --routes FILE [--yes]]: the production environment of wrangler.toml (no sandbox binding, no control
# endpoint, no demo merchants). With a routes file (or PRODUCTION_ROUTES_FILE), the file is checked before anything is
# built, and written to production's KV after the deploy (a diff and y/N unless --yes): docs/behaviour/operations.md#deploy.
# Not scripts/dev-env.sh: that keeps wrangler's state inside the project, and a deploy needs the operator's own login
# (`wrangler login`) or CLOUDFLARE_API_TOKEN.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

routes="${PRODUCTION_ROUTES_FILE:-}"
put_options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --routes)
      routes="${2:?--routes needs a file}"
      shift 2
      ;;
    --routes=*)
      routes="${1#--routes=}"
      shift
      ;;
    --yes)
      put_options+=(--yes)
      shift
      ;;
    *)
      echo "Unknown argument: $1 (expected --routes FILE, --yes)" >&2
      exit 2
      ;;
  esac
done

if [ -n "$routes" ]; then
  echo "== Checking the production routes: $routes"
  tsx scripts/merchants.ts check "$routes"
fi
echo "== Building"
npm run build
echo "== Deploying the production environment"
# NODE_ENV=production: wrangler's bundler otherwise keeps React's development build.
NODE_ENV=production wrangler deploy --env production
if [ -n "$routes" ]; then
  echo "== Production routes"
  tsx scripts/merchants.ts put "$routes" --env production "${put_options[@]}"
fi
echo "Roll back with: npx wrangler rollback --env production (docs/behaviour/operations.md#deploy)"
