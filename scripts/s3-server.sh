#!/usr/bin/env bash
# A real S3-compatible store for the tests: Garage (crates.io `garage`, a distributed object
# store built for self-hosting organisations), built once into ~/.cache/samiti-tools so that
# later runs reuse it, and started on free ports with one node, one key and one bucket.
#
#   eval "$(scripts/s3-server.sh start DIR)"   # starts it; prints the AWS_* and SAMITI_TEST_S3_* settings
#   scripts/s3-server.sh stop DIR              # stops it
#
# The keys are fixed test values: never point this at anything but a throwaway folder.
set -euo pipefail

TOOLS="${SAMITI_TOOLS_DIR:-$HOME/.cache/samiti-tools}"
GARAGE_VERSION=2.5.0
GARAGE="$TOOLS/garage-$GARAGE_VERSION/bin/garage"
KEY_ID=GK0123456789abcdef01234567
SECRET=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
BUCKET=samiti-test

build() {
  if [ ! -x "$GARAGE" ]; then
    echo "building Garage $GARAGE_VERSION into $TOOLS (once; later runs reuse it)" >&2
    cargo install --quiet --locked garage --version "$GARAGE_VERSION" \
      --root "$TOOLS/garage-$GARAGE_VERSION" --target-dir "$TOOLS/garage-build" >&2
  fi
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
  local dir="$1"
  build
  mkdir -p "$dir/meta" "$dir/data"
  local s3 rpc admin
  s3=$(free_port); rpc=$(free_port); admin=$(free_port)
  cat >"$dir/garage.toml" <<EOF
metadata_dir = "$dir/meta"
data_dir = "$dir/data"
db_engine = "sqlite"
replication_factor = 1
rpc_bind_addr = "127.0.0.1:$rpc"
rpc_public_addr = "127.0.0.1:$rpc"
rpc_secret = "$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"

[s3_api]
s3_region = "garage"
api_bind_addr = "127.0.0.1:$s3"
root_domain = ".s3.garage.localhost"

[admin]
api_bind_addr = "127.0.0.1:$admin"
admin_token = "$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')"
EOF
  RUST_LOG=warn nohup "$GARAGE" -c "$dir/garage.toml" server >"$dir/garage.log" 2>&1 &
  echo $! >"$dir/garage.pid"
  local g=("$GARAGE" -c "$dir/garage.toml")
  for _ in $(seq 1 100); do
    "${g[@]}" status >/dev/null 2>&1 && break
    sleep 0.2
  done
  local node
  node=$("${g[@]}" node id -q 2>/dev/null | cut -c1-64)
  "${g[@]}" layout assign -z dc1 -c 1G "$node" >/dev/null
  "${g[@]}" layout apply --version 1 >/dev/null
  "${g[@]}" key import --yes -n samiti "$KEY_ID" "$SECRET" >/dev/null
  "${g[@]}" bucket create "$BUCKET" >/dev/null
  "${g[@]}" bucket allow --read --write --owner "$BUCKET" --key samiti >/dev/null
  cat <<EOF
export AWS_ENDPOINT_URL=http://127.0.0.1:$s3
export AWS_REGION=garage
export AWS_ACCESS_KEY_ID=$KEY_ID
export AWS_SECRET_ACCESS_KEY=$SECRET
export SAMITI_TEST_S3_BUCKET=$BUCKET
EOF
}

stop() {
  local dir="$1"
  [ -f "$dir/garage.pid" ] && kill "$(cat "$dir/garage.pid")" 2>/dev/null || true
  rm -rf "$dir"
}

case "${1:-}" in
  build) build ;;
  start) start "${2:?a folder for its data}" ;;
  stop) stop "${2:?the folder given to start}" ;;
  *) echo "usage: $0 build | start DIR | stop DIR" >&2; exit 2 ;;
esac
