#!/usr/bin/env bash
# Regenerates every generated file: openapi.json, bindings/ and the client's API types.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
cargo build --quiet -p samiti --bin samiti
"$SAMITI_BIN" openapi > openapi.json
rm -rf bindings && "$SAMITI_BIN" bindings bindings
(cd frontend && npx --no-install openapi-typescript ../openapi.json -o src/lib/api-schema.d.ts >/dev/null)
echo "generated: openapi.json, bindings/, frontend/src/lib/api-schema.d.ts"
