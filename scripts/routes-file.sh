# Sourced by start.sh and dev.sh: an operator's routes file (`MERCHANT_ROUTES_FILE=path`, or `--routes path`) is
# checked and written to the local KV the server reads, before the server starts, so a new merchant can be previewed
# on *.localhost (docs/behaviour/operations.md#preview). A file that fails the check stops the start.
load_operator_routes() {
  local file="${MERCHANT_ROUTES_FILE:-}"
  while [ $# -gt 0 ]; do
    case "$1" in
      --routes)
        file="${2:?--routes needs a file}"
        shift 2
        ;;
      --routes=*)
        file="${1#--routes=}"
        shift
        ;;
      *)
        echo "Unknown argument: $1 (expected --routes FILE)" >&2
        return 2
        ;;
    esac
  done
  [ -n "$file" ] || return 0
  echo "Operator routes: $file"
  # wrangler dev keeps its local data in .wrangler/state (the default of both commands).
  tsx scripts/merchants.ts put "$file" --local --yes --persist-to .wrangler/state
}
