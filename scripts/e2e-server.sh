#!/usr/bin/env bash
# Starts `samiti serve` for the browser journeys (frontend/playwright.config.ts): the debug
# binary, a fresh temporary data folder (so a fresh SQLite database: the first-run
# administrator registration is open), the built client from frontend/dist, on 127.0.0.1:8181.
# Build first: `cargo build -p samiti` and `(cd frontend && npm run build)`.
#
# The public forms' rate limits are on, as in production, but the browser's own address
# (loopback) is exempt, so the journeys that send many forms are never refused. Loopback is also
# a trusted proxy: a journey whose browser sends `X-Forwarded-For: 203.0.113.n` is that address to
# the server, and meets the limits (e2e/limits.spec.ts).
#
# Mail is on, through the test SMTP server (scripts/smtp-sink.py) on a free port, whose
# messages are kept in $SAMITI_E2E_MAIL_DIR (a temporary folder unless given).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$HOME/.cache/samiti-target}"
BIN="${SAMITI_BIN:-$TARGET/debug/samiti}"
[ -x "$BIN" ] || { echo "e2e-server: $BIN not found; run cargo build -p samiti" >&2; exit 1; }
[ -f "$ROOT/frontend/dist/index.html" ] || { echo "e2e-server: frontend/dist missing; run npm run build in frontend/" >&2; exit 1; }

DATA="$(mktemp -d "${TMPDIR:-/tmp}/samiti-e2e.XXXXXX")"
unset DATABASE_URL
export SAMITI_DATA_DIR="$DATA"

eval "$(bash "$ROOT/scripts/smtp-sink.sh" env)"
MAIL_DIR="${SAMITI_E2E_MAIL_DIR:-$DATA/mail}"
SMTP_PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$SAMITI_TEST_SMTP_PYTHON" "$SAMITI_TEST_SMTP_SINK" --port "$SMTP_PORT" --dir "$MAIL_DIR" >/dev/null &
SINK=$!
export SAMITI_SMTP_URL="smtp://127.0.0.1:$SMTP_PORT"
export SAMITI_MAIL_FROM="Samiti Office <office@samiti.example.org>"
export SAMITI_BIND="${SAMITI_E2E_BIND:-127.0.0.1:8181}"
export SAMITI_STATIC_DIR="$ROOT/frontend/dist"
export RUST_LOG="${RUST_LOG:-warn}"
unset SAMITI_RATE_LIMITS  # on, whatever the calling shell says
export SAMITI_RATE_LIMIT_EXEMPT="127.0.0.1/32,::1/128"
export SAMITI_TRUSTED_PROXIES="127.0.0.1/32,::1/128"

"$BIN" serve &
SERVER=$!
cleanup() {
  kill "$SERVER" "$SINK" 2>/dev/null || true
  wait "$SERVER" "$SINK" 2>/dev/null || true
  rm -rf "$DATA"
}
trap cleanup EXIT
trap 'exit 0' INT TERM
wait "$SERVER"
