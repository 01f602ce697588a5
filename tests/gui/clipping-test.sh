#!/usr/bin/env bash
# Nothing cut off in a small window: renders every given situation at 800x600 with the given UI
# scale (1 or 2) and fails when the window reports anything clipped (umpire --check-clipping:
# content wider or taller than a window without that scrollbar, a table cell wider than its
# column, a glyph across its clip edge; exit 3), or when the PNG is not a real 800x600 render.
#   clipping-test.sh UMPIRE PNG_CHECK OUT_DIR SCALE SITUATION...
# UMPIRE_CLIP_OPTIONS: more umpire options for every render (e.g. "--board-mode paint").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
umpire=$1 check=$2 outdir=$3 scale=$4
shift 4
need_tools xvfb-run
XVFB_SCREEN="-screen 0 800x600x24"
inside_xvfb 240 "$umpire" "$check" "$outdir" "$scale" "$@"
mkdir -p "$outdir"
failed=0
for situation in "$@"; do
  name=$(basename "${situation%.toml}")
  png="$outdir/$name${UMPIRE_CLIP_OPTIONS:+-${UMPIRE_CLIP_OPTIONS//[^a-z]/}}-800x600-x$scale.png"
  rm -f "$png"
  status=0
  # shellcheck disable=SC2086 # the options are words
  err=$("$umpire" --situation "$situation" --screenshot "$png" --size 800x600 --scale "$scale" --check-clipping ${UMPIRE_CLIP_OPTIONS:-} 2>&1) || status=$?
  if grep -q "umpire: no display" <<<"$err"; then exit 75; fi  # the display failed: try another
  if [ "$status" -ne 0 ]; then
    echo "FAIL: $name at 800x600, scale $scale: exit $status" >&2
    echo "$err" >&2
    failed=1
    continue
  fi
  "$check" "$png" --size 800x600 --min-colours 24 --min-content 0.10 || { echo "FAIL: $name: not a real render" >&2; failed=1; }
  echo "ok: $name at 800x600, scale $scale"
done
exit "$failed"
