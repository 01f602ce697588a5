#!/usr/bin/env bash
# Without a display the window says so in one line on stderr and exits non-zero.
set -uo pipefail
umpire=$1
out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$umpire" 2>/tmp/umpire-no-display.$$)
status=$?
err=$(cat /tmp/umpire-no-display.$$); rm -f /tmp/umpire-no-display.$$
echo "exit $status, stderr: $err"
[ "$status" -ne 0 ] || { echo "FAIL: exit status 0 without a display"; exit 1; }
[ -z "$out" ] || { echo "FAIL: printed on stdout: $out"; exit 1; }
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "FAIL: expected one line on stderr"; exit 1; }
echo "$err" | grep -q "no display" || { echo "FAIL: the message does not say 'no display'"; exit 1; }
