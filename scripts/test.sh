#!/usr/bin/env bash
# Runs every test: server tests on SQLite and on PostgreSQL, the generated-files drift check,
# the API fuzzer, the client's unit tests and type check, and the browser journeys in Chromium.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

step() { printf '\n==> %s\n' "$*"; }

step "client dependencies"
(cd frontend && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; })

step "server modules import without circles (docs/ARCHITECTURE.md, Layers)"
python3 scripts/check_imports.py

# Before the server: the binary carries the built client (main.rs, BuiltClient), and the
# server's page tests render its bundle (backend/tests/api/site_pages.rs). The client builds
# from the committed API types; the step after the server's build checks they are current.
step "client build"
(cd frontend && npm run build)
# The first screen's JavaScript budget (docs/ARCHITECTURE.md).
node frontend/scripts/js-budget.mjs --max 125

step "build server"
cargo build -p samiti --bin samiti --tests

step "generated files are up to date"
scripts/generate.sh
if ! git diff --exit-code -- openapi.json bindings frontend/src/lib/api-schema.d.ts \
   || [ -n "$(git status --porcelain -- openapi.json bindings frontend/src/lib/api-schema.d.ts)" ]; then
  echo "Generated files changed: run scripts/generate.sh and commit the result." >&2
  exit 1
fi

# The storage tests (backend/tests/api/storage.rs) run against a real S3-compatible server.
step "S3-compatible store for the storage tests (Garage: scripts/s3-server.sh, built once into ~/.cache/samiti-tools)"
S3_DIR="$(mktemp -d)"
trap 'scripts/s3-server.sh stop "$S3_DIR"' EXIT
eval "$(scripts/s3-server.sh start "$S3_DIR")"

# The mail tests (backend/tests/api/mail.rs) send through a real SMTP server on loopback.
step "SMTP server for the mail tests (aiosmtpd: scripts/smtp-sink.sh, installed once into ~/.cache/samiti-tools)"
eval "$(scripts/smtp-sink.sh env)"

step "server tests on SQLite"
cargo nextest run --workspace --no-fail-fast

step "server tests on PostgreSQL (the database-backed integration tests, with the PostgreSQL-only ones)"
SAMITI_TEST_DATABASE=postgres cargo nextest run --workspace --no-fail-fast --run-ignored all -E 'binary(api)'

step "the deployment guide, run as written (docs/DEPLOY.md: scripts/deploy_check.py)"
python3 scripts/deploy_check.py

step "fuzzing the API from its OpenAPI document (schemathesis)"
scripts/fuzz.sh

step "client lint (import direction, no circles), type check and unit tests"
(cd frontend && npm run lint && npm run typecheck && npm test)

step "browser journeys (Chromium)"
# As frontend/playwright.config.ts runs in CI: a fresh server of its own, no `.only`, and a
# journey that fails once is run again (and reported as flaky when it then passes).
(cd frontend && CI=1 npx playwright test)
