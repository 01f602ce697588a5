#!/usr/bin/env bash
# End-to-end: the real window under Xvfb, driven with real mouse and keyboard
# input (xdotool). umpire --test-layout writes the rectangles of named widgets to
# STATE/layout.txt, so clicks land on real widgets without guessed coordinates;
# the effects are read back from the autosave (STATE/situation.toml, ruling.json),
# the saved file and the X window title.
#   e2e-test.sh UMPIRE UMPIRE-CLI SITUATION
# Steps: open SITUATION -> type a new range -> ruling follows, title marked
# modified -> Ctrl+S saves a file the CLI rules identically -> click the rear
# sector of the aspect picker -> Ctrl+Q -> restart: the unsaved edit is back ->
# edit the title and send SIGTERM at once: the edit is autosaved on the way out.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need_tools xvfb-run xdotool timeout
inside_xvfb 240 "$@"
umpire=$(realpath "$1") cli=$(realpath "$2") example=$3

work=$(mktemp -d)
state=$work/state
sit=$work/situation.toml
cp "$example" "$sit"
pid=""
cleanup() {
  # SIGTERM closes the window like Ctrl+Q (it autosaves): wait for it before removing $work.
  if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
on_fail() {
  echo "---- layout.txt"; cat "$state/layout.txt" 2>/dev/null || true
  echo "---- ruling.json"; cat "$state/ruling.json" 2>/dev/null || true
  echo "---- umpire stderr"; cat "$work/stderr" 2>/dev/null || true
}

start() {
  rm -f "$state/layout.txt"
  "$umpire" --state-dir "$state" --test-layout --size 1280x800 --scale 1 "$@" 2>>"$work/stderr" &
  pid=$!
  local i
  for ((i = 0; i < 300; i++)); do
    xdotool search --name 'Umpire' >/dev/null 2>&1 && break
    if ! kill -0 "$pid" 2>/dev/null; then
      if grep -q "no display" "$work/stderr"; then cat "$work/stderr"; exit 75; fi  # retry on another display
      on_fail; fail "umpire exited before its window appeared"
    fi
    sleep 0.1
  done
  xdotool search --name 'Umpire' >/dev/null 2>&1 || { on_fail; fail "timed out waiting for the window"; }
  win=$(xdotool search --name 'Umpire' | head -1)
  wait_for 30 "the layout file" grep -q '^widget range ' "$state/layout.txt" || { on_fail; exit 1; }
  wait_for 10 "the ruling" test -s "$state/ruling.json" || { on_fail; exit 1; }
  layout_settle
}
# Waits until layout.txt has not changed for half a second (the first frames still move things).
# widget NAME -> "x0 y0 x1 y1" (window pixels)
click() { xdotool mousemove --window "$win" "$1" "$2" click 1; }
title() { xdotool getwindowname "$win"; }
json_of() { "$cli" rule "$1" --json; }
same_ruling() { [ "$(cat "$state/ruling.json")" = "$(json_of "$1")" ]; }

# ---- 1. open the situation: the window rules it exactly as the CLI does
start --situation "$sit"
same_ruling "$sit" || { on_fail; fail "the window's ruling differs from umpire-cli's"; }
case "$(title)" in *situation.toml*) ;; *) fail "title '$(title)' does not name the file" ;; esac
case "$(title)" in *'*'*) fail "title '$(title)' marked modified before any edit" ;; esac
echo "ok 1: opened, same ruling as the CLI, title '$(title)'"

# ---- 2. type a new range into the range field (up to three tries: a loaded machine can drop the first click)
typed=""
for try in 1 2 3; do
  layout_settle
  read -r x0 y0 x1 y1 <<<"$(layout_widget range)"
  click $((x0 + 20)) $(((y0 + y1) / 2))
  sleep 0.5
  xdotool key --delay 80 ctrl+a
  xdotool type --delay 80 "7"
  xdotool key --delay 80 Tab
  if wait_for 5 "the ruling for range 7 (try $try)" grep -q '"range":7[,}]' "$state/ruling.json"; then typed=1; break; fi
done
[ -n "$typed" ] || { on_fail; exit 1; }
wait_for 5 "the modified marker in the title" sh -c "xdotool getwindowname $win | grep -q '\*'" || { on_fail; exit 1; }
same_ruling "$state/situation.toml" || { on_fail; fail "the ruling differs from the CLI's ruling of the autosaved situation"; }
echo "ok 2: typed range 7: ruling follows, autosaved, title '$(title)'"

# ---- 3. Ctrl+S saves to the file; the CLI rules the saved file the same
xdotool mousemove --window "$win" 900 30
xdotool key --delay 80 ctrl+s
wait_for 10 "the saved file" grep -q '^range = 7$' "$sit" || { on_fail; cat "$sit"; exit 1; }
same_ruling "$sit" || { on_fail; fail "the saved file rules differently"; }
wait_for 5 "the title without the modified marker" sh -c "! xdotool getwindowname $win | grep -q '\*'" || { on_fail; exit 1; }
echo "ok 3: Ctrl+S saved; umpire-cli agrees; title '$(title)'"

# ---- 4. click the rear sector of the aspect picker (a vehicle target)
if [ -n "$(layout_widget aspect)" ]; then
  clicked=""
  for try in 1 2 3; do
    layout_settle
    read -r x0 y0 x1 y1 <<<"$(layout_widget aspect)"
    click $(((x0 + x1) / 2)) $((y1 - 12))
    if wait_for 5 "aspect = rear in the autosave (try $try)" grep -q '^aspect = "rear"$' "$state/situation.toml"; then clicked=1; break; fi
  done
  [ -n "$clicked" ] || { on_fail; exit 1; }
  wait_for 10 "the ruling of the rear shot" same_ruling "$state/situation.toml" || { on_fail; exit 1; }
  echo "ok 4: clicked the rear sector: aspect rear, ruling follows"
else
  echo "ok 4: skipped (no aspect picker for this situation's target)"
fi
before=$(cat "$state/ruling.json")

# ---- 5. Ctrl+Q closes; the next start brings back the unsaved edit
xdotool key --delay 80 ctrl+q
wait_for 10 "the window to close" sh -c "! kill -0 $pid" || { on_fail; exit 1; }
wait "$pid" || fail "umpire exited with status $?"
pid=""
start
[ "$(cat "$state/ruling.json")" = "$before" ] || { on_fail; fail "the restored ruling differs"; }
case "$(title)" in *situation.toml*) ;; *) fail "restart did not reopen the file: '$(title)'" ;; esac
if [ -n "$(grep '^aspect = "rear"$' "$state/situation.toml")" ]; then
  case "$(title)" in *'*'*) ;; *) fail "restored unsaved edit not marked modified: '$(title)'" ;; esac
fi
restored=$(title)
echo "ok 5: restart restored the situation and its unsaved edit: '$restored'"

# ---- 6. an edit followed at once by SIGTERM (logout, shutdown, kill) is not lost. Save first, so
# the edit shows as "modified 1" in layout.txt the frame it is made, 0.3 s before its autosave.
xdotool mousemove --window "$win" 900 30
xdotool key --delay 80 ctrl+s
wait_for 10 "the saved state" grep -q "^modified 0" "$state/layout.txt" || { on_fail; exit 1; }
typed=""
for try in 1 2 3; do
  layout_settle
  read -r x0 y0 x1 y1 <<<"$(layout_widget title)"
  click $((x1 - 10)) $(((y0 + y1) / 2))
  sleep 0.5
  xdotool key --delay 80 End
  xdotool type --delay 80 "Q$try"
  # the window has taken the keys (its title is marked modified): send the signal at once
  if wait_for 5 "the edit in the layout (try $try)" grep -q "^modified 1" "$state/layout.txt"; then typed=$try; break; fi
done
[ -n "$typed" ] || { on_fail; exit 1; }
kill -TERM "$pid"
wait_for 10 "the window to close after SIGTERM" sh -c "! kill -0 $pid" || { on_fail; exit 1; }
pid=""
grep -q "^title = \".*Q$typed\"$" "$state/situation.toml" || { on_fail; cat "$state/situation.toml"; fail "the edit before SIGTERM was lost"; }
echo "ok 6: SIGTERM right after an edit: the edit was autosaved"
echo "PASS"
