#!/usr/bin/env bash
# Fuzzes the API from its own OpenAPI document with schemathesis: a fresh `samiti serve` (its own
# temporary data folder, so a fresh SQLite database) on 127.0.0.1:8381, every check, positive and
# negative data, a fixed seed. Runs: without a token (the public routes, and the 401 of every
# administrator route); with an owner's token (every route); with a bookings clerk's token (the
# booking routes, which the clerk's role opens: docs/DESIGN.md §10); and last the owner's routes that
# change administrators by id, which may end the owner's own session. Fails on any failure.
# Build first: `cargo build -p samiti --bin samiti`. Settings: FUZZ_EXAMPLES (cases per
# operation and phase), FUZZ_SEED, FUZZ_BIND (another address for the server, so that two
# clones can fuzz at once).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

EXAMPLES="${FUZZ_EXAMPLES:-25}"
SEED="${FUZZ_SEED:-5}"
BIND="${FUZZ_BIND:-127.0.0.1:8381}"
BASE="http://$BIND"
[ -x "$SAMITI_BIN" ] || { echo "fuzz: $SAMITI_BIN not found; run cargo build -p samiti --bin samiti" >&2; exit 1; }

# The fuzzer lives in a virtual environment made once and reused; a changed requirements file
# reinstalls it.
VENV="${SAMITI_VENV:-$HOME/.cache/samiti-venv}"
REQUIREMENTS="$ROOT/scripts/fuzz/requirements.txt"
if [ ! -x "$VENV/bin/st" ] || ! cmp -s "$REQUIREMENTS" "$VENV/requirements.txt"; then
  python3 -m venv "$VENV" || { echo "fuzz: python3 -m venv failed (Debian: apt-get install python3-venv)" >&2; exit 1; }
  "$VENV/bin/pip" install --quiet --disable-pip-version-check -r "$REQUIREMENTS"
  cp "$REQUIREMENTS" "$VENV/requirements.txt"
fi

# Another server already there would be fuzzed in ours' place.
if curl -s -o /dev/null "$BASE/"; then
  echo "fuzz: $BIND is taken (another fuzz run?); set FUZZ_BIND to another address" >&2
  exit 1
fi

DATA="$(mktemp -d "${TMPDIR:-/tmp}/samiti-fuzz.XXXXXX")"
REPORTS="$DATA/reports"
unset DATABASE_URL
SAMITI_RATE_LIMITS=off SAMITI_DATA_DIR="$DATA/data" SAMITI_BIND="$BIND" RUST_LOG="${RUST_LOG:-warn}" "$SAMITI_BIN" serve 2>"$DATA/server.log" &
SERVER=$!
cleanup() {
  kill "$SERVER" 2>/dev/null || true
  wait "$SERVER" 2>/dev/null || true
  rm -rf "$DATA"
}
trap cleanup EXIT

for _ in $(seq 100); do
  curl -fsS -o /dev/null "$BASE/api-docs/openapi.json" 2>/dev/null && break
  sleep 0.2
done

# The first administrator registers while registration is open, then signs in for a token.
ADMIN='{"email":"fuzz-admin@example.org","password":"fuzz-password-1"}'
curl -fsS -o /dev/null -H 'content-type: application/json' -d "$ADMIN" "$BASE/api/admin/register"
token() {
  curl -fsS -H 'content-type: application/json' -d "$1" "$BASE/api/admin/login" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])'
}
TOKEN="$(token "$ADMIN")"
# A clerk who holds the bookings role only.
CLERK='{"email":"fuzz-clerk@example.org","password":"fuzz-password-2","roles":["bookings"]}'
curl -fsS -o /dev/null -H 'content-type: application/json' -H "Authorization: Bearer $TOKEN" -d "$CLERK" "$BASE/api/admin/users"
CLERK_TOKEN="$(token "$CLERK")"

# A request may take 60 s: publishing the site content renders every page in both languages
# (about 4 s on a debug build), and a long list's PDF takes seconds; schemathesis' default is 10 s.
run() {
  local name="$1"; shift
  printf '\n--- schemathesis: %s\n' "$name"
  # From the temporary folder, so that schemathesis' own files stay out of the clone.
  (cd "$DATA" && "$VENV/bin/st" --config-file "$ROOT/scripts/fuzz/schemathesis.toml" run "$BASE/api-docs/openapi.json" \
    --checks all --mode all --seed "$SEED" --max-examples "$EXAMPLES" \
    --generation-database none --workers 1 --no-color --request-timeout 60 \
    --report junit --report-junit-path "$REPORTS/$name.xml" \
    "$@")
}

status=0
# Without a token, the administrator operations only ever answer 401 whatever they are sent, and
# the public ones answer as they do with a token, where the owner's run fuzzes them in depth: this
# run is light (no coverage phase, a fifth of the cases), which took it from 17 minutes to about 2.
run anonymous --phases examples,fuzzing,stateful --max-examples "$(( (EXAMPLES + 4) / 5 ))" || status=1
# With a token, some routes stay out. `logout-all` revokes every token of the administrator,
# the fuzzer's own included, so the routes after it would only ever see 401 (the anonymous run
# covers it). `password` needs the current password, which the fuzzer cannot know, so valid
# bodies are refused by design (422 on the current password). Changing, removing or resetting an
# administrator by id may hit the fuzzer's own account (ids start at 1): those run last.
BY_ID='^/api/admin/users/\{id\}'
run owner -H "Authorization: Bearer $TOKEN" \
  --exclude-path /api/admin/logout-all --exclude-path /api/admin/password --exclude-path-regex "$BY_ID" || status=1
# The clerk's run is lighter: the booking operations only (the clerk's role), generated cases
# only, a quarter of them. Every other operation answers the clerk 403 before reading anything,
# which tests/api/roles.rs checks for each operation and each role, and the booking operations
# were fuzzed in depth by the owner's run.
run clerk -H "Authorization: Bearer $CLERK_TOKEN" --phases fuzzing --max-examples "$(( (EXAMPLES + 3) / 4 ))" \
  --include-tag-regex 'bookings|booking-capacity' || status=1
run owner-administrators -H "Authorization: Bearer $TOKEN" --include-path-regex "$BY_ID" || status=1

if [ "$status" -ne 0 ]; then
  echo "fuzz: schemathesis reported failures (server log follows)" >&2
  tail -n 50 "$DATA/server.log" >&2
fi
exit "$status"
