#!/usr/bin/env bash
# The board-first window (issue 23), in the real window under Xvfb, driven with xdotool; umpire
# --test-layout writes widget rectangles ("widget NAME x0 y0 x1 y1") and values ("value NAME V":
# board_zoom, board_hex_px, board_viewpoint, board_kill, board_in_view_px), the verdict, what the
# window waits for ("waiting ...") and its problems ("problem ...") to STATE/layout.txt.
#   map-test.sh UMPIRE SAMPLE-MAP-SITUATION NO-BOARD-SITUATION
# 1. the 66 x 44 sample map at 1280x800 with the kill-chance overlay: with no input at all (the
#    pointer never moves) the overlay arrives (the worker wakes the window); the board view is at
#    least 690x530 px and half the window, its hexes at least 14 px across at Fit
# 2. pin the overlays to the target; hovering all over the board leaves them there
# 3. the wheel over the side panel never zooms, also when the board slides under the pointer in
#    the same gesture; a new gesture over the board zooms; zoomed and dragged far, part of the
#    board stays in view
# 4. F11 gives the map the whole window, Esc gives the side panel back
# 5. the same map at 800x600: the board view at least 45 % of the window
# 6. a situation without a board, a shipped board attached: no "cannot rule", no file syntax, the
#    map says what to click; two clicks: a verdict
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout
inside_xvfb 240 "$@"
umpire=$(realpath "$1") sample=$(realpath "$2") plain=$(realpath "$3")

work=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
state=""
on_fail() {
  echo "---- layout.txt"; grep -v '^widget hex_' "$state/layout.txt" 2>/dev/null || true
  echo "---- umpire stderr"; cat "$work/stderr" 2>/dev/null || true
}
value() { awk -v n="$1" '$1 == "value" && $2 == n { print $3 }' "$state/layout.txt"; }
click() { click_widget "$1"; }  # click WIDGET (lib.sh)
start() {  # start SIZE SITUATION [options]: a fresh state folder; waits for its first layout
  local size=$1 sit=$2
  shift 2
  state=$work/state-$RANDOM
  "$umpire" --state-dir "$state" --test-layout --size "$size" --scale 1 --situation "$sit" "$@" 2>>"$work/stderr" &
  pid=$!
  for ((i = 0; i < 300; i++)); do
    grep -q '^widget ' "$state/layout.txt" 2>/dev/null && break
    if ! kill -0 "$pid" 2>/dev/null; then
      if grep -q "no display" "$work/stderr"; then cat "$work/stderr"; exit 75; fi
      on_fail; fail "umpire exited before its first frame"
    fi
    sleep 0.1
  done
  wait_for 10 "the window" sh -c "xdotool search --name 'Umpire' >/dev/null" || { on_fail; exit 1; }
  win=$(xdotool search --name 'Umpire' | head -1)
}
stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }

# ---- 1. the overlay arrives by itself; the board's size
xdotool mousemove 5 795  # the pointer rests on the status line, then never moves until the overlay is in
start 1280x800 "$sample" --board-overlay kill-chance
wait_for 30 "the kill chances with no input (the worker wakes the window)" sh -c "grep -q '^value board_kill ready' '$state/layout.txt'" ||
  { on_fail; exit 1; }
read -r x0 y0 x1 y1 <<<"$(layout_widget board)"
w=$((x1 - x0)) h=$((y1 - y0)) px=$(value board_hex_px)
echo "board view at 1280x800: ${w}x${h} px ($((100 * w * h / (1280 * 800)))% of the window), hexes ${px} px across at Fit"
[ "$w" -ge 690 ] && [ "$h" -ge 530 ] || { on_fail; fail "the board view is ${w}x${h}, less than 690x530"; }
[ $((2 * w * h)) -ge $((1280 * 800)) ] || { on_fail; fail "the board view is less than half the window"; }
[ "$px" -ge 14 ] || { on_fail; fail "the 66 x 44 hexes are $px px across at Fit, less than 14"; }
echo "ok 1: the kill-chance overlay arrived with no input; the board is big enough"

# ---- 2. pin the overlays to the target; hovering does not move them
layout_settle
click board_viewpoint_target
target=$(sed -n 's/^hex = "\([0-9]*\)"/\1/p' "$sample" | tail -1)
wait_for 5 "the overlays pinned to the target $target" sh -c "grep -q '^value board_viewpoint $target' '$state/layout.txt'" || { on_fail; exit 1; }
wait_for 30 "the kill chances from the target" sh -c "grep -q '^value board_kill ready' '$state/layout.txt'" || { on_fail; exit 1; }
read -r x0 y0 x1 y1 <<<"$(layout_widget board)"
for f in 1 2 3 4 5 6 7 8; do
  xdotool mousemove --window "$win" $((x0 + (x1 - x0) * f / 9)) $((y0 + (y1 - y0) * (9 - f) / 9))
  sleep 0.15
done
layout_settle
[ "$(value board_viewpoint)" = "$target" ] || { on_fail; fail "hovering moved the overlays to $(value board_viewpoint)"; }
echo "ok 2: pinned to the target $target, it stays there while the mouse hovers the board"

# ---- 3. the wheel over the side panel never zooms the board
zoom=$(value board_zoom)
read -r sx0 sy0 sx1 sy1 <<<"$(layout_widget ruling_tab)"
xdotool mousemove --window "$win" $(((sx0 + sx1) / 2)) $(((sy0 + sy1) / 2))
sleep 0.2
# One gesture (notches 0.05 s apart, one xdotool run so no process start slows it): three over the
# panel, then on with the pointer moved over the board.
gesture=(click 5 sleep 0.05 click 5 sleep 0.05 click 5)
for f in 9 8 7 6 5; do
  gesture+=(sleep 0.05 mousemove --window "$win" $((x0 + (x1 - x0) * f / 10)) $(((y0 + y1) / 2)) click 4)
done
xdotool "${gesture[@]}"
layout_settle
[ "$(value board_zoom)" = "$zoom" ] || { on_fail; fail "the wheel started over the panel zoomed the board ($zoom -> $(value board_zoom))"; }
sleep 3  # a new gesture (after a pause longer than a few of a loaded machine's slow frames), begun over the board, zooms
xdotool click 4
sleep 0.1
xdotool click 4
layout_settle
[ "$(value board_zoom)" != "$zoom" ] || { on_fail; fail "a wheel gesture begun over the board did not zoom (zoom $zoom -> $(value board_zoom))"; }
# zoom far out and drag the board far away: part of it stays in view
for i in $(seq 1 25); do xdotool click 5; sleep 0.02; done
xdotool mousedown 3
for d in 200 400 600 800 1000 1200 1400; do xdotool mousemove --window "$win" $((x0 + 20 + d)) $((y0 + 20 + d)); sleep 0.05; done
xdotool mouseup 3
layout_settle
in_view=$(value board_in_view_px)
[ "${in_view:-0}" -ge 10000 ] || { on_fail; fail "after a zoom and a long drag only ${in_view} px of the board are in view"; }
echo "ok 3: wheel over the panel: zoom stays $zoom; over the board it zooms; dragged away, ${in_view} px of board stay in view"

# ---- 4. F11: the map has the whole window; Esc: the side panel is back
xdotool key --window "$win" F11
wait_for 5 "Map only" sh -c "grep -q '^layout map-only' '$state/layout.txt'" || { on_fail; exit 1; }
wait_for 5 "the verdict line under the map" grep -q '^widget verdict_line ' "$state/layout.txt" || { on_fail; fail "Map only shows no verdict line"; }
wait_for 5 "no side panel" sh -c "! grep -q '^widget side_fold ' '$state/layout.txt'" || { on_fail; fail "Map only still shows the side panel"; }
read -r x0 y0 x1 y1 <<<"$(layout_widget board)"
echo "board view in Map only: $((x1 - x0))x$((y1 - y0)) px"
xdotool key --window "$win" Escape
wait_for 5 "the side panel back" sh -c "grep -q '^layout map$' '$state/layout.txt'" || { on_fail; exit 1; }
echo "ok 4: F11 and Esc"
stop

# ---- 5. 800x600: the board view is at least 45 % of the window
start 800x600 "$sample"
layout_settle
read -r x0 y0 x1 y1 <<<"$(layout_widget board)"
w=$((x1 - x0)) h=$((y1 - y0))
echo "board view at 800x600: ${w}x${h} px ($((100 * w * h / (800 * 600)))% of the window), hexes $(value board_hex_px) px across"
[ $((100 * w * h)) -ge $((45 * 800 * 600)) ] || { on_fail; fail "the board view is less than 45 % of an 800x600 window"; }
stop
echo "ok 5: 800x600"

# ---- 6. a board attached before the units are placed: words, not a problem
cp "$plain" "$work/plain.toml"
start 1280x800 "$work/plain.toml"
layout_settle
click open_board
wait_for 5 "the board list" grep -q '^widget board_file_test-small.toml ' "$state/layout.txt" || { on_fail; exit 1; }
click board_file_test-small.toml
wait_for 10 "the map layout" sh -c "grep -q '^layout map$' '$state/layout.txt'" || { on_fail; exit 1; }
layout_settle
grep -q '^waiting Click the firer' "$state/layout.txt" || { on_fail; fail "the window does not say what to click"; }
! grep -q '^problem ' "$state/layout.txt" || { on_fail; fail "an empty board is shown as a problem"; }
grep -q '^widget board_waiting ' "$state/layout.txt" || { on_fail; fail "the map does not say what to click"; }
said=$(sed -n 's/^waiting //p' "$state/layout.txt" | head -1)
for h in 0302 0308; do
  wait_for 5 "hex $h" grep -q "^widget hex_$h " "$state/layout.txt" || { on_fail; exit 1; }
  click "hex_$h"
done
wait_for 5 "a verdict after two clicks" sh -c "! grep -q '^verdict (none)' '$state/layout.txt'" || { on_fail; exit 1; }
! grep -q '^waiting ' "$state/layout.txt" || { on_fail; fail "still waiting after two clicks"; }
echo "ok 6: empty board: '$said' then the verdict '$(sed -n 's/^verdict //p' "$state/layout.txt")'"
stop
