#!/usr/bin/env bash
# The window never loses the referee's work (issue 13 "lost work", issue 14 item 5): the real
# window under Xvfb, driven with xdotool; widget rectangles come from STATE/layout.txt
# (--test-layout), effects are read back from the state folder and the files.
#   lost-work-test.sh UMPIRE TANK-SITUATION PANZERBLITZ-SITUATION
# Steps: 1. switch game, then Ctrl+S: the open TANK! file is not touched (PanzerBlitz is
# untitled, Save asks for a name) -> 2. restart: each game's situation comes back ->
# 3. nan for the scale and the split in state.toml: the window starts, inputs visible ->
# 4. /dev/zero as the situation: a clear problem, the window keeps running -> 5. a second
# window on the same state folder says it does not autosave and writes nothing there ->
# 6. no HOME and no home folder: one line, exit 1, nothing in /tmp.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout setpriv
inside_xvfb 240 "$@"
umpire=$(realpath "$1") tank=$2 pb=$3

work=$(mktemp -d)
chmod 755 "$work"
state=$work/state
sit=$work/tank.toml
cp "$tank" "$sit"
pid="" pid2=""
cleanup() {
  for p in $pid2 $pid; do
    if kill "$p" 2>/dev/null; then wait "$p" 2>/dev/null || true; fi
  done
  rm -rf "$work"
}
trap cleanup EXIT
on_fail() {
  echo "---- layout.txt"; cat "$state/layout.txt" 2>/dev/null || true
  echo "---- state folder"; ls -la "$state" 2>/dev/null || true
  echo "---- umpire stderr"; cat "$work/stderr" 2>/dev/null || true
}

# start ARGS...: the window with the test layout; waits for its layout and sets $pid and $win.
start() {
  rm -f "$state/layout.txt"
  "$umpire" --state-dir "$state" --test-layout --size 1280x800 --scale 1 "$@" 2>>"$work/stderr" &
  pid=$!
  local i
  for ((i = 0; i < 300; i++)); do
    [ -s "$state/layout.txt" ] && break
    if ! kill -0 "$pid" 2>/dev/null; then
      if grep -q "no display" "$work/stderr"; then cat "$work/stderr"; exit 75; fi
      on_fail; fail "umpire exited before its window appeared"
    fi
    sleep 0.1
  done
  wait_for 10 "the window" sh -c "xdotool search --name 'Umpire' >/dev/null" || { on_fail; exit 1; }
  win=$(xdotool search --name 'Umpire' | head -1)
  layout_settle
}
stop() {
  # Keys go to the window under the pointer (Xvfb has no window manager to give focus).
  xdotool mousemove --window "$win" 900 30
  xdotool key --delay 80 ctrl+q
  wait_for 10 "the window to close" sh -c "! kill -0 $pid" || { on_fail; exit 1; }
  wait "$pid" || fail "umpire exited with status $?"
  pid=""
}
layout_title() { sed -n 's/^title //p' "$state/layout.txt"; }
click() { xdotool mousemove --window "$win" "$1" "$2" click 1; }
# pick_game ID: opens the Game selector and clicks that game's entry (up to three tries).
pick_game() {
  local try x0 y0 x1 y1
  for try in 1 2 3; do
    layout_settle
    read -r x0 y0 x1 y1 <<<"$(layout_widget system)"
    click $(((x0 + x1) / 2)) $(((y0 + y1) / 2))
    wait_for 5 "the game list" grep -q "^widget game_$1 " "$state/layout.txt" || continue
    # An auto-sized popup takes its final place a frame or two late: move the pointer away
    # (which draws more frames) and read its rectangles once they are still.
    xdotool mousemove --window "$win" 900 500
    sleep 0.3
    xdotool mousemove --window "$win" 910 510
    layout_settle
    read -r x0 y0 x1 y1 <<<"$(layout_widget "game_$1")"
    click $((x0 + 20)) $(((y0 + y1) / 2))
    if wait_for 5 "game $1 shown (try $try)" sh -c "grep -q '^system = \"$1\"' '$state/state.toml'"; then return 0; fi
  done
  on_fail; fail "could not pick game $1"
}

# ---- 1. switch game, then Save: the open TANK! file is left alone
start --situation "$sit"
before=$(md5sum <"$sit")
case "$(layout_title)" in tank.toml*) ;; *) on_fail; fail "title '$(layout_title)' does not name the file" ;; esac
pick_game panzerblitz
wait_for 5 "an untitled PanzerBlitz title" sh -c "sed -n 's/^title //p' '$state/layout.txt' | grep -q '^untitled.*PanzerBlitz'" ||
  { on_fail; fail "title after switching game: '$(layout_title)'"; }
xdotool mousemove --window "$win" 900 30
xdotool key --delay 80 ctrl+s
wait_for 5 "the Save As browser" grep -q '^widget browser_name ' "$state/layout.txt" || { on_fail; exit 1; }
sleep 0.5
[ "$(md5sum <"$sit")" = "$before" ] || { on_fail; fail "Save after switching game wrote over the TANK! file"; }
grep -q '^system = "spi-tank"' "$sit" || fail "the TANK! file no longer holds a TANK! situation"
xdotool key --delay 80 Escape
echo "ok 1: switched to PanzerBlitz: untitled, Ctrl+S asks for a name, the TANK! file is untouched"

# ---- 2. restart: each game's own situation comes back
wait_for 5 "both working copies" sh -c "[ -s '$state/situation-spi-tank.toml' ] && [ -s '$state/situation-panzerblitz.toml' ]" ||
  { on_fail; exit 1; }
stop
start
case "$(layout_title)" in untitled*PanzerBlitz*) ;; *) on_fail; fail "restart did not show PanzerBlitz: '$(layout_title)'" ;; esac
pick_game spi-tank
wait_for 5 "the TANK! file's title" sh -c "sed -n 's/^title //p' '$state/layout.txt' | grep -q '^tank.toml '" ||
  { on_fail; fail "TANK!'s document did not come back: '$(layout_title)'"; }
stop
echo "ok 2: restart: PanzerBlitz shown, TANK! still has its file"

# ---- 3. nan in state.toml: the window starts with the defaults and the inputs side shows
sed -i -e 's/^scale = .*/scale = nan/' -e 's/^split = .*/split = nan/' "$state/state.toml"
grep -q '^scale = nan' "$state/state.toml" || fail "could not plant nan"
start
read -r x0 y0 x1 y1 <<<"$(layout_widget range)"
[ -n "${x1:-}" ] && [ "$((x1 - x0))" -gt 50 ] || { on_fail; fail "the inputs side is hidden after split = nan"; }
stop
grep -q 'nan' "$state/state.toml" && fail "nan was written back to state.toml"
echo "ok 3: nan scale and split: started with the defaults, inputs visible"

# ---- 4. /dev/zero as the situation: a problem shown, the window keeps running
start --situation /dev/zero
wait_for 5 "the problem dialog" grep -q '^widget open_errors ' "$state/layout.txt" || { on_fail; exit 1; }
kill -0 "$pid" || fail "the window died on /dev/zero"
xdotool key --delay 80 Return
stop
echo "ok 4: /dev/zero: a clear problem, no abort"

# ---- 5. a second window on the same state folder: says it does not autosave, writes nothing there
start
snapshot() { (cd "$state" && for f in $(ls | grep -v -e '^layout.txt$' -e '^imgui.ini$' -e '^frames.txt$' -e '^first-frame-ms.txt$' | sort); do md5sum "$f"; done); }
first=$(snapshot)
"$umpire" --state-dir "$state" --test-layout --size 1024x700 --scale 1 --situation "$sit" 2>>"$work/stderr" &
pid2=$!
wait_for 20 "the second window's title" sh -c "xdotool search --name 'not autosaving' >/dev/null" || { on_fail; exit 1; }
win2=$(xdotool search --name 'not autosaving' | head -1)
sleep 1
xdotool mousemove --window "$win2" 600 30  # the newest window is on top
xdotool key --delay 80 ctrl+q
wait_for 10 "the second window to close" sh -c "! kill -0 $pid2" || { on_fail; exit 1; }
wait "$pid2" || fail "the second window exited with status $?"
pid2=""
[ "$(snapshot)" = "$first" ] || { on_fail; fail "the second window changed the first one's state files"; }
stop
echo "ok 5: second window: 'not autosaving' in its title, the first window's files untouched"

# ---- 6. no HOME, no XDG_STATE_HOME, a user with no home folder: refused, nothing in /tmp
ls -d /tmp/umpire-state >/dev/null 2>&1 && fail "/tmp/umpire-state exists before the test (cannot check)"
status=0
err=$(env -u HOME -u XDG_STATE_HOME setpriv --reuid=54321 --regid=54321 --clear-groups "$umpire" 2>&1 >/dev/null) || status=$?
[ "$status" -eq 1 ] || fail "without HOME: exit $status, not 1 ($err)"
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "without HOME: expected one line, got: $err"
case "$err" in *"no state folder"*) ;; *) fail "without HOME: '$err' does not say 'no state folder'" ;; esac
ls -d /tmp/umpire-state >/dev/null 2>&1 && fail "without HOME the window used /tmp/umpire-state"
echo "ok 6: no HOME: '$err'"
echo "PASS"
