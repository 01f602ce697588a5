#!/usr/bin/env bash
# The PanzerBlitz and Panzer Squadron board views end to end (issue 16 item 4): the real window
# under Xvfb, driven with xdotool, as board-view-test.sh does for TANK!.
#   board-view-games-test.sh UMPIRE UMPIRE-CLI BOARD-SITUATION FIRER TARGET [corner]
# Steps: 1. open a situation with `board = ...`: the board is drawn, the window's ruling is the
# CLI's -> 2. click FIRER, then TARGET: the autosave holds both hexes and `board`, and the window's
# ruling equals the CLI's ruling of it -> 3. (corner: Panzer Squadron) drag from the target
# towards its north-east corner: the autosave says facing = "NE" and the CLI agrees again ->
# 4. Ctrl+S: the file keeps `board` and the hexes, and leaves out what the board decides.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout
inside_xvfb 240 "$@"
umpire=$(realpath "$1") cli=$(realpath "$2") example=$3 firer=$4 target=$5 corner=${6:-}

work=$(mktemp -d)
state=$work/state
sit=$work/board-games.toml
cp "$example" "$sit"
pid=""
cleanup() {
  if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
on_fail() {
  echo "---- layout.txt (first lines)"; grep -v '^widget hex_' "$state/layout.txt" 2>/dev/null | head -40 || true
  echo "---- situation.toml"; cat "$state/situation.toml" 2>/dev/null || true
  echo "---- ruling.json"; cat "$state/ruling.json" 2>/dev/null || true
  echo "---- umpire stderr"; cat "$work/stderr" 2>/dev/null || true
}
centre() { read -r x0 y0 x1 y1 <<<"$(layout_widget "hex_$1")"; echo $(((x0 + x1) / 2)) $(((y0 + y1) / 2)); }
click_hex() { click_widget "hex_$1"; }  # lib.sh
same_ruling() { [ "$(cat "$state/ruling.json")" = "$("$cli" rule "$state/situation.toml" --json)" ]; }

# ---- 1. open: the board is drawn, the window rules as the CLI does
"$umpire" --state-dir "$state" --test-layout --size 1280x1000 --scale 1 --situation "$sit" 2>>"$work/stderr" &
pid=$!
for ((i = 0; i < 300; i++)); do
  grep -q "^widget hex_$firer " "$state/layout.txt" 2>/dev/null && break
  if ! kill -0 "$pid" 2>/dev/null; then
    if grep -q "no display" "$work/stderr"; then cat "$work/stderr"; exit 75; fi
    on_fail; fail "umpire exited before its board appeared"
  fi
  sleep 0.1
done
grep -q "^widget hex_$firer " "$state/layout.txt" || { on_fail; fail "the board view did not draw hex $firer"; }
wait_for 10 "the window" sh -c "xdotool search --name 'Umpire' >/dev/null" || { on_fail; exit 1; }
win=$(xdotool search --name 'Umpire' | head -1)
layout_settle
wait_for 5 "the CLI's ruling of the opened situation" same_ruling || { on_fail; fail "opened: the window's ruling differs from umpire-cli's"; }
echo "ok 1: $(basename "$example"): board drawn, the window rules as the CLI"

# ---- 2. two clicks: the firer, then the target
board_line=$(grep '^board = ' "$sit")
placed=""
for try in 1 2 3; do
  layout_settle
  click_hex "$firer"
  sleep 0.4
  click_hex "$target"
  if wait_for 5 "both hexes in the autosave (try $try)" sh -c "grep -q '^hex = \"$firer\"' '$state/situation.toml' && grep -q '^hex = \"$target\"' '$state/situation.toml'"; then
    placed=1
    break
  fi
done
[ -n "$placed" ] || { on_fail; exit 1; }
grep -qF "$board_line" "$state/situation.toml" || { on_fail; fail "the autosave lost the board key"; }
wait_for 5 "the CLI's ruling of the autosave" same_ruling || { on_fail; fail "the window's ruling differs from umpire-cli's"; }
echo "ok 2: clicked $firer then $target: the window's ruling is the CLI's ($("$cli" rule "$state/situation.toml" | head -1))"

# ---- 3. Panzer Squadron: drag from the target to its north-east corner: it faces NE (PS-turning)
if [ "$corner" = corner ]; then
  layout_settle
  read -r x y <<<"$(centre "$target")"
  read -r x0 y0 x1 y1 <<<"$(layout_widget "hex_$target")"
  h=$((y1 - y0))
  xdotool mousemove --window "$win" "$x" "$y" mousedown 1
  sleep 0.2
  xdotool mousemove --window "$win" $((x + h / 2)) $((y - h / 2)); sleep 0.1
  xdotool mousemove --window "$win" $((x + h / 2 + 2)) $((y - h - 2)); sleep 0.2
  xdotool mouseup 1
  wait_for 5 "facing NE in the autosave" grep -q '^facing = "NE"' "$state/situation.toml" || { on_fail; exit 1; }
  grep -q "^hex = \"$target\"" "$state/situation.toml" || { on_fail; fail "the facing drag moved the target"; }
  wait_for 5 "the CLI's ruling with the facing" same_ruling || { on_fail; fail "the window's ruling differs from umpire-cli's"; }
  echo "ok 3: dragged from the target to a corner: facing NE, the CLI agrees"
fi

# ---- 4. Ctrl+S: the saved file keeps the board and the hexes
xdotool mousemove --window "$win" 900 30
xdotool key --delay 80 ctrl+s
wait_for 10 "the saved file" grep -q "^hex = \"$target\"" "$sit" || { on_fail; cat "$sit"; exit 1; }
grep -qF "$board_line" "$sit" || { cat "$sit"; fail "the saved file lost the board key"; }
! grep -q -e 'obstacles' -e '^elevation = ' -e '^range = ' "$sit" || { cat "$sit"; fail "the saved file carries inputs the board decides"; }
"$cli" rule "$sit" >/dev/null || fail "the CLI cannot rule the saved file"
echo "ok 4: saved: board and hexes kept, the CLI rules the file"
