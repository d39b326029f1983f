#!/usr/bin/env bash
# Benchmark: `GET /notifications` (50 rows) against nginx serving the very same bytes as a file,
# in one run on this machine. Prints requests/s and server CPU time per request of each, and
# the ratios (target: at least 0.5 of nginx's requests/s, at most 3 times its CPU per request).
# Figures only: nothing here passes or fails.
#
# Usage: scripts/bench_public.sh
#   SAMITI_BIN   server binary (default: the debug build; a release binary can be measured too)
#   BENCH_ARGS   wrk arguments (default: -t1 -c32 -d10s)
#   BENCH_ACCEPT_ENCODING  sent by wrk to both servers when set (e.g. "gzip, br"; nginx then
#                still sends its plain file)
# Needs wrk, nginx (nginx-light will do) and curl. Ports 8490 (nginx) and 8491 (samiti).
set -euo pipefail
requested_bin="${SAMITI_BIN:-}"
source "$(dirname "$0")/env.sh"
SAMITI_BIN="${requested_bin:-$SAMITI_BIN}"
WRK_ARGS=(${BENCH_ARGS:--t1 -c32 -d10s})
NGINX_PORT=8490
SAMITI_PORT=8491
ROWS=50

[ -x "$SAMITI_BIN" ] || { echo "no server binary at $SAMITI_BIN (cargo build -p samiti --bin samiti)" >&2; exit 1; }
for tool in wrk nginx curl; do
  command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || { echo "$tool is not installed" >&2; exit 1; }
done
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

work="$(mktemp -d -t samiti-bench-public-XXXXXX)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# --- samiti with 50 notifications -------------------------------------------------------------
mkdir -p "$work/data"
SAMITI_DATA_DIR="$work/data" SAMITI_BIND="127.0.0.1:$SAMITI_PORT" SAMITI_STATIC_DIR="$work/no-client" \
  "$SAMITI_BIN" serve 2>"$work/samiti.log" &
samiti_pid=$!
pids+=("$samiti_pid")
base="http://127.0.0.1:$SAMITI_PORT"
for _ in $(seq 100); do curl -fs -o /dev/null "$base/notifications" && break; sleep 0.1; done

admin='{"email":"bench@example.org","password":"bench password 123"}'
curl -fs -o /dev/null -H 'content-type: application/json' -d "$admin" "$base/api/admin/register"
token="$(curl -fs -H 'content-type: application/json' -d "$admin" "$base/api/admin/login" \
  | sed -E 's/.*"token" *: *"([^"]+)".*/\1/')"
for n in $(seq "$ROWS"); do
  curl -fs -o /dev/null -H 'content-type: application/json' -H "authorization: Bearer $token" \
    -d "{\"message\":\"सूचना $n: गणेशोत्सव सभा सायंकाळी ७ वाजता मंदिर सभागृहात / Meeting no. $n at the temple hall, 7 pm\"}" \
    "$base/notifications"
done

# --- nginx serving the same bytes ---------------------------------------------------------------
mkdir -p "$work/www" "$work/nginx"
# nginx started by root runs its workers as nobody, who must be able to read the file.
chmod a+rx "$work" "$work/www"
curl -fs -D "$work/samiti.headers" -o "$work/www/notifications" "$base/notifications"
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes auto;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $work/www;
    default_type application/json;
  }
}
EOF
"$NGINX" -p "$work/nginx" -e "$work/nginx/error.log" -c "$work/nginx/nginx.conf" &
nginx_pid=$!
pids+=("$nginx_pid")
for _ in $(seq 50); do curl -fs -o /dev/null "http://127.0.0.1:$NGINX_PORT/notifications" && break; sleep 0.1; done

curl -fs -o "$work/nginx.body" "http://127.0.0.1:$NGINX_PORT/notifications"
cmp -s "$work/nginx.body" "$work/www/notifications" \
  && curl -fs "$base/notifications" | cmp -s - "$work/www/notifications" \
  || { echo "the two servers do not send the same bytes" >&2; exit 1; }

# --- measure ------------------------------------------------------------------------------------
ticks_per_s="$(getconf CLK_TCK)"

# CPU ticks (user + system) of a process and its children processes (nginx's workers).
cpu_ticks() {
  local total=0 pid
  for pid in "$1" $(pgrep -P "$1" || true); do
    # Fields 14 and 15 of /proc/PID/stat, counted after the command name in parentheses.
    total=$((total + $(sed -E 's/^.*\) //' "/proc/$pid/stat" | awk '{print $12 + $13}')))
  done
  echo "$total"
}

# Runs wrk against a URL and prints "requests_per_s cpu_us_per_request errors".
measure() {
  local pid="$1" url="$2" headers=() before after out requests rps errors
  [ -n "${BENCH_ACCEPT_ENCODING:-}" ] && headers=(-H "Accept-Encoding: $BENCH_ACCEPT_ENCODING")
  wrk -t1 -c8 -d2s "${headers[@]}" "$url" >/dev/null # warm-up
  before="$(cpu_ticks "$pid")"
  out="$(wrk "${WRK_ARGS[@]}" "${headers[@]}" "$url")"
  after="$(cpu_ticks "$pid")"
  requests="$(awk '/requests in/ {print $1}' <<<"$out")"
  rps="$(awk '/Requests\/sec/ {print $2}' <<<"$out")"
  errors="$(awk '/Non-2xx/ {print $NF} /Socket errors/ {print "socket:" $0}' <<<"$out" | paste -sd' ')"
  awk -v r="$requests" -v rps="$rps" -v t=$((after - before)) -v hz="$ticks_per_s" -v e="${errors:-0}" \
    'BEGIN { printf "%.0f %.1f %s\n", rps, (t / hz) / r * 1e6, e }'
}

echo "body: $(wc -c <"$work/www/notifications") bytes, $ROWS rows; wrk ${WRK_ARGS[*]}${BENCH_ACCEPT_ENCODING:+; Accept-Encoding: $BENCH_ACCEPT_ENCODING}"
echo "server: $SAMITI_BIN"
read -r nginx_rps nginx_cpu nginx_err < <(measure "$nginx_pid" "http://127.0.0.1:$NGINX_PORT/notifications")
read -r samiti_rps samiti_cpu samiti_err < <(measure "$samiti_pid" "$base/notifications")
printf '%-8s %12s %22s %s\n' "" "requests/s" "CPU µs per request" "errors"
printf '%-8s %12s %22s %s\n' nginx "$nginx_rps" "$nginx_cpu" "$nginx_err"
printf '%-8s %12s %22s %s\n' samiti "$samiti_rps" "$samiti_cpu" "$samiti_err"
awk -v sr="$samiti_rps" -v nr="$nginx_rps" -v sc="$samiti_cpu" -v nc="$nginx_cpu" 'BEGIN {
  printf "ratio: requests/s %.3f of nginx (target >= 0.5); CPU per request %.2f times nginx (target <= 3)\n", sr / nr, sc / nc
}'
