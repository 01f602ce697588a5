#!/usr/bin/env bash
# A board from a picture in the real window (issue 24; docs/maps.md "Calibrating", "Examples"):
# the referee's whole path on a synthetic scan of the 12 x 10 TANK! test board (scan_fixture: printed
# and scanned by tests/scan_render.hpp, turned 2.5 degrees, lit unevenly, noise), driven with
# xdotool. umpire --test-layout writes the Picture tool's camera (picture pixel -> screen), its
# points, the fit's state and the number popup's prefill to STATE/layout.txt.
#   picture-board-test.sh UMPIRE UMPIRE-CLI SCAN_FIXTURE EXAMPLE
# EXAMPLE: a TANK! situation with a board. Steps: 1. the Board menu's "New board from a picture…",
# a picture that is no picture refused in the reader's words, then scan.png: my-map.toml is written
# with an [underlay] naming scan.png, and the Picture tool opens at Calibrate. 2. three clicks at
# hex centres, their numbers typed: the fit stands; the fourth click's popup is prefilled with the
# hex the fit puts there. 3. five points in all, Save board: the file holds them, the CLI reads it.
# 4. Examples: one of each kind the board holds, "Suggest the terrain": the window says
# "Suggesting…", turns to Rule when done; the board file holds [suggested] and at least 90% of its
# hexes are the truth's (scan_fixture score).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout
inside_xvfb 240 "$@"
umpire=$(realpath "$1") cli=$(realpath "$2") fixture=$(realpath "$3") example=$4
root=$(cd "$here/../.." && pwd)

work=$(mktemp -d)
state=$work/state
sit=$work/situation.toml
cp "$example" "$sit"
pid=""
cleanup() {
  if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
on_fail() {
  echo "---- layout.txt (values, picture widgets)"; grep -e '^value' -e 'picture' "$state/layout.txt" 2>/dev/null || true
  echo "---- my-map.toml"; head -20 "$work/my-map.toml" 2>/dev/null || true
  echo "---- umpire stderr"; cat "$work/stderr" 2>/dev/null || true
}
value() { sed -n "s/^value $1 //p" "$state/layout.txt"; }
click() {  # click WIDGET
  local x y
  read -r x y <<<"$(layout_centre "$1")"
  [ -n "$x" ] || { on_fail; fail "$1 is not in the layout"; }
  xdotool mousemove --window "$win" "$x" "$y"
  sleep 0.2
  xdotool click 1
  sleep 0.3
}
# click_pixel X Y: a left click on the picture's pixel (X, Y), through the tool's camera.
click_pixel() {
  local ox oy zoom sx sy
  read -r ox oy zoom <<<"$(value picture_camera)"
  [ -n "$zoom" ] || { on_fail; fail "no picture camera in the layout"; }
  read -r sx sy <<<"$(awk -v x="$1" -v y="$2" -v ox="$ox" -v oy="$oy" -v z="$zoom" 'BEGIN { printf "%d %d", ox + x * z + 0.5, oy + y * z + 0.5 }')"
  xdotool mousemove --window "$win" "$sx" "$sy"
  sleep 0.2
  xdotool click 1
  sleep 0.3
}
type_text() { xdotool type --delay 40 "$1"; sleep 0.2; }

"$fixture" scan spi-tank "$root/boards/test-small.toml" "$work/scan.png" >"$work/clicks.txt" || fail "scan_fixture could not make the scan"
printf 'not a picture\n' >"$work/notes.png"
mapfile -t hexes < <(awk '$1 == "hex" { print $2, $3, $4 }' "$work/clicks.txt")
mapfile -t samples < <(awk '$1 == "example" { print $2, $3, $4 }' "$work/clicks.txt")
[ ${#hexes[@]} -ge 5 ] && [ ${#samples[@]} -ge 2 ] || { cat "$work/clicks.txt"; fail "scan_fixture gave too few clicks"; }

# ---- 1. New board from a picture…: a bad picture refused in words, then the scan
start_board_window "$umpire" "$sit" 0605
click board_menu
wait_for 5 "the Board menu" grep -q '^widget picture_board ' "$state/layout.txt" || { on_fail; exit 1; }
click picture_board
wait_for 5 "the form" grep -q '^widget picture_board_create ' "$state/layout.txt" || { on_fail; exit 1; }
layout_settle
click picture_board_path
type_text "notes.png"
click picture_board_create
sleep 0.5
[ ! -e "$work/my-map.toml" ] || fail "a board was made from a file that is no picture"
grep -q '^widget picture_board_create ' "$state/layout.txt" || { on_fail; fail "the form closed on a bad picture"; }
echo "ok 1a: a file that is no picture is refused, the form stays open"
click picture_board_path
xdotool key --delay 40 ctrl+a BackSpace
type_text "scan.png"
click picture_board_create
wait_for 5 "my-map.toml beside the situation" test -s "$work/my-map.toml" || { on_fail; exit 1; }
grep -q '^\[underlay\]' "$work/my-map.toml" && grep -q '^image = "scan.png"' "$work/my-map.toml" ||
  { on_fail; fail "the new board does not name its picture in [underlay]"; }
"$cli" board check "$work/my-map.toml" >/dev/null || fail "umpire-cli board check refuses the new board"
wait_for 10 "the Picture tool" grep -q '^value picture_camera ' "$state/layout.txt" || { on_fail; exit 1; }
layout_settle
[ "$(value picture_fit)" = refused ] || { on_fail; fail "a fit with no points"; }
echo "ok 1b: my-map.toml made with [underlay] image = \"scan.png\"; Picture tool, Calibrate"

# ---- 2. three points typed, the fourth prefilled by the fit
add_point() {  # add_point NUMBER X Y [typed]
  click_pixel "$2" "$3"
  wait_for 5 "the number popup" grep -q '^widget picture_point_hex ' "$state/layout.txt" || { on_fail; exit 1; }
  layout_settle
  if [ "${4:-typed}" = typed ]; then xdotool key --delay 40 ctrl+a BackSpace; type_text "$1"; fi
  xdotool key Return
  sleep 0.3
}
n=0
for line in "${hexes[@]:0:3}"; do
  read -r num x y <<<"$line"
  add_point "$num" "$x" "$y"
  n=$((n + 1))
  wait_for 5 "$n points" sh -c "grep -q '^value picture_points $n\$' '$state/layout.txt'" || { on_fail; exit 1; }
done
wait_for 5 "the fit from 3 points" sh -c "grep -q '^value picture_fit ok' '$state/layout.txt'" || { on_fail; exit 1; }
echo "ok 2a: three points, the fit stands"
read -r num x y <<<"${hexes[3]}"
click_pixel "$x" "$y"
wait_for 5 "the number popup" grep -q '^widget picture_point_hex ' "$state/layout.txt" || { on_fail; exit 1; }
layout_settle
[ "$(value picture_point_prefill)" = "$num" ] || { on_fail; fail "the fourth popup offers '$(value picture_point_prefill)', not $num"; }
xdotool key Return
wait_for 5 "4 points" sh -c "grep -q '^value picture_points 4\$' '$state/layout.txt'" || { on_fail; exit 1; }
echo "ok 2b: the fourth click's number offered by the fit ($num), Enter takes it"

# ---- 3. all the points, Save board: the file holds them
for line in "${hexes[@]:4}"; do
  read -r num x y <<<"$line"
  add_point "$num" "$x" "$y" prefilled
done
total=${#hexes[@]}
wait_for 5 "$total points" sh -c "grep -q '^value picture_points $total\$' '$state/layout.txt'" || { on_fail; exit 1; }
[ "$(value picture_fit)" = ok ] || { on_fail; fail "the fit is refused with $total points"; }
click picture_save
wait_for 5 "the points in the file" sh -c "[ \$(grep -o 'hex = \"' '$work/my-map.toml' | wc -l) -eq $total ]" || { on_fail; exit 1; }
"$cli" board check "$work/my-map.toml" >/dev/null || fail "umpire-cli board check refuses the calibrated board"
echo "ok 3: $total points, saved in [underlay]"

# ---- 4. Examples, Suggest the terrain: the board filled, Rule
click picture_step_examples
wait_for 5 "the Examples step" grep -q '^widget picture_suggest ' "$state/layout.txt" || { on_fail; exit 1; }
n=0
for line in "${samples[@]}"; do
  read -r name x y <<<"$line"
  layout_settle
  click "picture_name_$name"
  layout_settle
  click_pixel "$x" "$y"
  n=$((n + 1))
  wait_for 5 "$n examples" sh -c "grep -q '^value picture_examples $n\$' '$state/layout.txt'" || { on_fail; exit 1; }
done
layout_settle
click picture_suggest
wait_for 20 "the suggestion taken, Rule again" sh -c "! grep -q '^value picture_camera ' '$state/layout.txt' && grep -q '^widget hex_0605 ' '$state/layout.txt'" ||
  { on_fail; exit 1; }
wait_for 5 "[suggested] in the file" grep -q '^\[suggested\]' "$work/my-map.toml" || { on_fail; exit 1; }
"$cli" board check "$work/my-map.toml" >/dev/null || fail "umpire-cli board check refuses the suggested board"
read -r _ hex_right _ side_f1 <<<"$("$fixture" score spi-tank "$root/boards/test-small.toml" "$work/my-map.toml")"
awk -v p="$hex_right" 'BEGIN { exit !(p >= 0.9) }' || fail "only $hex_right of the hexes suggested right"
echo "ok 4: suggested from ${#samples[@]} examples: hexes right $hex_right, hexside features F1 $side_f1; Rule again"
