#!/usr/bin/env bash
# Regenerates screenshots/ : one PNG of the real window per example situation
# (examples/*.toml -> screenshots/*.png), rendered under Xvfb at 1280x1200 (tall enough for the whole ruling), plus
# one at 2x UI scale, the board views (TANK! with its overlays and in Paint mode, PanzerBlitz's routes, Panzer Squadron's lines: screenshots/board-view-*.png), and each game's first example in a small window (800x600) at 1x and 2x
# (screenshots/small-*.png), the table view's two examples small too, the table photo's steps
# (screenshots/table-photo-*.png), and pictures of rulings as umpire-cli --png
# writes them (screenshots/picture-*.png). The Picture tool's screenshots (screenshots/calibrate-*.png,
# docs/maps.md) are taken by the window test gui_picture_board in the middle of its clicks: copy them
# from build/tests/gui/png/picture/. Called by `./dev screenshots` as
#   tests/gui/make-screenshots.sh build/umpire
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
umpire=$(realpath "${1:?usage: make-screenshots.sh PATH/TO/umpire}")
command -v xvfb-run >/dev/null || { echo "make-screenshots: xvfb-run is not installed (./dev deps)" >&2; exit 1; }
out=$root/screenshots
mkdir -p "$out"
shot() {  # shot SIZE SITUATION OUT.png [options]
  local size=$1 situation=$2 png=$3
  shift 3
  local run=(xvfb-run -a -n $((100 + RANDOM % 800)) -s "-screen 0 ${size}x24" "$umpire" --situation "$situation" --screenshot "$png" --size "$size" "$@")
  "${run[@]}" || { sleep 1; "${run[@]}"; }
  echo "  $png"
}
shopt -s nullglob
examples=("$root"/examples/*.toml)
[ ${#examples[@]} -gt 0 ] || { echo "make-screenshots: no examples/*.toml" >&2; exit 1; }
echo "make-screenshots: writing $out"
for f in "${examples[@]}"; do
  shot 1280x1200 "$f" "$out/$(basename "${f%.toml}").png" --scale 1
done
# The board view: the line lit (the woods example), the visibility overlay from the firer, and the
# kill-chance overlay (on the small test board, so each hex's figure is readable).
shot 1280x1000 "$root/examples/spi-tank-board-woods-blocks.toml" "$out/board-view-line.png" --scale 1
shot 1280x1000 "$root/examples/spi-tank-board-sample-map.toml" "$out/board-view-visibility.png" --scale 1 --board-overlay visibility
shot 1280x1000 "$root/examples/spi-tank-board-woods-blocks.toml" "$out/board-view-kill-chance.png" --scale 1 --board-overlay kill-chance
# PanzerBlitz's candidate routes (the deciding one lit) and Panzer Squadron's two lines of fire
# to the target's points, each on its small test board.
shot 1280x1000 "$root/examples/panzerblitz-board-tie-for-the-defender.toml" "$out/board-view-panzerblitz-routes.png" --scale 1
shot 1280x1000 "$root/examples/panzer-squadron-board-line-of-fire-wall-call.toml" "$out/board-view-panzer-squadron-lines.png" --scale 1
# Paint mode: the brushes, Undo/Redo and Save board over the board (docs/window.md "Painting a board").
shot 1280x1000 "$root/examples/spi-tank-board-woods-blocks.toml" "$out/board-view-paint.png" --scale 1 --board-mode paint
# A HiDPI screen: the window at 2x UI scale (text size 200%) in twice the pixels.
shot 2560x1600 "${examples[-1]}" "$out/scale-2x-$(basename "${examples[-1]%.toml}").png" --scale 2
# The table view (docs/window.md): the GF9 escarpment dispute and the AGV village in a small
# window too, at 100 % and 200 % text.
for f in "$root"/examples/table-gf9-escarpment-under-the-cliff.toml "$root"/examples/table-agv-fire-over-the-wall.toml; do
  [ -f "$f" ] || continue
  for scale in 1 2; do
    shot 800x600 "$f" "$out/small-x$scale-$(basename "${f%.toml}").png" --scale "$scale"
  done
done
# A photo under the table (docs/maps.md "A table from a photo"): the window test's three steps at
# 1280x800 (the corners clicked, the photo under the sketch, a hill being traced), saved with F12.
build=$(dirname "$umpire")
if [ -x "$build/umpire-cli" ] && [ -x "$build/tests/gui/table_photo_fixture" ] && command -v xdotool >/dev/null; then
  SHOTS=$out "$here/table-photo-test.sh" "$umpire" "$build/umpire-cli" "$build/tests/gui/table_photo_fixture" "$root" | grep '^  '
else
  echo "make-screenshots: no table-photo screenshots (needs umpire-cli, tests/gui/table_photo_fixture and xdotool beside $umpire)" >&2
fi
# A small window (800x600) at 100 % and 200 % text: one example of each game.
seen=" "
for f in "${examples[@]}"; do
  sys=$(sed -n 's/^system *= *"\([^"]*\)".*/\1/p' "$f" | head -1)
  case "$seen" in *" $sys "*) continue ;; esac
  seen="$seen$sys "
  for scale in 1 2; do
    shot 800x600 "$f" "$out/small-x$scale-$(basename "${f%.toml}").png" --scale "$scale"
  done
done
# Pictures of rulings (docs/window.md "Pictures of a ruling"): what Save picture... and
# umpire-cli --png write, drawn without a window (by the umpire-cli beside the umpire given).
cli=$(dirname "$umpire")/umpire-cli
if [ -x "$cli" ]; then
  picture() {  # picture OUT.png umpire-cli ARGS...
    local png=$1
    shift
    "$cli" "$@" --png "$png" >/dev/null
    echo "  $png"
  }
  picture "$out/picture-tank-woods-blocks.png" rule "$root/examples/spi-tank-board-woods-blocks.toml"
  picture "$out/picture-tank-corner-call.png" los "$root/boards/sample-66x44.toml" 1204 1709 --mode mixed
  picture "$out/picture-panzerblitz-routes.png" rule "$root/examples/panzerblitz-board-tie-for-the-defender.toml"
  picture "$out/picture-panzerblitz-notes.png" rule "$root/examples/panzerblitz-board-hill-to-valley.toml"
  picture "$out/picture-panzer-squadron-call.png" rule "$root/examples/panzer-squadron-board-line-of-fire-wall-call.toml"
  picture "$out/picture-gf9-hill-to-hill.png" rule "$root/examples/table-gf9-hill-to-hill.toml"
  picture "$out/picture-agv-over-the-wall.png" rule "$root/examples/table-agv-fire-over-the-wall.toml"
  picture "$out/picture-words-only.png" rule "$root/examples/spi-tank-t62-vs-m60a2-side.toml"
fi
# Checking a board read from a picture (docs/maps.md "Checking the suggestions"): the tests' own
# synthetic scans, read with umpire-cli board from-image (review-screenshots.sh; its 800 x 600 and
# 200 % versions are made to be looked at for clipping, not kept).
bin=$(dirname "$umpire")
if [ -x "$bin/umpire-cli" ] && [ -x "$bin/tests/gui/scan_fixture" ]; then
  scratch=$(mktemp -d)
  "$here/review-screenshots.sh" "$umpire" "$bin/umpire-cli" "$bin/tests/gui/scan_fixture" "$scratch"
  cp "$scratch/board-review-list.png" "$scratch/board-review-map-only.png" "$scratch/board-review-painted-over.png" "$out/"
  rm -rf "$scratch"
fi
