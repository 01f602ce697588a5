#!/usr/bin/env bash
# The TANK! board view end to end (issue 15 item 4): the real window under Xvfb, driven with
# xdotool. umpire --test-layout writes each hex of a small board (widget hex_CCRR) and the pinned
# verdict (line "verdict ...") to STATE/layout.txt; effects are read from the autosave and the file.
#   board-view-test.sh UMPIRE UMPIRE-CLI BOARD-SITUATION
# Steps: 1. open a situation with `board = ...`: the board is drawn, the verdict is the CLI's ->
# 2. click a hex (the firer), click another (the target): the verdict follows, the autosave holds
# both hexes and `board`, the CLI rules it the same -> 3. drag from the target southwards: it
# faces side D (8.7) -> 4. shift-click: the target moves -> 5. Ctrl+S: the file keeps `board`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout
inside_xvfb 240 "$@"
umpire=$(realpath "$1") cli=$(realpath "$2") example=$3

work=$(mktemp -d)
state=$work/state
sit=$work/board-shot.toml
cp "$example" "$sit"
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
centre() { read -r x0 y0 x1 y1 <<<"$(layout_widget "hex_$1")"; echo $(((x0 + x1) / 2)) $(((y0 + y1) / 2)); }
verdict() { sed -n 's/^verdict //p' "$state/layout.txt"; }
click_hex() {  # click_hex CCRR [shift]
  local x y
  read -r x y <<<"$(centre "$1")"
  [ -n "$x" ] || { on_fail; fail "hex $1 is not in the layout"; }
  xdotool mousemove --window "$win" "$x" "$y"
  sleep 0.2
  if [ "${2:-}" = shift ]; then
    xdotool keydown shift; sleep 0.3; xdotool click 1; sleep 0.3; xdotool keyup shift
  else
    xdotool click 1
  fi
}
same_ruling() { [ "$(cat "$state/ruling.json")" = "$("$cli" rule "$state/situation.toml" --json)" ]; }

# ---- 1. open: the board is drawn (its hexes are in the layout), the verdict is the CLI's
"$umpire" --state-dir "$state" --test-layout --size 1280x800 --scale 1 --situation "$sit" 2>>"$work/stderr" &
pid=$!
for ((i = 0; i < 300; i++)); do
  grep -q '^widget hex_0302 ' "$state/layout.txt" 2>/dev/null && break
  if ! kill -0 "$pid" 2>/dev/null; then
    if grep -q "no display" "$work/stderr"; then cat "$work/stderr"; exit 75; fi
    on_fail; fail "umpire exited before its board appeared"
  fi
  sleep 0.1
done
grep -q '^widget hex_0302 ' "$state/layout.txt" || { on_fail; fail "the board view did not draw hex 0302"; }
wait_for 10 "the window" sh -c "xdotool search --name 'Umpire' >/dev/null" || { on_fail; exit 1; }
win=$(xdotool search --name 'Umpire' | head -1)
layout_settle
case "$(verdict)" in *BLOCKED*) ;; *) on_fail; fail "opened: verdict '$(verdict)', expected the CLI's blocked line" ;; esac
"$cli" rule "$sit" | grep -q BLOCKED || fail "the CLI does not rule the example blocked"
echo "ok 1: board drawn, verdict '$(verdict)'"

# ---- 2. two clicks: the firer in 0602, the target in 0608 (column 6 of the test board is clear)
placed=""
for try in 1 2 3; do
  layout_settle
  click_hex 0602
  sleep 0.4
  click_hex 0608
  if wait_for 5 "both hexes in the autosave (try $try)" sh -c "grep -q '^hex = \"0602\"' '$state/situation.toml' && grep -q '^hex = \"0608\"' '$state/situation.toml'"; then
    placed=1
    break
  fi
done
[ -n "$placed" ] || { on_fail; exit 1; }
wait_for 5 "a verdict that is not blocked" sh -c "! grep -q '^verdict .*BLOCKED' '$state/layout.txt'" || { on_fail; exit 1; }
grep -q '^board = "test-small.toml"' "$state/situation.toml" || { on_fail; fail "the autosave lost the board key"; }
grep -q '"los":"clear"' "$state/ruling.json" || { on_fail; fail "the ruling's line of sight is not clear"; }
wait_for 5 "the CLI's ruling of the autosave" same_ruling || { on_fail; fail "the window's ruling differs from umpire-cli's"; }
echo "ok 2: clicked 0602 then 0608: verdict '$(verdict)', the CLI agrees"

# ---- 3. drag from the target to the south: it faces side D (8.7)
layout_settle
read -r x y <<<"$(centre 0608)"
read -r x0 y0 x1 y1 <<<"$(layout_widget hex_0608)"
h=$((y1 - y0))
xdotool mousemove --window "$win" "$x" "$y" mousedown 1
sleep 0.2
xdotool mousemove --window "$win" "$x" $((y + h / 2)) ; sleep 0.1
xdotool mousemove --window "$win" "$x" $((y + h + 2)); sleep 0.2
xdotool mouseup 1
wait_for 5 "facing D in the autosave" grep -q '^facing = "D"' "$state/situation.toml" || { on_fail; exit 1; }
grep -q '^hex = "0608"' "$state/situation.toml" || { on_fail; fail "the facing drag moved the target"; }
echo "ok 3: dragged from the target: facing D"

# ---- 4. shift-click: the target moves, the firer stays
layout_settle
click_hex 0606 shift
wait_for 5 "the target in 0606" grep -q '^hex = "0606"' "$state/situation.toml" || { on_fail; exit 1; }
grep -q '^hex = "0602"' "$state/situation.toml" || { on_fail; fail "shift-click moved the firer"; }
echo "ok 4: shift-click moved the target to 0606"

# ---- 5. Ctrl+S: the saved file keeps the board and rules as the window does
xdotool mousemove --window "$win" 900 30
xdotool key --delay 80 ctrl+s
wait_for 10 "the saved file" grep -q '^hex = "0606"' "$sit" || { on_fail; cat "$sit"; exit 1; }
grep -q '^board = "test-small.toml"' "$sit" || { cat "$sit"; fail "the saved file lost the board key"; }
! grep -q -e 'obstacles' -e '^terrain = ' "$sit" || { cat "$sit"; fail "the saved file carries obstacles or terrain the board decides"; }
"$cli" rule "$sit" >/dev/null || fail "the CLI cannot rule the saved file"
echo "ok 5: saved: board kept, the CLI rules the file"
