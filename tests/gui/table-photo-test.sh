#!/usr/bin/env bash
# A photo under the table, lined up and traced over (docs/window.md "A photo of the table",
# issue 24 item 4): the real window under Xvfb opens the GF9 hill-to-hill example on a copy of the
# sample table; Photo… names a synthetic photo of that table (table_photo_fixture: the table seen
# from its near edge, with one hill the sketch lacks); the four corners are clicked in the photo's
# pixels (first out of order: refused in words; then in order); Done shows the table with the
# photo under it; Trace, with the game's "hill", clicks the missing hill's corners and closes it
# on the first (and two corners with Enter are refused in words, Esc cancels); woods traced across
# the line of sight change the ruling before anything is saved; a base is dropped; Save table writes a file that `umpire-cli table check` reads with the hill and
# the [photo] and its four corners, and that the CLI still rules.
#   table-photo-test.sh UMPIRE UMPIRE-CLI TABLE-PHOTO-FIXTURE SOURCE-DIR
# With SHOTS=DIR it also saves the window (F12: STATE/screen.png) at three steps, as
# DIR/table-photo-corners.png, table-photo-under.png and table-photo-tracing.png (make-screenshots.sh);
# SIZE (default 1280x800) and SCALE (default 1) set the window.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout awk
inside_xvfb 240 "$@"
umpire=$(realpath "$1") cli=$(realpath "$2") fixture=$(realpath "$3") src=$(realpath "$4")

window_work
mkdir -p "$work/examples" "$work/tables"
cp "$src/examples/table-gf9-hill-to-hill.toml" "$work/examples/"
cp "$src/tables/gf9-sample-ridge.toml" "$work/tables/"
sit=$work/examples/table-gf9-hill-to-hill.toml
table=$work/tables/gf9-sample-ridge.toml
"$fixture" "$work/tables/ridge-photo.png" >"$work/fixture.txt" || fail "the fixture could not write its photo"

on_fail() {
  echo "---- layout.txt"; cat "$state/layout.txt" 2>/dev/null || true
  echo "---- umpire stderr"; cat "$work/stderr" 2>/dev/null || true
  echo "---- table file"; cat "$table" 2>/dev/null || true
}
value() { awk -v n="$1" '$1 == "value" && $2 == n { $1 = ""; $2 = ""; sub(/^  /, ""); print }' "$state/layout.txt"; }
click_at() { xdotool mousemove --window "$win" "$1" "$2"; sleep 0.15; xdotool click 1; sleep 0.4; }
click_widget() {
  local c
  c=$(layout_centre "$1") || true
  [ -n "$c" ] || { on_fail; fail "no widget $1 in the layout"; }
  click_at $c
}

shot() {  # shot NAME: the window as it is now, into $SHOTS/NAME.png (when SHOTS is set)
  [ -n "${SHOTS:-}" ] || return 0
  rm -f "$state/screen.png"
  xdotool key F12
  wait_for 10 "the screenshot $1" test -s "$state/screen.png" || { on_fail; fail "F12 wrote no screenshot"; }
  sleep 0.3
  cp "$state/screen.png" "$SHOTS/$1.png"
  echo "  $SHOTS/$1.png"
}

start_window "$umpire" "$sit" --size "${SIZE:-1280x800}" --scale "${SCALE:-1}"
wait_for 30 "the table canvas" grep -q '^widget table_canvas ' "$state/layout.txt" || { on_fail; exit 1; }
wait_for 10 "the ruling" test -s "$state/ruling.json" || { on_fail; exit 1; }
layout_settle

# ---- 1. Photo…: name the photo, Calibrate
click_widget table_photo
wait_for 5 "the Photo popup" grep -q '^widget table_photo_file ' "$state/layout.txt" || { on_fail; exit 1; }
click_widget table_photo_file
xdotool type --delay 30 "ridge-photo.png"
sleep 0.3
click_widget table_photo_calibrate
wait_for 15 "the photo in its own pixels" grep -q '^value table_photo_camera ' "$state/layout.txt" || { on_fail; exit 1; }
layout_settle

# The photo's pixel (x, y) is at the canvas camera's origin + (x, y) * zoom.
corner_screen() {  # corner_screen N: where corner N of the fixture's photo is on the screen
  local px py ox oy z
  read -r px py <<<"$(awk -v n="$1" '$1 == "corner" && $2 == n { print $3, $4 }' "$work/fixture.txt")"
  read -r ox oy z <<<"$(value table_photo_camera)"
  awk -v px="$px" -v py="$py" -v ox="$ox" -v oy="$oy" -v z="$z" 'BEGIN { printf "%d %d\n", ox + px * z + 0.5, oy + py * z + 0.5 }'
}
# Out of order (near-left, near-right, far-left, far-right): refused in words.
for n in 1 2 4 3; do click_at $(corner_screen $n); done
wait_for 5 "four corners" sh -c "grep -q '^value table_photo_corners 4' '$state/layout.txt'" || { on_fail; fail "four clicks did not give four corners"; }
layout_settle
value table_photo_fit | grep -q "not clicked in order" || { on_fail; fail "corners out of order were not refused in words: $(value table_photo_fit)"; }
echo "ok: corners clicked out of order are refused: $(value table_photo_fit)"
# Take back two (Backspace), click them in order.
xdotool key BackSpace; sleep 0.3; xdotool key BackSpace; sleep 0.3
wait_for 5 "two corners" grep -q '^value table_photo_corners 2' "$state/layout.txt" || { on_fail; fail "Backspace did not take back the corners"; }
for n in 3 4; do click_at $(corner_screen $n); done
wait_for 5 "a fit" grep -q '^value table_photo_fit ok' "$state/layout.txt" || { on_fail; fail "four corners in order did not line the photo up: $(value table_photo_fit)"; }
echo "ok: four corners in order line the photo up"
xdotool mousemove --window "$win" 5 5; sleep 0.3
shot table-photo-corners
click_widget table_photo_done
wait_for 10 "the table with its photo" grep -q '^value table_photo_shown yes' "$state/layout.txt" || { on_fail; fail "the photo is not shown under the table after Done"; }
echo "ok: Done shows the table with the photo under it"
xdotool mousemove --window "$win" 5 5; sleep 0.3
shot table-photo-under

# ---- 2. Trace the missing hill
layout_settle
click_widget table_trace
wait_for 5 "the Trace tool" grep -q '^widget table_trace_kind ' "$state/layout.txt" || { on_fail; exit 1; }
layout_settle
table_screen() {  # table_screen X Y: where table point (X, Y) inches is on the screen
  local ox oy z
  read -r ox oy z <<<"$(value table_camera)"
  awk -v x="$1" -v y="$2" -v ox="$ox" -v oy="$oy" -v z="$z" 'BEGIN { printf "%d %d\n", ox + x * z + 0.5, oy + (48 - y) * z + 0.5 }'
}
first=""
while read -r _ x y; do
  [ -n "$first" ] || first="$x $y"
  click_at $(table_screen "$x" "$y")
done < <(grep '^hill ' "$work/fixture.txt")
corners=$(grep -c '^hill ' "$work/fixture.txt")
wait_for 5 "the hill's corners" grep -q "^value table_trace_points $corners" "$state/layout.txt" || { on_fail; fail "the trace does not hold the hill's $corners corners"; }
if [ -n "${SHOTS:-}" ]; then  # the trace under way: the mouse near the first corner, about to close it
  read -r fx fy <<<"$(table_screen $first)"
  xdotool mousemove --window "$win" $((fx + 2)) $((fy + 1)); sleep 0.4
  shot table-photo-tracing
fi
click_at $(table_screen $first)  # on the first corner: closes it
wait_for 5 "the hill made" grep -q '^value table_trace_points 0' "$state/layout.txt" || { on_fail; fail "closing on the first corner did not make the piece: $(value table_trace_message)"; }
echo "ok: the hill traced and closed on its first corner"
# Two corners and Enter: refused in words (an outline needs three), nothing made; Esc cancels it.
click_at $(table_screen 6 44)
click_at $(table_screen 10 44)
xdotool key Return; sleep 0.4
wait_for 5 "the refusal" sh -c "grep -q '^value table_trace_message a hill needs at least 3 corners (2 clicked)' '$state/layout.txt'" ||
  { on_fail; fail "two corners and Enter were not refused in words: $(value table_trace_message)"; }
refusal=$(value table_trace_message)
xdotool key Escape; sleep 0.4
wait_for 5 "the trace cancelled" grep -q '^value table_trace_points 0' "$state/layout.txt" || { on_fail; fail "Esc did not cancel the trace"; }
echo "ok: two corners and Enter are refused in words ($refusal); Esc cancels"
# Woods traced across the line of sight, finished with Enter: the ruling follows before any save
# (GF9: what woods between two hills do is left to the core rules, a referee's call).
grep -q '"referee_call":false' "$state/ruling.json" || { on_fail; fail "the hill-to-hill ruling is a referee's call to begin with"; }
click_widget table_trace_kind
wait_for 5 "the woods in the kinds" grep -q '^widget table_trace_kind_woods ' "$state/layout.txt" || { on_fail; fail "woods is not offered"; }
layout_settle  # the list takes a frame or two to find its place
click_widget table_trace_kind_woods
for xy in "24 32" "27 32" "27 36" "24 36"; do click_at $(table_screen $xy); done
xdotool key Return; sleep 0.4
wait_for 10 "the ruling to follow the woods" grep -q '"referee_call":true' "$state/ruling.json" ||
  { on_fail; fail "the ruling did not follow the traced woods: $(value table_trace_message)"; }
echo "ok: woods traced across the line (Enter): the ruling follows at once, a referee's call"
# A base dropped at a click: "a base", its default name and the size of the table's last base.
click_widget table_trace_kind
wait_for 5 "a base in the kinds" grep -q '^widget table_trace_kind_base ' "$state/layout.txt" || { on_fail; fail "a base is not offered"; }
layout_settle
click_widget table_trace_kind_base
wait_for 5 "the base's fields" grep -q '^widget newbase_width ' "$state/layout.txt" || { on_fail; fail "no base fields"; }
layout_settle
click_at $(table_screen 6 28)
wait_for 5 "the base dropped" sh -c "grep -q '^widget table_base_base_1 ' '$state/layout.txt'" ||
  { on_fail; fail "no base dropped at the click: $(value table_trace_message)"; }
echo "ok: a base dropped at a click (base 1)"

# ---- 3. Save table; the CLI reads the hill and the photo
before=$(cksum <"$table")
click_widget table_save
wait_for 10 "the table file to be written" sh -c "[ \"\$(cksum <'$table')\" != '$before' ]" || { on_fail; fail "Save table did not write the file"; }
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
"$cli" table check "$table" >"$work/check.txt" 2>"$work/check.err" || [ $? -eq 3 ] || { cat "$work/check.err"; fail "the saved table does not load"; }
grep -q "photo: ridge-photo.png, 4 calibration points" "$work/check.txt" || { cat "$work/check.txt" "$work/check.err"; fail "table check does not report the photo's four corners"; }
grep -q "calibration: perspective map" "$work/check.txt" || { cat "$work/check.txt"; fail "table check does not report the photo's calibration"; }
grep -q "^name = 'hill 5'" "$table" || { on_fail; fail "the traced hill (hill 5) is not in the saved table"; }
grep -q "^name = 'woods 2'" "$table" || { on_fail; fail "the traced woods (woods 2) is not in the saved table"; }
grep -A3 "^name = 'base 1'" "$table" | awk -F'[][, ]+' '/^at = / { d = sqrt(($3 - 6) ^ 2 + ($4 - 28) ^ 2); found = d < 0.1 } END { exit !found }' ||
  { on_fail; fail "the base dropped (base 1, within 0.1 in of [6, 28]) is not in the saved table"; }
# The traced corners lie within a tenth of an inch of the fixture's (the clicks are whole pixels).
saved_hill=$(awk 'BEGIN { n = 0 }
  FNR == NR { if ($1 == "hill") { hx[n] = $2; hy[n] = $3; n++ } next }
  /^name = .hill 5./ { found = 1 }
  found && /^points = / { line = $0; gsub(/[^0-9.,-]/, " ", line); gsub(/,/, " ", line); m = split(line, v, " ");
    worst = 0; for (i = 0; i < n; i++) { dx = v[2*i+1] - hx[i]; dy = v[2*i+2] - hy[i]; d = sqrt(dx*dx + dy*dy); if (d > worst) worst = d }
    printf "%d %.3f\n", m / 2, worst; exit }' "$work/fixture.txt" "$table")
read -r got worst <<<"$saved_hill"
[ "$got" = "$corners" ] || { on_fail; fail "the saved hill has $got corners, not $corners"; }
awk -v w="$worst" 'BEGIN { exit !(w < 0.1) }' || { grep -A5 "hill 5" "$table"; fail "a traced corner is $worst in from where it was clicked"; }
"$cli" rule "$sit" --json >/dev/null || fail "the CLI cannot rule the situation on the saved table"
echo "ok: Save table wrote the hill ($corners corners, worst $worst in off) and the photo; table check reads both"
