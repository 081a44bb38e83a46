#!/usr/bin/env bash
# build_wasm.sh [--games LIST] [--bench] [BUILD_DIR]: the WebAssembly build
# (Debian's Emscripten) into BUILD_DIR (build-wasm/): the library's
# JavaScript module, the generic C++ suites for Node, and the npm package
# packed as BUILD_DIR/gameai-VERSION.tgz. LIST: games from src/games.txt,
# comma separated (default: all). --bench: gameai_bench too (Google
# Benchmark built for WebAssembly; bench/wasm_ratios.sh). Abseil (and
# Google Benchmark) are built for WebAssembly once and cached
# (scripts/third_party.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
games=""
dir=""
bench=(-DGAMEAI_BUILD_BENCH=OFF)
while (($#)); do
  case $1 in
    --games) [[ $# -ge 2 ]] || { echo "--games needs a list, e.g. --games mancala,yacht" >&2; exit 2; }
      games=$2; shift 2 ;;
    --games=*) games=${1#--games=}; shift ;;
    --bench) bench=(-DGAMEAI_BUILD_BENCH=ON); shift ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "build_wasm.sh: unknown option '$1'; accepted: --games LIST, --bench, BUILD_DIR" >&2; exit 2 ;;
    *) dir=$1; shift ;;
  esac
done
dir=${dir:-$root/build-wasm}
"$root/scripts/deps_wasm.sh"
# Debian's Emscripten runs its tools with the machine's node, which finds
# Debian's JavaScript modules (acorn) only through NODE_PATH.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

absl=$("$root/scripts/third_party.sh" abseil wasm)
if [[ ${bench[0]} == -DGAMEAI_BUILD_BENCH=ON ]]; then
  bench+=(-Dbenchmark_DIR="$("$root/scripts/third_party.sh" benchmark wasm)/lib/cmake/benchmark")
fi
cmake_games=()
[[ -n $games ]] && cmake_games=(-DGAMEAI_GAMES="${games//,/;}")
source "$root/scripts/lib/ccache.sh"
ccache_launcher "$root"
emcmake cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -Dabsl_DIR="$absl/lib/cmake/absl" "${bench[@]}" \
  -DGAMEAI_HUGE_PAGES=OFF -DGAMEAI_MPI=OFF "${cmake_games[@]}" "${launcher[@]}" >/dev/null
cmake --build "$dir"

# The npm package: web/package's files and the module, packed as a user
# gets it.
version=$(sed -n 's/^project(gameai VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
stage=$dir/package
rm -rf "$stage"
mkdir -p "$stage"
cp "$root"/web/package/{package.json,README.md,index.js,index.d.ts} "$stage/"
cp "$dir/gameai_core.mjs" "$dir/gameai_core.wasm" "$stage/"
package_version=$(node -p "require('$stage/package.json').version")
[[ $package_version == "$version" ]] || {
  echo "web/package/package.json has version $package_version; the project is $version" >&2; exit 1; }
rm -f "$dir"/gameai-*.tgz
(cd "$stage" && npm pack --silent --pack-destination "$dir" >/dev/null)
echo "$dir/gameai-$version.tgz"
