#!/usr/bin/env bash
# The keyboard in the real window (issue 13): Tab order, Enter on a list, F1. Real key presses
# under Xvfb (xdotool); umpire --test-layout writes which named widget has the keyboard focus
# ("focused NAME" in STATE/layout.txt), the effects are read from the autosave.
#   keyboard-test.sh UMPIRE SITUATION      (a TANK! situation)
# Steps: click the Title field -> Tab goes through the TANK! inputs in reading order (panic level,
# plotted MP, firer hex, target hex, range) and comes back round to the title -> Esc, Up reaches
# the firer's unit list, Enter opens it, "tiger" and Enter choose the chart's Pz VI a (the
# autosaved situation says so) -> F1 shows the keyboard shortcuts, Esc closes them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout
inside_xvfb 180 "$@"
umpire=$(realpath "$1") example=$2

work=$(mktemp -d)
state=$work/state
pid=""
cleanup() {
  if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
on_fail() {
  echo "---- layout.txt"; cat "$state/layout.txt" 2>/dev/null || true
  echo "---- situation.toml"; cat "$state/situation.toml" 2>/dev/null || true
  echo "---- umpire stderr"; cat "$work/stderr" 2>/dev/null || true
}

start_window "$umpire" "$example" --size 1280x1000 --scale 1  # lib.sh
wait_for 30 "the layout file" grep -q '^widget range ' "$state/layout.txt" || { on_fail; exit 1; }

widget() { awk -v n="$1" '$1 == "widget" && $2 == n { print $3, $4, $5, $6 }' "$state/layout.txt"; }
focused() { awk '$1 == "focused" { print $2 }' "$state/layout.txt"; }
# key KEY EXPECTED: presses KEY, then waits until the focus is on EXPECTED ("" = no named widget).
key_to() {
  xdotool key --delay 80 "$1"
  wait_for 5 "focus on '$2' after $1" sh -c "[ \"\$(awk '\$1 == \"focused\" { print \$2 }' '$state/layout.txt')\" = '$2' ]" ||
    { on_fail; fail "after $1 the focus is on '$(focused)', not '$2'"; }
}

# ---- 1. Tab order: the Title field, then the inputs in reading order, then round again
clicked=""
for try in 1 2 3; do
  sleep 0.5
  read -r x0 y0 x1 y1 <<<"$(widget title)"
  xdotool mousemove --window "$win" $((x1 - 10)) $(((y0 + y1) / 2)) click 1
  if wait_for 5 "the Title field focused (try $try)" sh -c "grep -q '^focused title$' '$state/layout.txt'"; then clicked=1; break; fi
done
[ -n "$clicked" ] || { on_fail; exit 1; }
order=(panic moving_mp firer_hex target_hex range)
last_y=-1 last_x=-1
for name in "${order[@]}"; do
  key_to Tab "$name"
  read -r x0 y0 _ _ <<<"$(widget "$name")"
  # reading order: lower down, or further right on the same row
  if [ "$y0" -lt "$last_y" ] || { [ "$y0" -eq "$last_y" ] && [ "$x0" -le "$last_x" ]; }; then
    on_fail; fail "Tab went up or back to $name ($x0,$y0) from ($last_x,$last_y)"
  fi
  last_y=$y0 last_x=$x0
done
back=""
for ((i = 0; i < 4; i++)); do
  xdotool key --delay 80 Tab
  if wait_for 2 "the title again" sh -c "grep -q '^focused title$' '$state/layout.txt'" 2>/dev/null; then back=1; break; fi
done
[ -n "$back" ] || { on_fail; fail "Tab never came back round to the Title field"; }
echo "ok 1: Tab goes title -> ${order[*]} -> title"

# ---- 2. a unit chosen from the firer's list with the keyboard and Enter
key_to Tab panic
key_to Escape panic   # leaves the slider's text editing; the keyboard stays on it
key_to Up firer       # the firer's unit list, above the panic level
xdotool key --delay 80 Return   # Enter opens the list (its search field takes the keys)
wait_for 5 "the list open" sh -c "! grep -q '^focused' '$state/layout.txt'" || { on_fail; fail "Enter did not open the unit list"; }
xdotool type --delay 80 "tiger"
xdotool key --delay 80 Return   # Enter takes the name typed: "Tiger" is the chart's Pz VI a
firer_unit() { awk '/^\[/ { t = $0 } t == "[firer]" && $1 == "unit" { print }' "$state/situation.toml"; }
wait_for 10 "the firer Pz VI a in the autosave" sh -c "awk '/^\\[/ { t = \$0 } t == \"[firer]\" && \$1 == \"unit\"' '$state/situation.toml' | grep -q 'Pz VI a'" ||
  { on_fail; fail "Enter did not choose the unit: $(firer_unit)"; }
echo "ok 2: Up, Enter, \"tiger\", Enter: $(firer_unit)"

# ---- 3. F1 shows the keyboard shortcuts; Esc closes them
[ -z "$(widget shortcuts)" ] || { on_fail; fail "the shortcuts list is shown before F1"; }
xdotool key --delay 80 F1
wait_for 5 "the shortcuts list after F1" sh -c "grep -q '^widget shortcuts ' '$state/layout.txt'" || { on_fail; exit 1; }
xdotool key --delay 80 Escape
wait_for 5 "the shortcuts list closed after Esc" sh -c "! grep -q '^widget shortcuts ' '$state/layout.txt'" || { on_fail; exit 1; }
echo "ok 3: F1 shows the keyboard shortcuts, Esc closes them"
echo "PASS"
