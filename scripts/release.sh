#!/usr/bin/env bash
# The whole site as one file (docs/DEPLOY.md): builds the client, then the server in release
# mode with the client inside it, and prints the file's path. SAMITI_PROFILE=dev makes the same
# in debug mode (scripts/deploy_check.py, to save the test run a release build).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
(cd frontend && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; } && npm run build) | tail -n 1 >&2
profile="${SAMITI_PROFILE:-release}"
cargo build --quiet --profile "$profile" -p samiti --bin samiti >&2
folder=$([ "$profile" = dev ] && echo debug || echo "$profile")
echo "$CARGO_TARGET_DIR/$folder/samiti"
