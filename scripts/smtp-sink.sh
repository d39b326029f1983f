#!/usr/bin/env bash
# The SMTP server of the mail tests (scripts/smtp-sink.py, on aiosmtpd), installed once into a
# virtual environment outside the clone; prints the setting the tests read.
#
#   eval "$(scripts/smtp-sink.sh env)"   # SAMITI_TEST_SMTP_PYTHON, SAMITI_TEST_SMTP_SINK
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${SAMITI_SMTP_VENV:-$HOME/.cache/samiti-tools/smtp-venv}"
REQUIREMENT="aiosmtpd==1.4.6"
if [ ! -x "$VENV/bin/python" ] || [ "$(cat "$VENV/requirement" 2>/dev/null)" != "$REQUIREMENT" ]; then
  echo "installing $REQUIREMENT into $VENV (once)" >&2
  python3 -m venv "$VENV" >&2
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "$REQUIREMENT" >&2
  echo "$REQUIREMENT" > "$VENV/requirement"
fi
case "${1:-env}" in
  env)
    echo "export SAMITI_TEST_SMTP_PYTHON='$VENV/bin/python'"
    echo "export SAMITI_TEST_SMTP_SINK='$ROOT/scripts/smtp-sink.py'"
    ;;
  *) echo "usage: $0 env" >&2; exit 2 ;;
esac
