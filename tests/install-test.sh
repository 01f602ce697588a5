#!/usr/bin/env bash
# A real install: `cmake --install BUILD --prefix P` into a temporary prefix, then the installed
# programs run from another directory. They must find P/share/umpire/rules-data on their own
# (next to the executable, then ../share/umpire/rules-data): to prove it is the installed copy
# that is read and not the source tree's, a number in the installed copy is changed and the
# ruling must show it.
#   install-test.sh CMAKE BUILD_DIR EXAMPLE.toml WITH_WINDOW(0|1)
set -euo pipefail
cmake=$1 build=$2 example=$3 window=$4
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gui/lib.sh"  # xvfb: a fresh display, tried again on another one when the display fails
prefix=$(mktemp -d) work=$(mktemp -d)
trap 'rm -rf "$prefix" "$work"' EXIT

"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install failed"; }
cli="$prefix/bin/umpire-cli"
data="$prefix/share/umpire/rules-data"
[ -x "$cli" ] || fail "no $cli"
[ -f "$data/spi-tank.toml" ] || fail "no rules data in $data"

cp "$example" "$work/situation.toml"
cd "$work"
"$cli" rule situation.toml --json >out.json || fail "installed umpire-cli failed on $example"
grep -q '"attack_strength":21' out.json || fail "expected the T62's AP 21 (17.4): $(cat out.json)"

# The installed copy, changed: the T62's AP 21 becomes 29.
sed -i '/^name = "T62"/,/^ap = /s/^ap = 21$/ap = 29/' "$data/spi-tank.toml"
grep -q '^ap = 29$' "$data/spi-tank.toml" || fail "could not edit the installed rules data"
"$cli" rule situation.toml --json >out.json || fail "installed umpire-cli failed after the edit"
grep -q '"attack_strength":29' out.json || fail "umpire-cli did not read the installed rules data: $(cat out.json)"
# Started through a symbolic link in another folder (as a link in /usr/local/bin would be), and by
# a relative path: it still finds its own rules data (default_rules_dir: the started path made
# canonical, else /proc/self/exe).
mkdir "$work/links" && ln -s "$cli" "$work/links/umpire-cli"
"$work/links/umpire-cli" rule situation.toml --json >out.json || fail "umpire-cli started through a symbolic link failed"
grep -q '"attack_strength":29' out.json || fail "umpire-cli started through a symbolic link did not read the installed rules data: $(cat out.json)"
(cd "$prefix" && bin/umpire-cli rule "$work/situation.toml" --json) >out.json || fail "umpire-cli started by a relative path failed"
grep -q '"attack_strength":29' out.json || fail "umpire-cli started by a relative path did not read the installed rules data: $(cat out.json)"
# A broken installed copy is reported against the installed file (exit 2), never papered over.
sed -i 's/^die_sides = 6$/die_sides = "six"/' "$data/spi-tank.toml"
status=0
"$cli" rule situation.toml 2>err.txt >/dev/null || status=$?
[ "$status" -eq 2 ] || fail "broken installed rules data: exit $status, expected 2"
grep -q "^$data/spi-tank.toml:[0-9]*:[0-9]*: .*die_sides" err.txt || fail "no FILE:LINE:COL naming the installed file: $(cat err.txt)"

if [ "$window" = 1 ]; then
  [ -x "$prefix/bin/umpire" ] || fail "no $prefix/bin/umpire"
  desktop="$prefix/share/applications/umpire.desktop"
  [ -f "$desktop" ] || fail "no $desktop"
  [ -f "$prefix/share/icons/hicolor/scalable/apps/umpire.svg" ] || fail "no icon"
  if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$desktop" || fail "desktop-file-validate rejects $desktop"
  fi
  # The window reads the same installed (now broken) rules data: under Xvfb it must say so and exit 2.
  if command -v xvfb-run >/dev/null; then
    status=0
    xvfb "$prefix/bin/umpire" --state-dir "$work/state" --screenshot "$work/w.png" situation.toml 2>err.txt || status=$?
    [ "$status" -eq 2 ] || fail "installed umpire with broken installed rules data: exit $status, expected 2: $(cat err.txt)"
    grep -q "^$data/spi-tank.toml:[0-9]*:[0-9]*: .*die_sides" err.txt || fail "the window did not read the installed rules data: $(cat err.txt)"
  fi
fi
echo OK
