# Shared settings for the scripts: compiled output lives outside the clone so that builds are
# incremental across clones and CI runs.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/samiti-target}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# A build of its own may be named (another clone sharing the target folder rebuilds debug/samiti).
SAMITI_BIN="${SAMITI_BIN:-$CARGO_TARGET_DIR/debug/samiti}"
export ROOT SAMITI_BIN
