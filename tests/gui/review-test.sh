#!/usr/bin/env bash
# Checking a board's suggestions in the real window (issue 24; docs/maps.md "Checking the
# suggestions", docs/window.md "Checking a board from a picture"), under Xvfb with xdotool.
# The fixture: a 12 x 10 TANK! board with a picture (a magenta PNG made here) and its suggestions
# written out: every hex suggested, the berm 0504/B and a "none" on 0706/C suggested, 0305, 1108
# and 0706/C unsure. umpire --test-layout writes "value review_unsure N", "value
# review_unconfirmed HEXES/HEXSIDES" and "value review_selected NAME" to STATE/layout.txt.
#   review-test.sh UMPIRE UMPIRE-CLI EXAMPLE
# Steps: 1. the list: 3 unsure -> 2. Accept on 0305: 2 left, 1108 selected -> 3. N, P -> 4. Enter:
# 1108 accepted, 0706/C selected -> 5. Ctrl+Z: 1108 back -> 5b. F11: the strip over the map (N,
# Enter, Previous, Ctrl+Z), F11 back -> 6. Accept all shown, confirmed with its
# count -> 7. Accept the rest, confirmed: nothing left; Ctrl+Z: one step back -> 8. Paint: Save
# board writes the shrunk [suggested]; Accept the rest + Save: the section is gone -> 9. the Accept
# brush -> 10. Save board as into a subfolder and another folder: the picture's path rewritten,
# still found (board check, and the window draws it with no problem said).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout python3
inside_xvfb 240 "$@"
umpire=$(realpath "$1") cli=$(realpath "$2") example=$(realpath "$3")

window_work
on_fail() {
  echo "---- layout.txt"; grep -v "^widget hex_" "$state/layout.txt" 2>/dev/null || true
  echo "---- umpire stderr"; cat "$work/stderr" 2>/dev/null || true
}

# ---- the fixture
solid_png "$work/scan.png" 400 420 255 0 255  # magenta
cat >"$work/mine.toml" <<'EOF'
system = "spi-tank"
title = "Review test board"
columns = 12
rows = 10

[hexes]
woods = ["0304", "0305"]

[hexsides]
berm = ["0504/B"]

[underlay]
image = "scan.png"
opacity = 0.3
points = [
  { hex = "0101", pixel = [40, 37.32050807568877] },
  { hex = "1201", pixel = [370, 54.64101615137754] },
  { hex = "0110", pixel = [40, 349.08965343808666] },
  { hex = "1210", pixel = [370, 366.4101615137754] },
]

[suggested]
hexes = ["0101..1210"]
hexsides = ["0504/B", "0706/C"]
unsure_hexes = ["0305", "1108"]
unsure_hexsides = ["0706/C"]
EOF
"$cli" board check "$work/mine.toml" >/dev/null 2>&1 || { "$cli" board check "$work/mine.toml"; fail "the fixture board is refused"; }
sit=$work/situation.toml
sed 's|^board = .*|board = "mine.toml"|' "$example" >"$sit"
grep -q '^board = "mine.toml"' "$sit" || fail "the example names no board"
cd "$work"  # the situation names its board beside it (as underlay-view-test.sh)

is() { [ "$(layout_value "$1")" = "$2" ]; }
expect() {  # expect NAME VALUE WHAT [SECONDS]
  wait_for "${4:-5}" "$3: $1 = $2" is "$1" "$2" || { echo "($1 is '$(layout_value "$1")')"; on_fail; exit 1; }
}
click() { layout_settle; click_widget "$1"; }
# again TRIES WHAT CHECK ACTION...: ACTION until CHECK (a shell command line) holds; only for
# actions that are harmless repeated.
again() {
  local tries=$1 what=$2 check=$3 try
  shift 3
  for ((try = 1; try <= tries; try++)); do
    "$@"
    wait_for 5 "$what (try $try)" sh -c "$check" && return 0
  done
  on_fail
  exit 1
}
key() {  # key KEYS: with the mouse over the side panel's count (not a widget that takes keys), else the map
  local x y
  layout_settle
  read -r x y <<<"$(layout_centre board_suggested || layout_centre board_fit)"
  xdotool mousemove --window "$win" "$x" "$y"
  sleep 0.1
  xdotool key --delay 80 "$@"
  sleep 0.3
}

# ---- 1. open: three unsure ones listed
start_board_window "$umpire" "$sit" 0101
expect review_unsure 3 "opened (the side panel drawn once the ruling is in)" 30
expect review_unconfirmed 120/2 "opened"
grep -q '^widget review_accept_0706/C ' "$state/layout.txt" || { on_fail; fail "the unsure hexside has no Accept"; }
echo "ok 1: 3 unsure listed (0305, 1108, 0706/C), 120 hexes and 2 hexsides to check"

# ---- 2. Accept on 0305: the counts follow at once, the next one is selected
click review_accept_0305
expect review_unsure 2 "Accept on 0305"
expect review_unconfirmed 119/2 "Accept on 0305"
expect review_selected 1108 "after accepting 0305"
echo "ok 2: Accept on 0305: 2 unsure, 119 hexes; 1108 selected"

# ---- 3. N / P
key n
expect review_selected 0706/C "N"
key p
expect review_selected 1108 "P"
echo "ok 3: N, P move the selection"

# ---- 4. Enter: accept the selected one and go to the next
key Return
expect review_unsure 1 "Enter"
expect review_unconfirmed 118/2 "Enter"
expect review_selected 0706/C "after Enter"
echo "ok 4: Enter accepted 1108; 0706/C selected"

# ---- 5. Ctrl+Z (Rule mode): 1108 is unsure again
key ctrl+z
expect review_unsure 2 "Ctrl+Z"
expect review_unconfirmed 119/2 "Ctrl+Z"
echo "ok 5: Ctrl+Z brought 1108's mark back"

# ---- 5b. F11: the map alone; the strip over its corner carries the check (N, Enter, Ctrl+Z work
# there as in the list), F11 again: the side panel's list is back
key F11
wait_for 5 "the map alone (F11)" grep -q '^layout map-only' "$state/layout.txt" || { on_fail; exit 1; }
wait_for 5 "the review strip over the map" grep -q '^widget review_strip ' "$state/layout.txt" || { on_fail; exit 1; }
! grep -q '^widget board_suggested ' "$state/layout.txt" || { on_fail; fail "the side panel's list is drawn in map-only"; }
expect review_selected 1108 "map-only"
key n
expect review_selected 0706/C "N in map-only"
key Return
expect review_unsure 1 "Enter in map-only"
expect review_unconfirmed 119/1 "Enter in map-only"
click review_strip_prev
expect review_selected 1108 "the strip's Previous"
key ctrl+z
expect review_unsure 2 "Ctrl+Z in map-only"
expect review_unconfirmed 119/2 "Ctrl+Z in map-only"
key F11
wait_for 5 "the side panel back (F11)" grep -q '^layout map$' "$state/layout.txt" || { on_fail; exit 1; }
wait_for 5 "the list back" grep -q '^widget board_suggested ' "$state/layout.txt" || { on_fail; exit 1; }
echo "ok 5b: F11: the strip over the map checks as the list does (N, Enter, Previous, Ctrl+Z); F11: the list again"

# ---- 6. Accept all shown: asks with the count, then one step
click review_accept_shown
wait_for 5 "the confirmation" grep -q '^widget review_confirm_ok ' "$state/layout.txt" || { on_fail; exit 1; }
click review_confirm_ok
expect review_unsure 0 "Accept all shown"
expect review_unconfirmed 118/1 "Accept all shown"
echo "ok 6: Accept all shown (2): 118 hexes and the berm left"

# ---- 7. Accept the rest, confirmed: nothing left; Ctrl+Z: all of it back in one step
click review_accept_rest
wait_for 5 "the confirmation" grep -q '^widget review_confirm_ok ' "$state/layout.txt" || { on_fail; exit 1; }
click review_confirm_ok
expect review_unconfirmed 0/0 "Accept the rest"
key ctrl+z
expect review_unconfirmed 118/1 "Ctrl+Z after Accept the rest"
echo "ok 7: Accept the rest: 0 left; Ctrl+Z: 118 hexes and 1 hexside back in one step"

# ---- 8. Save board writes the confirmations: the lists shrink, then the section goes
again 3 "the Paint toolbar" "grep -q ^widget.paint_save.  $state/layout.txt" click board_paint_mode
click paint_save
wait_for 5 "the board saved" grep -q '^widget paint_saved ' "$state/layout.txt" || { on_fail; exit 1; }
! grep -q 'unsure_hexes' "$work/mine.toml" || { cat "$work/mine.toml"; fail "the saved board still lists unsure hexes"; }
grep -q '^\[suggested\]' "$work/mine.toml" || fail "the saved board lost its remaining suggestions"
"$cli" board check "$work/mine.toml" 2>&1 | grep -q "118 hexes, 1 hexsides" || { "$cli" board check "$work/mine.toml" || true; fail "board check does not count 118 hexes and 1 hexside"; }
echo "ok 8a: Save board: [suggested] without the unsure lists, 118 hexes and 1 hexside"

# ---- 9. the Accept brush confirms what it is dragged over, changing nothing else
click paint_brush_accept
click hex_0808
expect review_unconfirmed 117/1 "the Accept brush on 0808"
click review_accept_rest
wait_for 5 "the confirmation" grep -q '^widget review_confirm_ok ' "$state/layout.txt" || { on_fail; exit 1; }
click review_confirm_ok
expect review_unconfirmed 0/0 "Accept the rest in Paint mode"
click paint_save
wait_for 5 "the board saved" sh -c "! grep -q '^\[suggested\]' '$work/mine.toml'" || { cat "$work/mine.toml"; on_fail; fail "the [suggested] section is still there"; }
grep -q '"0304-0305"' "$work/mine.toml" && grep -q '0504/B' "$work/mine.toml" || { cat "$work/mine.toml"; fail "accepting changed the terrain"; }
echo "ok 9: the Accept brush accepted 0808; Accept the rest + Save: no [suggested] section, terrain as it was"

# ---- 10. Save board as into a subfolder and into another folder: the picture still found
mkdir -p "$work/club" "$work/elsewhere"
save_as() {  # save_as PATH: Save board as..., the path typed; tried again when a busy machine drops a key or click
  local try
  for try in 1 2 3; do
    click paint_save_as
    if wait_for 5 "the file name field focused" grep -q '^focused paint_save_as_path' "$state/layout.txt"; then
      xdotool key --delay 60 ctrl+a BackSpace
      xdotool type --delay 40 "$1"
      if wait_for 5 "the path typed" is paint_save_as_text "$1"; then
        xdotool key --delay 60 Return
        wait_for 5 "$1 written" test -s "$1" && return 0
      else
        echo "the field holds '$(layout_value paint_save_as_text)'" >&2
      fi
    fi
    echo "save as $1: not written (try $try), again" >&2
    xdotool key Escape
    layout_settle
  done
  on_fail
  fail "$1 was never written"
}
save_as "$work/club/mine.toml"
grep -q '^image = "../scan.png"' "$work/club/mine.toml" || { grep image "$work/club/mine.toml"; fail "saved into a subfolder: the image is not ../scan.png"; }
"$cli" board check "$work/club/mine.toml" >/dev/null || fail "board check refuses the board saved into a subfolder"
save_as "$work/elsewhere/mine.toml"
grep -q '^image = "../scan.png"' "$work/elsewhere/mine.toml" || { grep image "$work/elsewhere/mine.toml"; fail "saved into another folder: the image is not ../scan.png"; }
layout_settle
! grep -q '^widget board_picture_problem ' "$state/layout.txt" || { on_fail; fail "after Save board as, the window says the picture is not drawn"; }
kill "$pid" && wait "$pid" 2>/dev/null || true
pid=""
# Opened from its new place, the window finds and draws the picture.
sed "s|^board = .*|board = \"$work/elsewhere/mine.toml\"|" "$example" >"$work/elsewhere.toml"
rm -f "$state/layout.txt"
start_board_window "$umpire" "$work/elsewhere.toml" 0101
wait_for 5 "the picture read" sh -c "! grep -q '^widget board_picture_reading ' '$state/layout.txt'" || { on_fail; exit 1; }
layout_settle
! grep -q '^widget board_picture_problem ' "$state/layout.txt" || { on_fail; fail "the board saved into another folder does not find its picture"; }
echo "ok 10: Save board as: club/ and elsewhere/ name ../scan.png; reopened, the picture is drawn"
