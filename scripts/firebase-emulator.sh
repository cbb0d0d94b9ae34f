# Sourced by start.sh, dev.sh and test.sh: the Firebase Auth emulator (firebase-tools, Node only) that social and SMS
# sign-in talk to in development and tests (docs/decisions/0055-firebase.md). Each port gets its own config directory
# under .wrangler/, so the tests' emulator and a developer's `npm start` one do not meet.

FIREBASE_PROJECT="demo-mobile-web"

# start_auth_emulator PORT LOG: starts the emulator in its own process group (its id in AUTH_EMULATOR_PGID).
# The emulator hub and logging ports are PORT+1 and PORT+2.
start_auth_emulator() {
  local port="$1" log="$2"
  local dir="$PWD/.wrangler/firebase-$port"
  # The emulator runs inside its config directory (firebase-tools writes its debug log where it runs): a log path
  # relative to the caller's directory must not be read from there.
  case "$log" in /*) ;; *) log="$PWD/$log" ;; esac
  mkdir -p "$dir" "$(dirname "$log")"
  cat >"$dir/firebase.json" <<JSON
{
  "emulators": {
    "auth": { "host": "127.0.0.1", "port": $port },
    "hub": { "host": "127.0.0.1", "port": $((port + 1)) },
    "logging": { "host": "127.0.0.1", "port": $((port + 2)) },
    "ui": { "enabled": false },
    "singleProjectMode": true
  }
}
JSON
  : >"$log"
  (cd "$dir" && exec setsid firebase emulators:start --only auth --project "$FIREBASE_PROJECT" --config "$dir/firebase.json" \
    </dev/null >>"$log" 2>&1) &
  AUTH_EMULATOR_PGID=$!
}

# wait_auth_emulator PORT LOG: until the emulator answers (at most 60 s); its log's tail if it does not.
wait_auth_emulator() {
  local port="$1" log="$2" started=$SECONDS
  until node -e '
    require("node:http").get({ host: "127.0.0.1", port: Number(process.argv[1]), path: "/", timeout: 2000 },
      (res) => { res.resume(); process.exit(res.statusCode === 200 ? 0 : 1); }).on("error", () => process.exit(1));
  ' "$port"; do
    if [ $((SECONDS - started)) -ge 60 ]; then
      echo "The Firebase Auth emulator on port $port did not answer within 60 s:"
      tail -20 "$log"
      return 1
    fi
    sleep 1
  done
}

stop_auth_emulator() {
  [ -n "${AUTH_EMULATOR_PGID:-}" ] && kill -TERM -- "-$AUTH_EMULATOR_PGID" 2>/dev/null
  AUTH_EMULATOR_PGID=""
}
