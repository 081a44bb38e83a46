#!/usr/bin/env bash
# build.sh [BUILD_DIR] [extra cmake args...]: configure and build (Release
# unless told otherwise).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/build}
shift || true
cmake -S "$root" -B "$dir" -G Ninja "$@" >/dev/null
cmake --build "$dir"
