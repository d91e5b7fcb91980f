#!/usr/bin/env bash
# Runs the Dockerfile's steps without Docker (for machines with the Docker client but no engine, such
# as CI): the runtime stage's production install into an empty folder, the built server and web app
# copied beside it, then the image's command started as the image starts it, until
# /api/health/ready answers 200. Needs `npm run build` first. Exits non-zero when any step fails.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
stage=$(mktemp -d /tmp/image-check-XXXXXX)
data=$(mktemp -d /tmp/image-check-data-XXXXXX)
cleanup() {
  if [ -n "${server_pid:-}" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$stage" "$data"
}
trap cleanup EXIT

test -f apps/server/dist/main.js && test -f apps/web/dist/index.html || {
  echo "image-check: build first (npm run build)" >&2
  exit 1
}

echo "== deps stage: production packages of the server only"
mkdir -p "$stage/apps/server" "$stage/apps/web" "$stage/packages/filter"
cp package.json package-lock.json "$stage/"
cp apps/server/package.json "$stage/apps/server/"
cp apps/web/package.json "$stage/apps/web/"
cp packages/filter/package.json "$stage/packages/filter/"
# Install scripts off, as in the Dockerfile's deps stage: the one native addon that needs one
# (better-sqlite3) is taken from the build's install, compiled for this same Node, instead of being
# compiled a second time.
(cd "$stage" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace=@community/server --include-workspace-root=false >/dev/null)
cp -r node_modules/better-sqlite3/build "$stage/node_modules/better-sqlite3/build"

echo "== runtime stage: the built server and web app"
cp -r apps/server/dist "$stage/apps/server/dist"
cp -r apps/web/dist "$stage/apps/web/dist"
rm -rf "$stage/apps/web/node_modules" "$stage/packages"

echo "== the image's command, with the image's environment"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
(cd "$stage" && exec env -i PATH="$PATH" HOME="$data" NODE_ENV=production HOST=127.0.0.1 PORT="$port" \
  DATA_DIR="$data" WEB_DIST="$stage/apps/web/dist" LOG_LEVEL=warn \
  node apps/server/dist/main.js serve) &
server_pid=$!

for _ in $(seq 1 120); do
  if status=$(node -e "fetch('http://127.0.0.1:$port/api/health/ready').then(r=>{console.log(r.status);process.exit(r.ok?0:1)},()=>process.exit(1))" 2>/dev/null); then
    echo "== /api/health/ready answered $status"
    node -e "fetch('http://127.0.0.1:$port/').then(async r=>{const t=await r.text();if(!r.ok||!t.includes('<div id=\"root\"'))process.exit(1);console.log('== / served the web app')})"
    exit 0
  fi
  if ! kill -0 "$server_pid" 2>/dev/null; then echo "image-check: the server exited" >&2; exit 1; fi
  sleep 0.5
done
echo "image-check: /api/health/ready did not answer 200 within 60 s" >&2
exit 1
