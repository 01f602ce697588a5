# Shared helpers for the window tests (sourced). Each test runs the real umpire
# binary under Xvfb; exit status 77 means "skipped" (a tool is not installed).
XVFB_SCREEN="-screen 0 1280x800x24"

# xvfb COMMAND...: runs COMMAND in a fresh Xvfb (time limit $XVFB_TIMEOUT, default 60 s).
# xvfb-run -a takes the first free display from -n upwards; starting at a random number keeps
# parallel runs (other test jobs, other users of the machine) from racing for the same one, and
# a display failure (the server refused us or did not start) is retried on another display.
xvfb() {
  local try status err
  err=$(mktemp)
  for try in 1 2 3; do
    status=0
    timeout "${XVFB_TIMEOUT:-60}" xvfb-run -a -n $((100 + RANDOM % 800)) -s "$XVFB_SCREEN" "$@" 2>"$err" || status=$?
    if grep -q -e "umpire: no display" -e "Xvfb failed" -e "xvfb-run: error" "$err"; then
      echo "display failure, trying again on another display ($try):" >&2
      cat "$err" >&2
      sleep 1
      continue
    fi
    break
  done
  cat "$err" >&2
  rm -f "$err"
  return "$status"
}

need_tools() {
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null 2>&1 || { echo "SKIP: $t is not installed (./dev deps installs it)"; exit 77; }
  done
}

# Re-runs the calling script inside a fresh Xvfb display, with a time limit. The inner run
# exits 75 when the display itself failed (the server died or refused us): then it is tried
# again on another display, up to three times.
inside_xvfb() {
  if [ -z "${UMPIRE_TEST_IN_XVFB:-}" ]; then
    export UMPIRE_TEST_IN_XVFB=1
    local limit=${1:-180} try status
    shift
    for try in 1 2 3; do
      status=0
      timeout "$limit" xvfb-run -a -n $((100 + RANDOM % 800)) -s "$XVFB_SCREEN" "$0" "$@" || status=$?
      [ "$status" -eq 75 ] || exit "$status"
      echo "display failure: trying again on another display ($try)" >&2
      sleep 1
    done
    exit 1
  fi
}

# wait_for SECONDS WHAT COMMAND...: polls COMMAND every 0.1 s until it succeeds.
wait_for() {
  local limit=$1 what=$2 i
  shift 2
  for ((i = 0; i < limit * 10; i++)); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  echo "FAIL: timed out after ${limit}s waiting for: $what" >&2
  return 1
}

fail() { echo "FAIL: $*" >&2; exit 1; }

# ---- the window's --test-layout file, for every window test; $state is the window's state folder
# layout_settle: waits until layout.txt has not changed for half a second (the window settled).
layout_settle() {
  local i now changed
  for ((i = 0; i < 50; i++)); do
    now=$(date +%s%3N)
    changed=$(date -r "$state/layout.txt" +%s%3N 2>/dev/null || echo 0)
    [ $((now - changed)) -gt 500 ] && return 0
    sleep 0.1
  done
}
# layout_widget NAME: the widget's rectangle "x0 y0 x1 y1"; layout_centre NAME: its centre "x y".
layout_widget() { awk -v n="$1" '$1 == "widget" && $2 == n { print $3, $4, $5, $6 }' "$state/layout.txt"; }
layout_centre() { local x0 y0 x1 y1; read -r x0 y0 x1 y1 <<<"$(layout_widget "$1")"; [ -n "$x0" ] && echo $(((x0 + x1) / 2)) $(((y0 + y1) / 2)); }
# start_board_window UMPIRE SITUATION HEX [SIZE]: starts the window on SITUATION (pid in $pid, its
# stderr in $work/stderr; SIZE 1280x1000 unless given) and waits for HEX on the map and the window
# ($win); exits 75 without a display.
start_board_window() {
  "$1" --state-dir "$state" --test-layout --size "${4:-1280x1000}" --scale 1 --situation "$2" 2>>"$work/stderr" &
  pid=$!
  local i
  for ((i = 0; i < 300; i++)); do
    grep -q "^widget hex_$3 " "$state/layout.txt" 2>/dev/null && break
    if ! kill -0 "$pid" 2>/dev/null; then
      if grep -q "no display" "$work/stderr"; then cat "$work/stderr"; exit 75; fi
      on_fail; fail "umpire exited before its board appeared"
    fi
    sleep 0.1
  done
  wait_for 10 "the window" sh -c "xdotool search --name 'Umpire' >/dev/null" || { on_fail; exit 1; }
  win=$(xdotool search --name 'Umpire' | head -1)
  layout_settle
}

# ---- helpers the newer window tests share
# window_work: a scratch folder $work (the window's state folder $state inside it), removed at
# exit after the window started in it ($pid, when set) is stopped.
window_work() {
  work=$(mktemp -d)
  state=$work/state
  pid=""
  trap 'if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi; rm -rf "$work"' EXIT
}
# layout_value NAME: a "value NAME VALUE" line's value (ui::probe_value).
layout_value() { sed -n "s/^value $1 //p" "$state/layout.txt"; }
# click_widget NAME: a left click at the middle of a probed widget of the window $win; calls the
# test's on_fail before failing when it is not there.
click_widget() {
  local x y
  read -r x y <<<"$(layout_centre "$1")"
  [ -n "$x" ] || { on_fail; fail "$1 is not in the layout"; }
  xdotool mousemove --window "$win" "$x" "$y"
  sleep 0.2
  xdotool click 1
  sleep 0.3
}
# solid_png OUT WIDTH HEIGHT R G B: a PNG of one colour (python3's zlib: no image tool needed).
solid_png() {
  python3 - "$@" <<'PY'
import struct, sys, zlib
out, w, h, r, g, b = sys.argv[1], *map(int, sys.argv[2:7])
raw = b"".join(b"\0" + bytes((r, g, b)) * w for _ in range(h))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
open(out, "wb").write(png)
PY
}
# start_window UMPIRE SITUATION [OPTION...]: starts the window on SITUATION with --test-layout and
# the state folder $state (pid in $pid, its stderr in $work/stderr, the window in $win); exits 75
# without a display, and fails (after the caller's on_fail) when it exits before its window shows.
start_window() {
  local bin=$1 sit=$2 i
  shift 2
  "$bin" --state-dir "$state" --test-layout --situation "$sit" "$@" 2>>"$work/stderr" &
  pid=$!
  for ((i = 0; i < 300; i++)); do
    xdotool search --name 'Umpire' >/dev/null 2>&1 && break
    if ! kill -0 "$pid" 2>/dev/null; then
      if grep -q "no display" "$work/stderr"; then cat "$work/stderr"; exit 75; fi
      on_fail; fail "umpire exited before its window appeared"
    fi
    sleep 0.1
  done
  win=$(xdotool search --name 'Umpire' | head -1)
  [ -n "$win" ] || { on_fail; fail "timed out waiting for the window"; }
}
