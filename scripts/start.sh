#!/usr/bin/env bash
# Builds the client and the server, then serves the site on http://127.0.0.1:8081 with the
# embedded SQLite database in ./data. Open /register to create the first administrator.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
(cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run build)
cargo build -p samiti --bin samiti
exec "$SAMITI_BIN" serve
