#!/usr/bin/env bash
# "Save picture…" and "Copy picture" in the real window (issue 23), under Xvfb, driven with xdotool.
# umpire --test-layout writes the widgets' rectangles (save_picture, picture_path, menu_file,
# menu_copy_picture, board_menu, map_save_picture) to STATE/layout.txt.
#   picture-test.sh UMPIRE UMPIRE-CLI PNG_CHECK BOARD-SITUATION TABLE-SITUATION
# Steps: 1. open a board situation -> 2. the "Save picture..." button opens its popup; a file name
# typed, Enter: the PNG is written, readable, the size of umpire-cli's picture of the same situation
# -> 3. Ctrl+Shift+P, Enter on the offered name: written beside the situation -> 3b. the map's own
# Board menu > Save picture... opens the same popup and writes the same picture -> 4. File > Copy
# picture: the clipboard holds an image/png (read back with xclip) -> 5. a folder as the name: an
# error in the popup, nothing written -> 6. a table situation (read where it lies, its table beside
# it): the table view's Picture menu > Save picture... writes umpire-cli's picture of it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout
inside_xvfb 240 "$@"
umpire=$(realpath "$1") cli=$(realpath "$2") png_check=$(realpath "$3") example=$4 table_example=$(realpath "$5")

work=$(mktemp -d)
state=$work/state
sit=$work/shot.toml
cp "$example" "$sit"
pid=""
cleanup() {
  if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
on_fail() {
  echo "---- layout.txt (first lines)"; grep -v '^widget hex_' "$state/layout.txt" 2>/dev/null | head -40 || true
  echo "---- umpire stderr"; cat "$work/stderr" 2>/dev/null || true
}
widget() { awk -v n="$1" '$1 == "widget" && $2 == n { print $3, $4, $5, $6 }' "$state/layout.txt"; }
has_widget() { grep -q "^widget $1 " "$state/layout.txt" 2>/dev/null; }
click() {  # click WIDGET
  local x0 y0 x1 y1
  read -r x0 y0 x1 y1 <<<"$(widget "$1")"
  [ -n "$x0" ] || { on_fail; fail "widget $1 is not in the layout"; }
  xdotool mousemove --window "$win" $(((x0 + x1) / 2)) $(((y0 + y1) / 2))
  sleep 0.2
  xdotool click 1
}
# save_as FILE WHAT: in the open Save picture popup, type FILE, Enter, and wait for the picture.
save_as() {
  wait_for 5 "the Save picture popup ($2)" has_widget picture_path || { on_fail; exit 1; }
  sleep 0.3
  xdotool key --delay 60 ctrl+a
  xdotool type --delay 20 "$1"
  xdotool key Return
  wait_for 10 "the picture $1 ($2)" test -s "$1" || { on_fail; exit 1; }
}
png_size() { "$png_check" "$1" --min-content 0.01 | grep -o '[0-9]*x[0-9]*' | head -1; }

start() {  # start SITUATION: the window on it, $pid
  "$umpire" --state-dir "$state" --test-layout --size 1280x800 --scale 1 --situation "$1" 2>>"$work/stderr" &
  pid=$!
}
start "$sit"
for ((i = 0; i < 300; i++)); do
  has_widget save_picture && break
  if ! kill -0 "$pid" 2>/dev/null; then
    if grep -q "no display" "$work/stderr"; then cat "$work/stderr"; exit 75; fi
    on_fail; fail "umpire exited before its ruling appeared"
  fi
  sleep 0.1
done
has_widget save_picture || { on_fail; fail "no Save picture button beside Copy ruling"; }
wait_for 10 "the window" sh -c "xdotool search --name 'Umpire' >/dev/null" || { on_fail; exit 1; }
win=$(xdotool search --name 'Umpire' | head -1)
sleep 0.5
echo "ok 1: opened, Save picture offered"

# ---- 2. the button, a typed name, Enter
out=$work/typed.png
click save_picture
save_as "$out" "the button"
"$png_check" "$out" --min-content 0.2 --min-colours 40 --has-colour 255,92,84,30,200 || fail "the picture is not a real render with the blocked verdict's red"
"$cli" rule "$sit" --png "$work/cli.png" >/dev/null
[ "$(png_size "$out")" = "$(png_size "$work/cli.png")" ] || fail "window picture $(png_size "$out"), umpire-cli's $(png_size "$work/cli.png")"
echo "ok 2: Save picture wrote $(png_size "$out"), as umpire-cli's picture of the same situation"

# ---- 3. Ctrl+Shift+P and Enter: the name offered lies beside the situation
wait_for 5 "the popup closed" sh -c "! grep -q '^widget picture_path ' '$state/layout.txt'" || { on_fail; exit 1; }
xdotool mousemove --window "$win" 900 400
xdotool key --delay 80 ctrl+shift+p
wait_for 5 "the popup again" has_widget picture_path || { on_fail; exit 1; }
sleep 0.3
xdotool key Return
wait_for 10 "the picture beside the situation" test -s "$work/shot-ruling.png" || { on_fail; ls "$work"; exit 1; }
"$png_check" "$work/shot-ruling.png" --min-content 0.2 >/dev/null || fail "the offered name's picture is not a render"
echo "ok 3: Ctrl+Shift+P, Enter: $work/shot-ruling.png"

# ---- 3b. Board > Save picture...: the same popup, the same picture
wait_for 5 "the popup closed" sh -c "! grep -q '^widget picture_path ' '$state/layout.txt'" || { on_fail; exit 1; }
click board_menu
wait_for 5 "the Board menu" has_widget map_save_picture || { on_fail; exit 1; }
click map_save_picture
save_as "$work/board-menu.png" "the Board menu"
cmp -s "$work/board-menu.png" "$out" || fail "Board > Save picture... wrote another picture than the button"
echo "ok 3b: Board > Save picture... wrote the same picture as the button"

# ---- 4. File > Copy picture: an image/png on the clipboard
if command -v xclip >/dev/null 2>&1; then
  wait_for 5 "the popup closed" sh -c "! grep -q '^widget picture_path ' '$state/layout.txt'" || { on_fail; exit 1; }
  click menu_file
  wait_for 5 "the File menu" has_widget menu_copy_picture || { on_fail; exit 1; }
  click menu_copy_picture
  wait_for 10 "an image on the clipboard" sh -c "xclip -selection clipboard -t TARGETS -o 2>/dev/null | grep -q image/png" || { on_fail; exit 1; }
  xclip -selection clipboard -t image/png -o >"$work/clip.png"
  "$png_check" "$work/clip.png" --min-content 0.2 >/dev/null || fail "the clipboard's image is not the picture"
  [ "$(png_size "$work/clip.png")" = "$(png_size "$out")" ] || fail "the clipboard's picture differs in size from the saved one"
  echo "ok 4: Copy picture: image/png on the clipboard ($(png_size "$work/clip.png"))"
else
  echo "skip 4: xclip is not installed"
fi

# ---- 5. a folder as the name: the popup says why, nothing is written, Esc closes it
xdotool mousemove --window "$win" 900 400
xdotool key --delay 80 ctrl+shift+p
wait_for 5 "the popup" has_widget picture_path || { on_fail; exit 1; }
sleep 0.3
mkdir "$work/folder"
xdotool key --delay 60 ctrl+a
xdotool type --delay 20 "$work/folder"
xdotool key Return
sleep 1
[ -z "$(ls -A "$work/folder")" ] || fail "something was written into the folder"
has_widget picture_path || fail "the popup closed on a folder instead of saying why"
xdotool key Escape
wait_for 5 "the popup closed" sh -c "! grep -q '^widget picture_path ' '$state/layout.txt'" || { on_fail; exit 1; }
kill -0 "$pid" || fail "the window died"
echo "ok 5: a folder as the name is refused in the popup"

# ---- 6. a table: the table view's Picture menu, the same picture as umpire-cli's
kill "$pid" && wait "$pid" 2>/dev/null || true
pid=""
rm -f "$state/layout.txt"
start "$table_example"
wait_for 30 "the table view's Picture menu" has_widget table_picture || { on_fail; exit 1; }
sleep 0.5
win=$(xdotool search --name 'Umpire' | head -1)
click table_picture
wait_for 5 "the Picture menu" has_widget map_save_picture || { on_fail; exit 1; }
click map_save_picture
save_as "$work/table.png" "the table's Picture menu"
"$cli" rule "$table_example" --png "$work/table-cli.png" >/dev/null
cmp -s "$work/table.png" "$work/table-cli.png" || fail "the table's picture differs from umpire-cli's picture of the same situation"
echo "ok 6: a table's Picture > Save picture... wrote umpire-cli's picture of it"
