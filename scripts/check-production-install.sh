#!/usr/bin/env bash
# Proves the Dockerfile's runtime stage works without dev dependencies, without Docker:
# in a temporary folder outside the repository, `npm ci --omit=dev` from the lockfile,
# the compiled server and web client from this checkout, then
#   1. every package the compiled code imports resolves there (a devDependency would not),
#   2. the migration command runs compiled (`node dist/cli/migrate.js`),
#   3. `node dist/server.js` answers /healthz, /readyz, / and /api/items, started as the
#      Dockerfile starts it, through the tracing entry with tracing on (its loader hook and
#      instrumentations are resolved at start, where the import scan above cannot see them).
# Downloads the production dependencies from the registry. The folder is removed at the end.
#
#   scripts/check-production-install.sh            builds first (npm run build, build:web)
#   scripts/check-production-install.sh --no-build uses dist/ and web/dist/ as they are
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

if [ "${1:-}" != "--no-build" ]; then
  npm run build
  npm run build:web
fi
[ -f dist/server.js ] && [ -f web/dist/index.html ] && [ -d dist-pglite ] || {
  echo "dist/server.js, dist-pglite/ or web/dist/index.html missing: run npm run build && npm run build:web" >&2
  exit 1
}

TMP="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT

echo "== npm ci --omit=dev in $TMP"
cp package.json package-lock.json "$TMP/"
(cd "$TMP" && npm ci --omit=dev --no-audit --no-fund)
mkdir -p "$TMP/web"
cp -R dist "$TMP/dist"
# As the image: the empty PGlite cluster a first start copies instead of running initdb.
cp -R dist-pglite "$TMP/dist-pglite"
cp -R web/dist "$TMP/web/dist"

echo "== every package the compiled code imports is a production dependency"
(cd "$TMP" && node --input-type=module -e '
import fs from "node:fs";
import path from "node:path";
import { builtinModules } from "node:module";
const files = fs.readdirSync("dist", { recursive: true }).filter((f) => f.endsWith(".js"));
const packages = new Map();
for (const file of files) {
  const code = fs.readFileSync(path.join("dist", file), "utf8");
  const found = code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+|require\(\s*)["\x27]([^"\x27.][^"\x27]*)["\x27]/g);
  for (const [, specifier] of found) {
    if (specifier.startsWith("node:") || builtinModules.includes(specifier)) continue;
    const parts = specifier.split("/");
    const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
    if (!packages.has(name)) packages.set(name, file);
  }
}
const missing = [...packages].filter(([name]) => !fs.existsSync(`node_modules/${name}/package.json`));
if (missing.length) {
  console.error("not installed without dev dependencies:\n  " + missing.map(([n, f]) => `${n} (imported by dist/${f})`).join("\n  "));
  process.exit(1);
}
console.log(`${packages.size} packages imported by ${files.length} files, all installed`);
')

PORT="$(node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
export DATA_DIR="$TMP/data" PORT HOST=127.0.0.1 NODE_ENV=production LOG_LEVEL=warn
unset DATABASE_URL DATABASE_LISTEN_URL REDIS_URL MEDIA_STORE WEB_DIST_DIR

echo "== node dist/cli/migrate.js up (PGlite in $DATA_DIR)"
(cd "$TMP" && node dist/cli/migrate.js up)

echo "== node --import ./dist/instrument.js dist/server.js on port $PORT, tracing on"
# Spans go to a closed port: the exporter's failures are its own, the server must not care.
(cd "$TMP" && OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:9" \
  exec node --import ./dist/instrument.js dist/server.js >"$TMP/server.log" 2>&1) &
SERVER_PID=$!

BASE="http://127.0.0.1:$PORT"
for _ in $(seq 1 120); do
  curl -fsS -o /dev/null "$BASE/healthz" 2>/dev/null && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$TMP/server.log" >&2; echo "server exited" >&2; exit 1; }
  sleep 0.5
done

fail=0
check() { # path, expected content type prefix
  local out status type
  out="$(curl -sS -o /dev/null -w '%{http_code} %{content_type}' "$BASE$1")"
  status="${out%% *}"
  type="${out#* }"
  if [ "$status" = 200 ] && [[ "$type" == "$2"* ]]; then echo "ok   $1 $status $type"
  else echo "FAIL $1 $status $type (wanted 200 $2)"; fail=1; fi
}
check /healthz application/json
check /readyz application/json
check / text/html
check /api/items application/json
if [ "$fail" != 0 ]; then cat "$TMP/server.log" >&2; exit 1; fi
echo "production install works (${SECONDS}s)"
cd "$ROOT"
