#!/usr/bin/env bash
# Units on the board end to end (issue 23, docs/window.md "Units on the board"): the real window
# under Xvfb, driven with xdotool, on a TANK! situation on the small test board.
#   units-test.sh UMPIRE UMPIRE-CLI
# Steps: 1. open a situation with a firer and a target typed, no counters -> 2. Alt+click three
# empty hexes: the autosave holds three [[counter]]s in those hexes -> 3. click the first: it is
# the firer (firer.counter, its hex), the window rules as the CLI rules the autosave, and the
# ruling names it -> 4. Shift+click the third: the target -> 5. click the third (the target): the
# two swap -> 6. Shift+click the second: the target; every step the CLI's ruling is the window's.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout
inside_xvfb 240 "$@"
umpire=$(realpath "$1") cli=$(realpath "$2")

work=$(mktemp -d)
state=$work/state
sit=$work/units.toml
cat >"$sit" <<'EOF'
system = "spi-tank"
terrain_mode = "open"
board = "test-small.toml"

[firer]
unit = "T62"
hex = "0302"

[target]
unit = "M60A2"
hex = "0308"
facing = "A"
EOF
pid=""
cleanup() {
  if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
on_fail() {
  echo "---- situation.toml"; cat "$state/situation.toml" 2>/dev/null || true
  echo "---- ruling.json"; cat "$state/ruling.json" 2>/dev/null || true
  echo "---- units in layout"; grep '^widget unit_' "$state/layout.txt" 2>/dev/null || true
  echo "---- umpire stderr"; cat "$work/stderr" 2>/dev/null || true
}
# click_hex HEX [KEY]: a left click on the hex's centre, with KEY (alt, shift) held.
click_hex() {
  local x y
  read -r x y <<<"$(layout_centre "hex_$1")"
  [ -n "$x" ] || { on_fail; fail "hex $1 is not in the layout"; }
  xdotool mousemove --window "$win" "$x" "$y"
  sleep 0.2
  if [ -n "${2:-}" ]; then
    xdotool keydown "$2"; sleep 0.15; xdotool click 1; sleep 0.15; xdotool keyup "$2"
  else
    xdotool click 1
  fi
  sleep 0.3
}
same_ruling() { [ "$(cat "$state/ruling.json")" = "$("$cli" rule "$state/situation.toml" --json)" ]; }
# picked ROLE NAME: the autosave's [ROLE] table picks counter NAME.
picked() { awk -v r="[$1]" -v n="counter = \"$2\"" '$0 == r { on = 1; next } /^\[/ { on = 0 } on && $0 == n { found = 1 } END { exit !found }' "$state/situation.toml"; }

start_board_window "$umpire" "$sit" 0302
wait_for 5 "the CLI's ruling of the opened situation" same_ruling || { on_fail; fail "opened: the window's ruling differs from umpire-cli's"; }
echo "ok 1: opened, no counters, the window rules as the CLI"

# ---- 2. three units added with Alt+click
for h in 0304 0506 0605; do
  layout_settle
  click_hex "$h" alt
done
wait_for 5 "three counters in the autosave" sh -c "[ \$(grep -c '^\[\[counter\]\]' '$state/situation.toml') -eq 3 ]" || { on_fail; exit 1; }
for h in 0304 0506 0605; do grep -q "^hex = \"$h\"" "$state/situation.toml" || { on_fail; fail "no counter in $h"; }; done
"$cli" rule "$state/situation.toml" >/dev/null || { on_fail; fail "the CLI cannot rule the autosave with counters"; }
echo "ok 2: Alt+click added three units: $(grep -c '^name = "Unit' "$state/situation.toml") counters"

# ---- 3..6. pick pairs
step() {  # step N WHAT HEX KEY FIRER TARGET
  layout_settle
  click_hex "$3" "$4"
  wait_for 5 "$2: firer $5, target $6" sh -c "$(declare -f picked); state='$state'; picked firer '$5' && picked target '$6'" || { on_fail; exit 1; }
  wait_for 5 "the CLI's ruling ($2)" same_ruling || { on_fail; fail "$2: the window's ruling differs from umpire-cli's"; }
  grep -q "\"counters\":{\"firer\":{\"name\":\"$5\"" "$state/ruling.json" || { on_fail; fail "$2: the ruling does not name the firer's counter"; }
  echo "ok $1: $2: firer $5, target $6 ($("$cli" rule "$state/situation.toml" | head -1))"
}
layout_settle
click_hex 0304
wait_for 5 "Unit 1 the firer" sh -c "$(declare -f picked); state='$state'; picked firer 'Unit 1'" || { on_fail; exit 1; }
wait_for 5 "the CLI's ruling (firer picked)" same_ruling || { on_fail; fail "firer picked: the window's ruling differs from umpire-cli's"; }
echo "ok 3: click on Unit 1: the firer"
step 4 "Shift+click on Unit 3" 0605 shift "Unit 1" "Unit 3"
step 5 "click on the target Unit 3 (swap)" 0605 "" "Unit 3" "Unit 1"
step 6 "Shift+click on Unit 2" 0506 shift "Unit 3" "Unit 2"
