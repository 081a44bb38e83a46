#!/usr/bin/env bash
# build_windows.sh [BUILD_DIR]: the library, gameai.exe, the self-contained
# gameai_c.dll (with its import library) and the test suites cross-built
# for Windows x86-64 with Debian's mingw-w64 into BUILD_DIR
# (build-windows/); ctest there runs the tests under wine. Abseil is built
# for Windows from Debian's source package once and cached outside the
# checkout (scripts/third_party.sh); GoogleTest from Debian's googletest
# sources. scripts/deps_windows.sh installs what is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/build-windows}
"$root/scripts/deps_windows.sh"
absl=$("$root/scripts/third_party.sh" abseil windows)
source "$root/scripts/lib/ccache.sh"
ccache_launcher "$root"
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE="$root/cmake/mingw-w64.cmake" \
  -Dabsl_DIR="$absl/lib/cmake/absl" \
  -DGAMEAI_MPI=OFF -DGAMEAI_BUILD_BENCH=OFF -DGAMEAI_PYTHON=OFF "${launcher[@]}" >/dev/null
# The build runs the test programs under wine to list their tests.
source "$root/scripts/lib/wine_session.sh"
wine_session_start
trap wine_session_stop EXIT
cmake --build "$dir"
