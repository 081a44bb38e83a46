#!/usr/bin/env bash
# installed_headers_test.sh BUILD_DIR CXX [INCLUDE_DIR...]: installs
# BUILD_DIR into a fresh prefix and checks what a user gets: no internal/
# folder and no header that includes one, and every header compiling on
# its own (C++20, the system's Abseil and fmt, or in a cross build the
# target's, in the INCLUDE_DIRs; c_api.h as C99 too).
set -uo pipefail
build=${1:?usage: installed_headers_test.sh BUILD_DIR CXX [INCLUDE_DIR...]}
cxx=${2:?usage: installed_headers_test.sh BUILD_DIR CXX [INCLUDE_DIR...]}
shift 2
extra=()
for dir in "$@"; do extra+=(-isystem "$dir"); done
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null || { echo "FAIL: install"; exit 1; }
include=$prefix/include
failures=0
if find "$include" -path '*/internal*' | grep -q .; then
  echo "FAIL: internal headers installed:"; find "$include" -path '*/internal*'
  failures=$((failures + 1))
fi
if grep -rln '#include "gameai/.*internal/' "$include"; then
  echo "FAIL: the installed headers above include internal ones"
  failures=$((failures + 1))
fi
mapfile -t headers < <(cd "$include" && find gameai -name '*.h' | sort)
((${#headers[@]} > 0)) || { echo "FAIL: no header installed"; exit 1; }
# One compiler run a header, two at a time; each prints FAIL with its
# errors.
printf '%s\n' "${headers[@]}" | xargs -P2 -I{} bash -c '
  echo "#include \"{}\"" | "$0" -std=c++20 -fsyntax-only -x c++ -I"$1" "${@:2}" - 2>/tmp/hdr.$$.err ||
    { echo "FAIL: {} does not compile alone:"; head -5 /tmp/hdr.$$.err; rm -f /tmp/hdr.$$.err; exit 1; }
  rm -f /tmp/hdr.$$.err' "$cxx" "$include" "${extra[@]}" || failures=$((failures + 1))
echo '#include "gameai/c_api.h"' | cc -std=c99 -pedantic -Werror -fsyntax-only -x c -I"$include" - ||
  { echo "FAIL: gameai/c_api.h is no C99"; failures=$((failures + 1)); }
echo "${#headers[@]} installed headers checked"
((failures == 0)) || { echo "$failures header check(s) failed"; exit 1; }
echo "1 passed, 0 failed"
