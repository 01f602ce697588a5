#!/usr/bin/env bash
# The board's picture in the real window (issue 24; docs/window.md "A board from a picture"): a
# picture of one colour the window uses nowhere else (magenta), made a TANK! board's [underlay]
# by `umpire-cli board from-image`, is drawn as a texture under the hexes, where the board's
# calibration puts it. At the file's opacity 1 the screenshot holds many pixels of it, at 0.5
# only blends of it, at 0 none.
#   underlay-view-test.sh UMPIRE UMPIRE-CLI PNG_CHECK EXAMPLE OUT_DIR
# EXAMPLE: a TANK! situation on the 12 x 10 test board (its units' hexes are kept).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
umpire=$(realpath "$1") cli=$(realpath "$2") check=$(realpath "$3") example=$(realpath "$4") out=$5
need_tools xvfb-run python3
mkdir -p "$out"
out=$(realpath "$out")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

solid_png "$work/scan.png" 480 420 255 0 255  # magenta
# Three hex centres clicked about 20 pixels to a hex's radius: an affine map.
"$cli" board from-image "$work/scan.png" --system spi-tank --columns 12 --rows 10 \
  --hex 0101=40,40 --hex 1201=370,57.3 --hex 0110=40,351.8 --sample clear=200,200 -o "$work/mine.toml" >/dev/null ||
  fail "board from-image refused the picture"
grep -q '^image = "scan.png"' "$work/mine.toml" || fail "the board does not name its picture beside it"
sed 's|^board = .*|board = "mine.toml"|' "$example" >"$work/situation.toml"
cd "$work"  # the situation names its board beside it

shot() {  # shot OPACITY OUT.png
  sed -i "s/^opacity = .*/opacity = $1/" "$work/mine.toml"
  "$cli" board check "$work/mine.toml" >/dev/null 2>&1 || fail "board check refuses the board at opacity $1"
  rm -f "$2"
  xvfb "$umpire" --situation "$work/situation.toml" --screenshot "$2" --size 1280x800 --scale 1 ||
    { sleep 1; xvfb "$umpire" --situation "$work/situation.toml" --screenshot "$2" --size 1280x800 --scale 1; }
  [ -s "$2" ] || fail "no PNG written at opacity $1"
}
shot 1 "$out/underlay-opaque.png"
"$check" "$out/underlay-opaque.png" --size 1280x800 --has-colour 255,0,255,24,40000 || fail "opacity 1: the picture is not drawn"
echo "ok 1: opacity 1: the picture under the hexes"
shot 0.5 "$out/underlay-half.png"
! "$check" "$out/underlay-half.png" --has-colour 255,0,255,24,2000 >/dev/null || fail "opacity 0.5: the picture drawn at full strength"
"$check" "$out/underlay-half.png" --has-colour 160,60,160,90,40000 || fail "opacity 0.5: no blend of the picture drawn"
echo "ok 2: opacity 0.5: blended with the hexes"
shot 0 "$out/underlay-hidden.png"
! "$check" "$out/underlay-hidden.png" --has-colour 255,0,255,60,200 >/dev/null || fail "opacity 0: the picture is still drawn"
echo "ok 3: opacity 0: hidden"
