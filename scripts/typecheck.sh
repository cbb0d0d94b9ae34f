#!/usr/bin/env bash
# npm run typecheck: the three TypeScript projects (the app and its Worker; tests, scripts and configs; the sandbox
# platform) checked by TypeScript 7, the compiler's native port (package typescript-7), at a quarter of TypeScript 5's
# CPU (decision 0077). TypeScript 5 stays the `typescript` package: typescript-eslint and editors use its JavaScript API,
# which TypeScript 7 does not have.
set -euo pipefail
cd "$(dirname "$0")/.."
TSC=(node node_modules/typescript-7/bin/tsc)
"${TSC[@]}" --noEmit -p tsconfig.json
"${TSC[@]}" --noEmit -p tsconfig.node.json
"${TSC[@]}" --noEmit -p workers/wps-sandbox/tsconfig.json
