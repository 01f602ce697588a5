#!/usr/bin/env bash
# Painting a TANK! board in the window end to end (issue 15 item 4): the real window under Xvfb,
# driven with xdotool; umpire --test-layout writes each hex (hex_CCRR), the paint toolbar's widgets
# (paint_*) and the pinned verdict (line "verdict ...") to STATE/layout.txt.
#   board-paint-test.sh UMPIRE UMPIRE-CLI BOARD-SITUATION
# The situation is the example with its units moved to 0602 and 0608 (column 6 of the test board
# is clear, 10.22). Steps: 1. open, Paint: the verdict is not blocked -> 2. woods brush, click 0605
# (on the line, in neither unit's hex): BLOCKED (10.22D), "● unsaved" -> 3. Ctrl+Z: clear again
# -> 4. paint again, Save board: a shipped board is not written over, so it asks for a name (the
# suggestion beside the situation), its Save saves -> the file passes `umpire-cli board check`,
# `umpire-cli los` on it says blocked, the situation now names it and Ctrl+S + `umpire-cli rule`
# gives the window's verdict.
# 5. paint again and quit: the unsaved board is kept as STATE/recovered-*.toml. 6. reopen, the
# map's Board menu, New board..., Create, paint woods, Rule, two clicks: blocked, as the CLI rules it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout
inside_xvfb 240 "$@"
umpire=$(realpath "$1") cli=$(realpath "$2") example=$3

work=$(mktemp -d)
state=$work/state
sit=$work/paint.toml
sed -e 's/^hex = "0302"/hex = "0602"/' -e 's/^hex = "0308"/hex = "0608"/' "$example" >"$sit"
grep -q '^hex = "0602"' "$sit" && grep -q '^hex = "0608"' "$sit" || { cat "$sit"; fail "the example no longer has its units in 0302 and 0308"; }
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
  read -r x y <<<"$(layout_centre hex_0605)"
  xdotool mousemove --window "$win" "$x" "$y"
  xdotool key --delay 80 ctrl+z
}

# ---- 1. open, switch to Paint: the line down column 6 is not blocked
"$umpire" --state-dir "$state" --test-layout --size 1280x800 --scale 1 --situation "$sit" 2>>"$work/stderr" &
pid=$!
for ((i = 0; i < 300; i++)); do
  grep -q '^widget hex_0605 ' "$state/layout.txt" 2>/dev/null && break
  if ! kill -0 "$pid" 2>/dev/null; then
    if grep -q "no display" "$work/stderr"; then cat "$work/stderr"; exit 75; fi
    on_fail; fail "umpire exited before its board appeared"
  fi
  sleep 0.1
done
grep -q '^widget hex_0605 ' "$state/layout.txt" || { on_fail; fail "the board view did not draw hex 0605"; }
wait_for 10 "the window" sh -c "xdotool search --name 'Umpire' >/dev/null" || { on_fail; exit 1; }
win=$(xdotool search --name 'Umpire' | head -1)
layout_settle
not_blocked || { on_fail; fail "opened: verdict '$(verdict)', expected a line that is not blocked"; }
click board_paint_mode
wait_for 5 "the paint toolbar" grep -q '^widget paint_brush_woods ' "$state/layout.txt" || { on_fail; exit 1; }
echo "ok 1: Paint mode shows the brushes; verdict '$(verdict)'"

# ---- 2. woods into 0605: blocked (10.22D), and the board is marked unsaved
layout_settle
click paint_brush_woods
layout_settle
again 3 "a blocked verdict after painting woods into 0605" blocked click hex_0605
grep -q '^widget paint_unsaved ' "$state/layout.txt" || { on_fail; fail "no unsaved mark after a stroke"; }
wait_for 5 "ruling.json saying blocked (autosaved 0.3 s after the stroke)" grep -q '"los":"blocked"' "$state/ruling.json" || { on_fail; fail "ruling.json does not say blocked"; }
echo "ok 2: painted woods into 0605: verdict '$(verdict)'"

# ---- 3. Ctrl+Z (the board has the focus): clear again, nothing unsaved
layout_settle
again 3 "the verdict back to not blocked after Ctrl+Z" not_blocked ctrl_z  # one step: a second Ctrl+Z undoes nothing
wait_for 5 "no unsaved mark after the undo" grep -q '^widget paint_saved ' "$state/layout.txt" || { on_fail; exit 1; }
echo "ok 3: Ctrl+Z: verdict '$(verdict)'"

# ---- 4. paint again, Save board: asks for a name (a shipped board), saved beside the situation
layout_settle
again 3 "blocked again" blocked click hex_0605
layout_settle
click paint_save
wait_for 5 "the Save board as popup" grep -q '^widget paint_save_as_path ' "$state/layout.txt" || { on_fail; exit 1; }
layout_settle
click paint_save_as_ok
saved=$work/test-small-painted.toml
wait_for 10 "the painted board file" test -s "$saved" || { on_fail; ls -l "$work"; exit 1; }
"$cli" board check "$saved" >/dev/null || fail "umpire-cli board check rejects the saved board"
los=$("$cli" los "$saved" 0602 0608 --json) || fail "umpire-cli los failed on the saved board"
grep -q '"verdict":"blocked"' <<<"$los" && grep -q 'woods in 0605 blocks (10.22D)' <<<"$los" ||
  { echo "$los"; fail "umpire-cli los on the saved board is not 'blocked by woods in 0605'"; }
git_board=$(dirname "$here")/../boards/test-small.toml
! grep -q '"0605"' "$git_board" || fail "the shipped board was written over"
wait_for 5 "the situation naming the saved board" grep -q '^board = "test-small-painted.toml"' "$state/situation.toml" || { on_fail; exit 1; }
xdotool mousemove --window "$win" 900 30
xdotool key --delay 80 ctrl+s
wait_for 10 "the saved situation" grep -q '^board = "test-small-painted.toml"' "$sit" || { on_fail; cat "$sit"; exit 1; }
"$cli" rule "$sit" | grep -q BLOCKED || { "$cli" rule "$sit"; fail "the CLI does not rule the saved situation blocked"; }
echo "ok 4: saved board: board check passes, los and rule say blocked"

# ---- 5. unsaved paint is never lost: paint 0604, quit (Ctrl+Q): the board as painted is kept
# in the state folder as recovered-*.toml, a board file the CLI reads, and the saved file is untouched
layout_settle
click hex_0604
wait_for 5 "the unsaved mark" grep -q '^widget paint_unsaved ' "$state/layout.txt" || { on_fail; exit 1; }
xdotool mousemove --window "$win" 900 30
xdotool key --delay 80 ctrl+q
for ((i = 0; i < 100; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
! kill -0 "$pid" 2>/dev/null || { on_fail; fail "Ctrl+Q did not close the window"; }
pid=""
kept=$(ls "$state"/recovered-*.toml 2>/dev/null | head -1)
[ -n "$kept" ] || { on_fail; ls -l "$state"; fail "no recovered-*.toml after quitting with unsaved paint"; }
"$cli" board check "$kept" >/dev/null || fail "the recovered board does not pass umpire-cli board check"
"$cli" los "$kept" 0602 0608 --json | grep -q 'woods in 0604 blocks' || fail "the recovered board lacks the unsaved stroke"
! "$cli" los "$saved" 0602 0608 --json | grep -q 'woods in 0604' || fail "the saved board file changed without Save board"
grep -q "unsaved paint" "$work/stderr" || { on_fail; fail "quitting did not say where the paint was kept"; }
echo "ok 5: quit with unsaved paint: kept in $(basename "$kept")"

# ---- 6. a newcomer's first board (issue 15's "Done when"): New board..., Create (12 x 10 all
# clear, my-board.toml beside the situation, Paint mode), woods into 0605, Rule, click 0602 then
# 0608: BLOCKED by the woods just painted, and the CLI rules the saved situation the same
rm -f "$state"/layout.txt
"$umpire" --state-dir "$state" --test-layout --size 1280x800 --scale 1 --situation "$sit" 2>>"$work/stderr" &
pid=$!
wait_for 30 "the window again" grep -q '^widget board_menu ' "$state/layout.txt" || { on_fail; exit 1; }
wait_for 10 "the window" sh -c "xdotool search --name 'Umpire' >/dev/null" || { on_fail; exit 1; }
win=$(xdotool search --name 'Umpire' | head -1)
layout_settle
click board_menu  # the map's Board menu: New board…
wait_for 5 "the Board menu" grep -q '^widget new_board ' "$state/layout.txt" || { on_fail; exit 1; }
click new_board
wait_for 5 "the New board form" grep -q '^widget new_board_create ' "$state/layout.txt" || { on_fail; exit 1; }
layout_settle
click new_board_create
wait_for 5 "my-board.toml beside the situation" test -s "$work/my-board.toml" || { on_fail; exit 1; }
"$cli" board check "$work/my-board.toml" >/dev/null || fail "the new board does not pass umpire-cli board check"
wait_for 5 "the new board in Paint mode" grep -q '^widget paint_brush_woods ' "$state/layout.txt" || { on_fail; exit 1; }
layout_settle
click paint_brush_woods
layout_settle
click hex_0605
wait_for 5 "the unsaved mark" grep -q '^widget paint_unsaved ' "$state/layout.txt" || { on_fail; exit 1; }
layout_settle
click paint_save
wait_for 5 "saved" grep -q '^widget paint_saved ' "$state/layout.txt" || { on_fail; exit 1; }
layout_settle
click board_rule_mode
layout_settle
click hex_0602
layout_settle
click hex_0608
wait_for 5 "BLOCKED on the new board" blocked || { on_fail; exit 1; }
grep -q 'woods in 0605 blocks' "$state/ruling.json" || { on_fail; fail "the ruling does not name the painted woods"; }
xdotool mousemove --window "$win" 900 30
xdotool key --delay 80 ctrl+s
wait_for 10 "the saved situation naming my-board.toml" grep -q '^board = "my-board.toml"' "$sit" || { on_fail; cat "$sit"; exit 1; }
"$cli" rule "$sit" | grep -q BLOCKED || { "$cli" rule "$sit"; fail "the CLI does not rule the new board's situation blocked"; }
echo "ok 6: New board, one stroke, two clicks: verdict '$(verdict)'"
