#!/usr/bin/env bash
# build_aarch64.sh [BUILD_DIR]: the library, the CLI, the C library and the
# test suites cross-built for Linux aarch64 (Debian's g++-aarch64-linux-gnu
# against Debian's arm64 packages, multiarch) into BUILD_DIR
# (build-aarch64/); ctest there runs every test under qemu-aarch64.
# scripts/deps_aarch64.sh installs what is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/build-aarch64}
"$root/scripts/deps_aarch64.sh"
source "$root/scripts/lib/ccache.sh"
ccache_launcher "$root"
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE="$root/cmake/aarch64-linux-gnu.cmake" \
  -Dabsl_DIR=/usr/lib/aarch64-linux-gnu/cmake/absl \
  -DGTest_DIR=/usr/lib/aarch64-linux-gnu/cmake/GTest \
  -DGAMEAI_MPI=OFF -DGAMEAI_BUILD_BENCH=OFF -DGAMEAI_PYTHON=OFF "${launcher[@]}" >/dev/null
cmake --build "$dir"
