#!/usr/bin/env bash
# The Windows check: this checkout under a real Windows CPython 3.13 with windows-curses (Wine).
#   1. set-up (tools/windows/setup.sh; cached, so a second run is quick);
#   2. the test suite (-m "not e2e") under Windows Python, the slow Hypothesis state machines
#      at a tenth of their examples (PARLOUR_HYPOTHESIS_PROFILE=few; tests/hypothesis_profiles.py);
#   3. each game started in an 80x24 pseudo-terminal under Wine: first board, a move, a save,
#      a clean quit (tools/windows/play.py).
# Exits non-zero if any step fails.
#
# usage: tools/windows/check.sh [CACHE]      (see setup.sh for CACHE)
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${1:-${PARLOUR_WINDOWS_CACHE:-$HOME/.cache/parlour-windows}}
start=$(date +%s)
status=0

mkdir -p "$cache/prefix"
cache=$(cd "$cache" && pwd)
export WINEPREFIX=$cache/prefix WINEDEBUG=-all
# One Wine server for every run below (each wine start then takes 0.3 s, not 3 s), on
# /dev/null: whatever it starts must hold no pipe of ours open.
wineserver -p </dev/null >/dev/null 2>&1
trap 'wineserver -k </dev/null >/dev/null 2>&1' EXIT

py=$("$here/setup.sh" "$cache") || { echo "windows: the set-up failed" >&2; exit 1; }
setup_done=$(date +%s)
echo "windows: set-up took $((setup_done - start)) s"

echo "windows: the test suite under Windows CPython"
(cd "$cache/proj" && PARLOUR_HYPOTHESIS_PROFILE=few wine "$py" -m pytest -m "not e2e" \
    -p no:cacheprovider -rs --durations=5 </dev/null 2>&1 | cat) || status=1
suite_done=$(date +%s)
echo "windows: the suite took $((suite_done - setup_done)) s"

echo "windows: each game in a pseudo-terminal under Wine"
"$cache/venv/bin/python" "$here/play.py" "$py" || status=1

echo "windows: finished in $(($(date +%s) - start)) s with status $status"
exit $status
