#!/bin/sh
# Fails when PROGRAM needs a shared C++ library (libstdc++, libgcc_s, toml++): umpire-cli links
# GCC's C++ runtime and toml++ in, which takes about 0.45 ms off every ruling (README, Speed).
# Reads the program's dynamic section (readelf, from binutils, which the compiler needs anyway).
#
#   tests/structure/no-cxx-library.sh PROGRAM
set -eu
program=${1:?usage: no-cxx-library.sh PROGRAM}
needed=$(readelf -d "$program" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
[ -n "$needed" ] || { echo "no-cxx-library.sh: $program names no shared library at all (is it a dynamic program?)" >&2; exit 1; }
bad=$(printf '%s\n' "$needed" | grep -E '^lib(stdc\+\+|gcc_s|tomlplusplus)\.' || true)
if [ -n "$bad" ]; then
    echo "$program loads $(echo $bad): link them in (UMPIRE_STATIC_CXX_RUNTIME, umpire_toml; README, Speed)" >&2
    exit 1
fi
echo "$program loads only: $(echo $needed)"
