#!/usr/bin/env bash
# Each game's panel shows what its ruling has: the real window under Xvfb opens an example and
# umpire --test-layout must list the named widgets that show it (ui::probe in the panels).
#   panels-test.sh UMPIRE EXAMPLES-DIR
# Rows: example, then the widgets it must show (docs/window.md):
#   TANK! on an aspect boundary: both readings side by side (alternatives), spotting, firer facing
#   TANK! combined HE on an AT gun: the spotting roll and its chance (13.5)
#   PanzerBlitz, a case no note decides: each symbol's position (positions)
#   Panzer Squadron from movement: open actions as ruled and by the other reading
# and no option drawn without its own tooltip (layout.txt "untipped" lines, issue 13).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run timeout
inside_xvfb 240 "$@"
umpire=$(realpath "$1") examples=$(realpath "$2")

rows=(
  "spi-tank-hex-numbers-aspect-boundary.toml alternatives spotting firer_facing numbers crt"
  "spi-tank-he-at-gun-improved-position.toml spotting"
  "panzerblitz-open-case.toml positions"
  "panzer-squadron-actions-in-movement.toml open_actions"
)
work=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

for row in "${rows[@]}"; do
  read -r example widgets <<<"$row"
  state=$work/state-${example%.toml}
  "$umpire" --state-dir "$state" --test-layout --size 1280x1200 --scale 1 --situation "$examples/$example" 2>>"$work/stderr" &
  pid=$!
  for w in $widgets; do
    if ! wait_for 30 "widget $w for $example" grep -q "^widget $w " "$state/layout.txt"; then
      if grep -q "no display" "$work/stderr"; then exit 75; fi
      echo "---- layout.txt"; cat "$state/layout.txt" 2>/dev/null || true
      echo "---- umpire stderr"; cat "$work/stderr"
      fail "$example: the panel does not show $w"
    fi
  done
  # Every option drawn has its own tooltip (issue 13): the window lists any without one.
  if grep -q "^untipped " "$state/layout.txt"; then
    grep "^untipped " "$state/layout.txt"
    fail "$example: options drawn without their own tooltip"
  fi
  kill "$pid"; wait "$pid" 2>/dev/null || true
  pid=""
  echo "ok: $example shows $widgets, every option with its tooltip"
done
