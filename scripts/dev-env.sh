# Sourced by the scripts: Node 22 from node_modules first, wrangler's state kept inside the project,
# no calls to the internet from wrangler, and the development secret in place.
export PATH="$PWD/node_modules/.bin:$PATH"
export XDG_CONFIG_HOME="$PWD/.wrangler/xdg"
export CLOUDFLARE_CF_FETCH_ENABLED=false
export WRANGLER_SEND_METRICS=false
export PORT="${PORT:-8787}"
[ -f .dev.vars ] || cp .dev.vars.example .dev.vars
