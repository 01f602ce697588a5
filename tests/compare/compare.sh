#!/usr/bin/env bash
# Compare two umpire-cli builds byte for byte (issue 21, point 5). Usage and options:
#   tests/compare/compare.sh OLD_CLI NEW_CLI [--quick] [--rules-data DIR] [-j N] [--show N] ...
# See tests/compare/README.md; `compare.sh --help` lists every option.
set -euo pipefail
exec python3 "$(dirname "${BASH_SOURCE[0]}")/compare.py" "$@"
