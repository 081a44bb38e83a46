#!/usr/bin/env bash
# build.sh [BUILD_DIR] [extra cmake args...]: configure and build (Release
# unless told otherwise).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/build}
shift || true
# The Python module is built for Debian's interpreter (python3-dev's).
# ccache, where installed, makes a rebuild of unchanged sources cheap.
source "$root/scripts/lib/ccache.sh"
ccache_launcher "$root"
cmake -S "$root" -B "$dir" -G Ninja -DGAMEAI_PYTHON=ON \
  -DPython3_EXECUTABLE=/usr/bin/python3 "${launcher[@]}" "$@" >/dev/null
cmake --build "$dir"
