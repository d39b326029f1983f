#!/usr/bin/env bash
# Lighthouse benchmark of a first visit on a phone: the real server with the built
# client (frontend/dist) and a fresh data folder, Lighthouse's default mobile run (form factor
# mobile, simulated slow 4G, throttling method "simulate") on the home page, the gallery, the
# contact page and a booking form, in English and in Marathi, several runs each. Prints per page
# and language the medians of the performance, accessibility, best-practices and SEO scores, LCP,
# CLS and TBT, the home page's JavaScript (KiB gzip), and the audits that did not pass.
# Figures only: nothing here passes or fails.
#
# Usage: scripts/bench_lighthouse.sh
#   SAMITI_BIN        server binary (default: the release build if there is one, else the debug build)
#   BENCH_STATIC_DIR  built client to serve (default frontend/dist; build it with npm run build)
#   BENCH_RUNS        runs per page and language (default 3)
#   BENCH_PAGES       paths to measure (default "/ /gallery /contact /onlineServices/alandiRoomBooking")
#   BENCH_LANG_BY     query (default): the canonical URL of each variant: /gallery in English,
#                     /gallery?lng=mr in Marathi; cookie: /gallery with the cookie i18next=en|mr
#                     (the Marathi variant at the plain address names ?lng=mr as canonical, which
#                     Lighthouse's canonical audit reads as pointing elsewhere)
#   BENCH_KEEP        a folder to keep the JSON reports in (default: a temporary one, removed)
#   CHROME_PATH       Chromium (default /usr/bin/chromium)
# Port 8590.
set -euo pipefail
requested_bin="${SAMITI_BIN:-}"
source "$(dirname "$0")/env.sh"
if [ -n "$requested_bin" ]; then SAMITI_BIN="$requested_bin"
elif [ -x "$CARGO_TARGET_DIR/release/samiti" ]; then SAMITI_BIN="$CARGO_TARGET_DIR/release/samiti"
fi
STATIC_DIR="${BENCH_STATIC_DIR:-$ROOT/frontend/dist}"
RUNS="${BENCH_RUNS:-3}"
read -r -a PAGES <<<"${BENCH_PAGES:-/ /gallery /contact /onlineServices/alandiRoomBooking}"
LANG_BY="${BENCH_LANG_BY:-query}"
PORT=8590
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
LIGHTHOUSE="$ROOT/frontend/node_modules/.bin/lighthouse"

[ -x "$SAMITI_BIN" ] || { echo "no server binary at $SAMITI_BIN (cargo build -p samiti --bin samiti)" >&2; exit 1; }
[ -f "$STATIC_DIR/index.html" ] || { echo "no built client in $STATIC_DIR (cd frontend && npm run build)" >&2; exit 1; }
[ -x "$LIGHTHOUSE" ] || { echo "lighthouse missing: cd frontend && npm ci" >&2; exit 1; }
[ -x "$CHROME_PATH" ] || { echo "no Chromium at $CHROME_PATH" >&2; exit 1; }
case "$LANG_BY" in query | cookie) ;; *) echo "BENCH_LANG_BY is query or cookie" >&2; exit 1 ;; esac

work="$(mktemp -d -t samiti-lighthouse-XXXXXX)"
reports="${BENCH_KEEP:-$work/reports}"
mkdir -p "$reports" "$work/data"
: >"$reports/pages.tsv"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

base="http://127.0.0.1:$PORT"
env -u DATABASE_URL SAMITI_DATA_DIR="$work/data" SAMITI_BIND="127.0.0.1:$PORT" SAMITI_PUBLIC_URL="$base" \
  SAMITI_STATIC_DIR="$STATIC_DIR" RUST_LOG=warn "$SAMITI_BIN" serve 2>"$work/server.log" &
server=$!
for _ in $(seq 300); do curl -fs -o /dev/null "$base/" && break; sleep 0.1; done
curl -fs -o /dev/null "$base/" || { echo "the server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }

echo "server: $SAMITI_BIN, client: $STATIC_DIR, $RUNS runs per page and language, language by $LANG_BY" >&2
for path in "${PAGES[@]}"; do
  slug="$(echo "$path" | tr -c 'A-Za-z0-9\n' '_')"
  for lang in en mr; do
    url="$base$path" headers=()
    if [ "$LANG_BY" = query ]; then [ "$lang" = en ] || url="$base$path?lng=$lang"; else headers=(--extra-headers "{\"Cookie\":\"i18next=$lang\"}"); fi
    printf '%s\t%s\n' "$slug.$lang" "${url#"$base"}" >>"$reports/pages.tsv"
    for run in $(seq "$RUNS"); do
      echo "  $path $lang run $run" >&2
      "$LIGHTHOUSE" "$url" "${headers[@]}" --quiet --output=json --output-path="$reports/$slug.$lang.$run.json" \
        --only-categories=performance,accessibility,best-practices,seo \
        --chrome-flags="--headless=new --no-sandbox --disable-gpu"
    done
  done
done

node "$ROOT/scripts/bench_lighthouse.mjs" "$reports"
