#!/usr/bin/env bash
# The screenshots of checking a board read from a picture (docs/maps.md "Checking the
# suggestions"), made from the tests' own synthetic scans (scan_fixture: tests/scan_render.hpp's
# default shot), at 1280 x 800:
#   board-review-list.png         the sample map (66 x 44) read from its scan with no example of
#                                 rough: its rough hexes come back unsure, listed under "Check these
#                                 first" with Accept, Previous / Next, Accept all shown, Accept the rest
#   board-review-map-only.png     the same with the map filling the window (F11, --map-only): the
#                                 strip over its corner carries the check (Previous / Next / Accept)
#   board-review-painted-over.png the test board (12 x 10) read the same way, in Paint mode (the
#                                 brushes, Accept among them): two wrong suggestions (0908 and
#                                 0207 "clear?", rough on the picture) painted rough: no longer
#                                 hatched or listed; the rest still hatched
#   *-small.png, *-2x.png         each at 800 x 600 and at 200 % (for clipping: --check-clipping
#                                 lists anything cut off; not kept in screenshots/)
#   review-screenshots.sh UMPIRE UMPIRE-CLI SCAN_FIXTURE OUT_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/lib.sh"
umpire=$(realpath "$1") cli=$(realpath "$2") fixture=$(realpath "$3") out=$4
need_tools xvfb-run
mkdir -p "$out"
out=$(realpath "$out")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# read_board BOARD COLUMNS ROWS NAME: NAME.jpg and NAME.toml in $work, rough left without an example.
read_board() {
  local args
  mapfile -t args < <("$fixture" spi-tank "$root/boards/$1" "$work/$4.jpg" --omit rough)
  "$cli" board from-image "$work/$4.jpg" --system spi-tank --columns "$2" --rows "$3" "${args[@]}" -o "$work/$4.toml" >/dev/null
}
shot() {  # shot SITUATION OUT.png SIZE SCALE [OPTION...]: the screenshot, and anything the window cuts off (exit 3) said
  local run=("$umpire" --situation "$1" --screenshot "$2" --size "$3" --scale "$4" --check-clipping "${@:5}") status=0
  rm -f "$2"
  XVFB_SCREEN="-screen 0 ${3}x24" xvfb "${run[@]}" 2>"$work/clip.txt" || status=$?
  if [ ! -s "$2" ]; then sleep 1; status=0; XVFB_SCREEN="-screen 0 ${3}x24" xvfb "${run[@]}" 2>"$work/clip.txt" || status=$?; fi
  [ -s "$2" ] || { cat "$work/clip.txt"; fail "no PNG written: $2"; }
  echo "  $2"
  if [ "$status" -ne 0 ]; then echo "    exit $status:"; sed 's/^/    /' "$work/clip.txt"; fi
}

cd "$work"  # the situations name their boards beside them
read_board sample-66x44.toml 66 44 map
sed 's|^board = .*|board = "map.toml"|' "$root/examples/spi-tank-board-sample-map.toml" >"$work/map-situation.toml"
shot "$work/map-situation.toml" "$out/board-review-list.png" 1280x800 1
shot "$work/map-situation.toml" "$out/board-review-list-small.png" 800x600 1
shot "$work/map-situation.toml" "$out/board-review-list-2x.png" 2560x1600 2
shot "$work/map-situation.toml" "$out/board-review-map-only.png" 1280x800 1 --map-only
shot "$work/map-situation.toml" "$out/board-review-map-only-small.png" 800x600 1 --map-only
shot "$work/map-situation.toml" "$out/board-review-map-only-2x.png" 2560x1600 2 --map-only

read_board test-small.toml 12 10 small
"$cli" board check "$work/small.toml" | grep -i "check these first" || true
"$fixture" paint "$work/small.toml" 0908=rough 0207=rough
sed 's|^board = .*|board = "small.toml"|' "$root/examples/spi-tank-board-woods-blocks.toml" >"$work/small-situation.toml"
shot "$work/small-situation.toml" "$out/board-review-painted-over.png" 1280x800 1 --board-mode paint
shot "$work/small-situation.toml" "$out/board-review-painted-over-small.png" 800x600 1 --board-mode paint
shot "$work/small-situation.toml" "$out/board-review-painted-over-2x.png" 2560x1600 2 --board-mode paint
