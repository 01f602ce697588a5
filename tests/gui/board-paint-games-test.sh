#!/usr/bin/env bash
# Painting a PanzerBlitz board in the window end to end (issue 16's "Done when"): the real window
# under Xvfb, driven with xdotool; umpire --test-layout writes each hex (hex_CCRR), the paint
# toolbar's widgets (paint_*) and the pinned verdict (line "verdict ...") to STATE/layout.txt.
#   board-paint-games-test.sh UMPIRE UMPIRE-CLI SITUATION HEX
# SITUATION is a PanzerBlitz board example whose line is blocked by the single-hex woods or town in
# HEX (a [hex_features] hex, notes A, B, O). Steps: 1. open, Paint: BLOCKED -> 2. the "no hex
# feature" brush, click HEX: the verdict changes (not blocked), "● unsaved" -> 3. Ctrl+Z: BLOCKED
# again -> 4. paint again, Save board (a shipped board: Save as, beside the situation), Ctrl+S:
# `umpire-cli board check` passes on the saved board and `umpire-cli rule` gives the window's verdict.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout
inside_xvfb 240 "$@"
umpire=$(realpath "$1") cli=$(realpath "$2") example=$3 spot=$4

work=$(mktemp -d)
state=$work/state
sit=$work/paint.toml
cp "$example" "$sit"
"$cli" rule "$sit" | grep -q BLOCKED || fail "the example is not ruled blocked: nothing to change"
pid=""
cleanup() {
  if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
on_fail() {
  echo "---- layout.txt (first lines)"; grep -v '^widget hex_' "$state/layout.txt" 2>/dev/null || true
  echo "---- situation.toml"; cat "$state/situation.toml" 2>/dev/null || true
  echo "---- umpire stderr"; cat "$work/stderr" 2>/dev/null || true
}
verdict() { sed -n 's/^verdict //p' "$state/layout.txt"; }
click() { click_widget "$1"; }  # click WIDGET (lib.sh)
blocked() { grep -q '^verdict .*BLOCKED' "$state/layout.txt"; }
not_blocked() { grep -q '^verdict ' "$state/layout.txt" && ! blocked; }
# again TRIES WHAT CHECK ACTION...: does ACTION until CHECK holds (a busy machine can drop an
# xdotool event the idle window has not woken for). Only for actions that are harmless repeated.
again() {
  local tries=$1 what=$2 check=$3 try
  shift 3
  for ((try = 1; try <= tries; try++)); do
    "$@"
    wait_for 5 "$what (try $try)" "$check" && return 0
    layout_settle
  done
  on_fail
  exit 1
}
ctrl_z() {
  local x y
  read -r x y <<<"$(layout_centre "hex_$spot")"
  xdotool mousemove --window "$win" "$x" "$y"
  xdotool key --delay 80 ctrl+z
}

# ---- 1. open, switch to Paint: blocked
"$umpire" --state-dir "$state" --test-layout --size 1280x800 --scale 1 --situation "$sit" 2>>"$work/stderr" &
pid=$!
for ((i = 0; i < 300; i++)); do
  grep -q "^widget hex_$spot " "$state/layout.txt" 2>/dev/null && break
  if ! kill -0 "$pid" 2>/dev/null; then
    if grep -q "no display" "$work/stderr"; then cat "$work/stderr"; exit 75; fi
    on_fail; fail "umpire exited before its board appeared"
  fi
  sleep 0.1
done
grep -q "^widget hex_$spot " "$state/layout.txt" || { on_fail; fail "the board view did not draw hex $spot"; }
wait_for 10 "the window" sh -c "xdotool search --name 'Umpire' >/dev/null" || { on_fail; exit 1; }
win=$(xdotool search --name 'Umpire' | head -1)
layout_settle
blocked || { on_fail; fail "opened: verdict '$(verdict)', expected BLOCKED"; }
click board_paint_mode
wait_for 5 "the hex-feature brushes" grep -q '^widget paint_brush_feature_none ' "$state/layout.txt" || { on_fail; exit 1; }
echo "ok 1: Paint mode shows the hex-feature brushes; verdict '$(verdict)'"

# ---- 2. take the woods/town out of the spot: not blocked, unsaved
layout_settle
click paint_brush_feature_none
layout_settle
again 3 "a verdict that is not blocked after clearing $spot" not_blocked click "hex_$spot"
grep -q '^widget paint_unsaved ' "$state/layout.txt" || { on_fail; fail "no unsaved mark after a stroke"; }
echo "ok 2: cleared $spot: verdict '$(verdict)'"

# ---- 3. Ctrl+Z: blocked again, nothing unsaved
layout_settle
again 3 "BLOCKED again after Ctrl+Z" blocked ctrl_z
wait_for 5 "no unsaved mark after the undo" grep -q '^widget paint_saved ' "$state/layout.txt" || { on_fail; exit 1; }
echo "ok 3: Ctrl+Z: verdict '$(verdict)'"

# ---- 4. again, Save board (as, beside the situation), Ctrl+S: the CLI rules what the window shows
layout_settle
again 3 "not blocked again" not_blocked click "hex_$spot"
layout_settle
click paint_save
wait_for 5 "the Save board as popup" grep -q '^widget paint_save_as_path ' "$state/layout.txt" || { on_fail; exit 1; }
layout_settle
click paint_save_as_ok
board=$(sed -n 's/^board = "\(.*\)\.toml"/\1/p' "$example")
saved=$work/$board-painted.toml
wait_for 10 "the painted board file" test -s "$saved" || { on_fail; ls -l "$work"; exit 1; }
"$cli" board check "$saved" >/dev/null || fail "umpire-cli board check rejects the saved board"
wait_for 5 "the situation naming the saved board" grep -q "^board = \"$board-painted.toml\"" "$state/situation.toml" || { on_fail; exit 1; }
xdotool mousemove --window "$win" 900 30
xdotool key --delay 80 ctrl+s
wait_for 10 "the saved situation" grep -q "^board = \"$board-painted.toml\"" "$sit" || { on_fail; cat "$sit"; exit 1; }
! "$cli" rule "$sit" | grep -q BLOCKED || { "$cli" rule "$sit"; fail "the CLI rules the saved situation blocked; the window did not"; }
echo "ok 4: saved board: board check passes, the CLI rules it as the window: '$(verdict)'"
