#!/usr/bin/env bash
# Renders one situation with the real window under Xvfb (umpire --screenshot) and
# checks the PNG is a real render: the window's size, not blank, many colours, and
# for TANK! the verdict banner's fill in the tone the CLI's ruling implies (amber for a
# referee's call, red when fire is not permitted, green when it can kill, grey when it cannot).
#   screenshot-test.sh UMPIRE UMPIRE-CLI PNG_CHECK SITUATION OUT.png [umpire options...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
umpire=$1 cli=$2 check=$3 situation=$4 out=$5
shift 5
need_tools xvfb-run
mkdir -p "$(dirname "$out")"
rm -f "$out"
shot() { xvfb "$umpire" --situation "$situation" --screenshot "$out" --size 1280x800 "$@"; }
# One more try on any failure (display failures are already retried inside xvfb).
shot "$@" || { echo "retrying once"; sleep 1; shot "$@"; }
[ -s "$out" ] || fail "no PNG written"

json=$("$cli" rule "$situation" --json)
if ! echo "$json" | grep -q '"fire_permitted"'; then
  # A system without its own tone rule here: check it is a real render.
  "$check" "$out" --size 1280x800 --min-colours 24 --min-content 0.10
  exit
elif echo "$json" | grep -q '"referee_call":true'; then
  colour=56,40,9    # a referee's call: the amber fill, whatever the outcome as ruled
elif echo "$json" | grep -q '"fire_permitted":false'; then
  colour=56,20,19   # Tone::bad fill
elif echo "$json" | grep -Eq '"kill_probability":0(\.0+)?[,}]'; then
  colour=40,42,45   # Tone::caution fill: neutral grey (amber is only for referee's call)
else
  colour=17,48,24   # Tone::good fill
fi
"$check" "$out" --size 1280x800 --min-colours 24 --min-content 0.10 --has-colour "$colour,3,3000"
