#!/bin/sh
# Writes src/cli/hot-functions.txt: the functions of umpire-cli that a ruling runs, in the order
# they first run, which CMakeLists.txt hands to lld (--symbol-ordering-file) so that they are
# linked side by side (README, Speed; issue 21, point 6): ours, toml++'s and the C++ runtime's,
# all three linked into umpire-cli (UMPIRE_STATIC_CXX_RUNTIME). Run it again after large changes to the
# engine or the CLI, from a RelWithDebInfo build with GCC; names it no longer matches only cost
# speed, never correctness. Needs valgrind (callgrind counts which functions run).
#
#   tests/bench/order-functions.sh [BUILD_DIR]      (default: build)
set -eu
cd "$(dirname "$0")/../.."
build=${1:-build}
cli="$build/umpire-cli"
[ -x "$cli" ] || { echo "order-functions.sh: no $cli (build it first)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "order-functions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The commands a referee runs most, the benchmarked ones first (tests/bench/cli-vs-parse.sh):
# a TANK! shot by numbers and on the 66 x 44 board, then one ruling of each other game, the text
# form, and a line of sight on a board.
n=0
run() {
    n=$((n + 1))
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$(printf %02d $n).out" "$cli" "$@" >/dev/null 2>&1
}
run rule examples/spi-tank-t62-vs-m60a2-side.toml --json
run rule examples/spi-tank-board-sample-map.toml --json
run rule examples/panzerblitz-board-hill-to-valley.toml --json
run rule examples/panzer-squadron-board-line-of-fire-through-wood.toml --json
run rule examples/gf9-tanks-los-hill-to-hill.toml --json
run rule examples/agv-fire-behind-stone-wall.toml --json
run rule examples/spi-tank-t62-vs-m60a2-side.toml
run los boards/sample-66x44.toml 0101 0510

python3 - "$work" "$(basename "$cli")" > src/cli/hot-functions.txt <<'PY'
import glob, re, sys
work, program = sys.argv[1], sys.argv[2]
print("# umpire-cli's functions in the order a ruling first runs them: written by")
print("# tests/bench/order-functions.sh, read by lld (CMakeLists.txt, UMPIRE_ORDER_FUNCTIONS).")
# The C runtime's entry, which callgrind calls "(below main)": it runs first, so it goes first.
print("_start")
seen = {"_start"}
for path in sorted(glob.glob(work + "/*.out")):
    lines = open(path).read().split("\n")
    names, objects = {}, {}
    for l in lines:  # callgrind names a function or object in full once, then by number
        m = re.match(r"^(c?fn|c?ob)=\((\d+)\) (.+)$", l)
        if m:
            (names if "fn" in m.group(1) else objects)[m.group(2)] = m.group(3)
    obj = None
    for l in lines:
        m = re.match(r"^ob=\((\d+)\)", l)
        if m:
            obj = objects.get(m.group(1), "")
            continue
        m = re.match(r"^fn=\((\d+)\)", l)
        if m and obj.endswith("/" + program):
            name = names[m.group(1)].split("'")[0]  # callgrind's 'N marks a recursion depth
            if name not in seen and not name.startswith("0x"):
                seen.add(name)
                print(name)
PY
echo "order-functions.sh: $(grep -vc '^#' src/cli/hot-functions.txt) functions in src/cli/hot-functions.txt"
