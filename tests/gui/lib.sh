# Shared helpers for the window tests (sourced). Each test runs the real umpire
# binary under Xvfb; exit status 77 means "skipped" (a tool is not installed).
XVFB_SCREEN="-screen 0 1280x800x24"

need_tools() {
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null 2>&1 || { echo "SKIP: $t is not installed (./dev deps installs it)"; exit 77; }
  done
}

# Re-runs the calling script inside a fresh Xvfb display (once), with a time limit.
inside_xvfb() {
  if [ -z "${UMPIRE_TEST_IN_XVFB:-}" ]; then
    export UMPIRE_TEST_IN_XVFB=1
    exec timeout "${1:-180}" xvfb-run -a -s "$XVFB_SCREEN" "$0" "${@:2}"
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
