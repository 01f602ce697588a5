#!/usr/bin/env bash
# Measures the window's CPU use while idle under Xvfb: utime + stime from
# /proc/PID/stat over SECONDS (default 5) once the window has settled.
# Prints "idle CPU: X% of one core"; fails when above MAX_PERCENT (default 5).
#   idle-cpu.sh UMPIRE SITUATION [SECONDS] [MAX_PERCENT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run timeout
inside_xvfb 120 "$@"
umpire=$1 situation=$2 seconds=${3:-5} max=${4:-5}
state=$(mktemp -d)
"$umpire" --state-dir "$state" --situation "$situation" --size 1280x800 --scale 1 &
pid=$!
# SIGTERM closes the window like Ctrl+Q (it autosaves into $state): wait for it before removing $state.
trap '{ kill $pid && wait $pid; } 2>/dev/null || true; rm -rf "$state"' EXIT
for ((i = 0; i < 300; i++)); do
  [ -s "$state/ruling.json" ] && break
  kill -0 "$pid" 2>/dev/null || exit 75  # umpire died (no display?): inside_xvfb retries on another display
  sleep 0.1
done
[ -s "$state/ruling.json" ] || fail "timed out waiting for the window's ruling"
sleep 2  # let start-up frames and the first autosave finish
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
t0=$(ticks)
sleep "$seconds"
t1=$(ticks)
percent=$(awk -v d=$((t1 - t0)) -v hz="$hz" -v s="$seconds" 'BEGIN { printf "%.2f", 100 * d / hz / s }')
echo "idle CPU: ${percent}% of one core over ${seconds} s ($((t1 - t0)) ticks at ${hz} Hz)"
awk -v p="$percent" -v m="$max" 'BEGIN { exit !(p <= m) }' || fail "idle CPU ${percent}% is above ${max}%"
