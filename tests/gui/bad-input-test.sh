#!/usr/bin/env bash
# Broken input shows its errors in the window instead of crashing:
#  - a situation file with a bad value: exit 2, FILE:LINE:COL on stderr, the PNG shows the error box
#  - a rules-data folder with a bad value: the same, naming spi-tank.toml and the key
#   bad-input-test.sh UMPIRE PNG_CHECK RULES_DATA_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
umpire=$1 check=$2 rules=$3
need_tools xvfb-run
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

shot() {  # shot OUT.png EXPECTED_STATUS ARGS...
  local out=$1 want=$2 status=0
  shift 2
  xvfb "$umpire" --screenshot "$out" --size 1280x800 "$@" 2>"$work/err" || status=$?
  cat "$work/err"
  [ "$status" -eq "$want" ] || fail "exit status $status, expected $want"
}

cat >"$work/bad.toml" <<'TOML'
system = "spi-tank"
terrain_mode = "hilly"
[firer]
unit = "T62"
[target]
unit = "M60A2"
aspect = "side"
[line]
range = 12
TOML
shot "$work/bad.png" 2 --situation "$work/bad.toml"
grep -q "^$work/bad.toml:2:[0-9]*: .*terrain_mode.*closed" "$work/err" || fail "no FILE:LINE:COL line naming terrain_mode and the accepted names"
"$check" "$work/bad.png" --size 1280x800 --min-colours 16 --has-colour 56,20,19,3,2000

mkdir -p "$work/rules"
cp -r "$rules"/. "$work/rules/"
sed -i 's/^die_sides = 6$/die_sides = "six"/' "$work/rules/spi-tank.toml"
grep -q 'die_sides = "six"' "$work/rules/spi-tank.toml" || fail "could not break the rules data copy"
shot "$work/rules.png" 2 --rules-data "$work/rules"
grep -q "spi-tank.toml:[0-9]*:[0-9]*: .*die_sides" "$work/err" || fail "no FILE:LINE:COL line naming die_sides"
"$check" "$work/rules.png" --size 1280x800 --min-colours 16 --has-colour 56,20,19,3,2000
echo "OK"
