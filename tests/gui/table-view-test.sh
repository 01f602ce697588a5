#!/usr/bin/env bash
# The table view (docs/window.md, "Table view"): the real window under Xvfb opens each
# examples/table-*.toml (with its table file, copied to a scratch folder) and must show the
# table view (its canvas and crossings list in STATE/layout.txt) and give the CLI's verdict
# (STATE/ruling.json against umpire-cli rule --json). Then, on the GF9 escarpment dispute, a real
# mouse drag (xdotool) moves the Panther 6 in back from the cliff: the ruling must change from
# blocked to clear before anything is saved; "Save table" must write a table file on which the
# CLI rules the same; dragged again and closed without saving, the table is kept as
# STATE/recovered-*.toml (the window never loses the referee's work).
#   table-view-test.sh UMPIRE UMPIRE-CLI SOURCE-DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout
inside_xvfb 240 "$@"
umpire=$(realpath "$1") cli=$(realpath "$2") src=$(realpath "$3")

work=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/examples" "$work/tables"
cp "$src"/examples/table-*.toml "$work/examples/"
cp "$src"/tables/*.toml "$work/tables/"

on_fail() {
  echo "---- layout.txt"; cat "$state/layout.txt" 2>/dev/null || true
  echo "---- ruling.json"; cat "$state/ruling.json" 2>/dev/null || true
  echo "---- umpire stderr"; cat "$work/stderr" 2>/dev/null || true
}
start() {  # start SITUATION: a fresh state folder each time
  state=$work/state-$(basename "${1%.toml}")
  rm -rf "$state"  # a situation started again must not find the last run's layout and ruling
  start_window "$umpire" "$1" --size 1280x1000 --scale 1  # lib.sh
  wait_for 30 "the table canvas" grep -q '^widget table_canvas ' "$state/layout.txt" || { on_fail; exit 1; }
  wait_for 10 "the ruling" test -s "$state/ruling.json" || { on_fail; exit 1; }
  sleep 0.5
}
stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }
widget() { awk -v n="$1" '$1 == "widget" && $2 == n { print $3, $4, $5, $6 }' "$state/layout.txt"; }
verdict() { grep -o '"verdict":"[^"]*"' "$1"; }

# ---- 1. every table example: the table view is shown, with the CLI's verdict
for sit in "$work"/examples/table-*.toml; do
  start "$sit"
  for w in table_canvas table_crossings table_fit table_save; do
    [ -n "$(widget $w)" ] || { on_fail; fail "$(basename "$sit"): no widget $w"; }
  done
  "$cli" rule "$sit" --json >"$work/cli.json" || true
  [ "$(verdict "$state/ruling.json")" = "$(verdict "$work/cli.json")" ] ||
    { on_fail; fail "$(basename "$sit"): the window's verdict $(verdict "$state/ruling.json") is not the CLI's $(verdict "$work/cli.json")"; }
  stop
  echo "ok: $(basename "$sit") shows the table view, $(verdict "$work/cli.json")"
done

# ---- 2. drag the Panther back from the cliff: the ruling changes before anything is saved
sit=$work/examples/table-gf9-escarpment-under-the-cliff.toml
table=$work/tables/gf9-sample-ridge.toml
before=$(cksum <"$table")
start "$sit"
grep -q '"los":"blocked"' "$state/ruling.json" || { on_fail; fail "the escarpment dispute is not blocked to begin with"; }
read -r cx0 cy0 cx1 cy1 <<<"$(widget table_canvas)"
# The table is 48 in deep and the canvas no taller than the table needs: 1/8 of its height is about
# 6 in. Up to three tries: a loaded machine can drop a press that comes before the window's frame.
dy=$(((cy1 - cy0) / 8))
drag_panther() {
  local bx0 by0 bx1 by1 x y i
  read -r bx0 by0 bx1 by1 <<<"$(widget table_base_Panther)"
  [ -n "${bx1:-}" ] || { on_fail; fail "no table_base_Panther in the layout"; }
  x=$(((bx0 + bx1) / 2)) y=$(((by0 + by1) / 2))
  xdotool mousemove --window "$win" $((x + 1)) "$y"
  sleep 0.2
  xdotool mousemove --window "$win" "$x" "$y"
  sleep 0.3
  xdotool mousedown 1
  sleep 0.2
  for i in 1 2 3 4 5 6 7 8; do
    xdotool mousemove --window "$win" "$x" $((y - dy * i / 8))
    sleep 0.1
  done
  sleep 0.2
  xdotool mouseup 1
}
# drag_until WHAT COMMAND...: drags the Panther (up to three tries) until COMMAND holds.
drag_until() {
  local what=$1 try
  shift
  for try in 1 2 3; do
    drag_panther
    wait_for 5 "$what" "$@" && return 0
    echo "the drag did not take (try $try)" >&2
  done
  return 1
}
drag_until "the ruling to follow the drag (los clear)" grep -q '"los":"clear"' "$state/ruling.json" ||
  { on_fail; fail "the ruling did not change after dragging the Panther"; }
[ "$(cksum <"$table")" = "$before" ] || fail "the table file changed before Save table"
echo "ok: dragging the Panther back 6 in clears the line of sight, nothing saved yet"

# ---- 3. Save table writes a file the CLI reads and rules the same
read -r sx0 sy0 sx1 sy1 <<<"$(widget table_save)"
xdotool mousemove --window "$win" $(((sx0 + sx1) / 2)) $(((sy0 + sy1) / 2)) click 1
wait_for 10 "the table file to be written" sh -c "[ \"\$(cksum <'$table')\" != '$before' ]" || { on_fail; fail "Save table did not write the file"; }
"$cli" table check "$table" >/dev/null || [ $? -eq 3 ] || fail "the saved table does not load: $("$cli" table check "$table" 2>&1)"
"$cli" rule "$sit" --json >"$work/cli.json" || true
grep -q '"los":"clear"' "$work/cli.json" || { cat "$work/cli.json"; fail "the CLI does not rule the saved table as the window did"; }
stop
echo "ok: Save table wrote $(basename "$table"); the CLI rules it clear too"

# ---- 4. changes not saved are never lost: drag the Panther again and close the window (SIGTERM,
# as a desktop closes it): the table as dragged is kept as STATE/recovered-*.toml, a table file the
# CLI reads, standard error says where, and the saved table file is untouched
saved=$(cksum <"$table")
start "$sit"
grep -q '^value table_modified no' "$state/layout.txt" || { on_fail; fail "the table reads as changed before any drag"; }
drag_until "the table to read as changed" grep -q '^value table_modified yes' "$state/layout.txt" ||
  { on_fail; fail "dragging the Panther again did not change the table"; }
stop
kept=$(ls "$state"/recovered-*.toml 2>/dev/null | head -1 || true)
[ -n "$kept" ] || { on_fail; ls -l "$state"; fail "no recovered-*.toml after closing with the table changed and not saved"; }
[ "$(cksum <"$table")" = "$saved" ] || fail "closing the window wrote the table file"
"$cli" table check "$kept" >/dev/null || [ $? -eq 3 ] || fail "the kept table does not load: $("$cli" table check "$kept" 2>&1)"
! cmp -s "$kept" "$table" || fail "the kept table is the saved one, not the one dragged"
grep -q "the table $(basename "$table") had changes not saved when the window closed; it was kept in" "$work/stderr" ||
  { on_fail; fail "closing did not say where the table's changes were kept"; }
echo "ok: closing with the table dragged and not saved keeps it as $(basename "$kept"); the table file is untouched"
