#!/usr/bin/env bash
# third_party.sh PACKAGE TARGET: builds a compiled dependency (abseil,
# or benchmark: Google Benchmark, for the WebAssembly speed ratios) for a cross
# TARGET (wasm: Emscripten; windows: mingw-w64, cmake/mingw-w64.cmake)
# from Debian's own source package, the version of
# the installed -dev package, and prints the install prefix to give CMake
# (-Dabsl_DIR=PREFIX/lib/cmake/absl, -Dbenchmark_DIR=...). The build is
# cached outside the checkout, in
#   ${GAMEAI_CACHE:-${XDG_CACHE_HOME:-~/.cache}/gameai}/PACKAGE-VERSION-TARGET-TOOLCHAIN
# keyed by the Debian version and the compiler's, so a second build reuses
# it. The sources come through a private sources list (deb-src
# entries made from the system's own Debian entries): the system's apt
# configuration is left as it is.
set -euo pipefail
[[ $# -eq 2 ]] || { echo "usage: $0 abseil|benchmark wasm|windows" >&2; exit 2; }
package=$1
target=$2
case $package in
  abseil) dev=libabsl-dev
    options=(-DCMAKE_CXX_STANDARD=20 -DABSL_PROPAGATE_CXX_STD=ON -DBUILD_TESTING=OFF -DABSL_ENABLE_INSTALL=ON) ;;
  benchmark) dev=libbenchmark-dev
    options=(-DBENCHMARK_ENABLE_TESTING=OFF -DBENCHMARK_ENABLE_GTEST_TESTS=OFF -DBENCHMARK_ENABLE_WERROR=OFF
      -DBENCHMARK_ENABLE_LTO=OFF -DBENCHMARK_ENABLE_INSTALL=ON) ;;
  *) echo "third_party.sh: package '$package' is not one of: abseil, benchmark" >&2; exit 2 ;;
esac
case $target in
  wasm)
    toolchain_version=$(em++ --version | head -1 | grep -o '[0-9]\+\.[0-9]\+\.[0-9]\+' | head -1)
    configure=(emcmake cmake)
    toolchain_args=()
    ;;
  windows)
    toolchain_version=$(x86_64-w64-mingw32-g++-posix -dumpfullversion)
    configure=(cmake)
    toolchain_args=(-DCMAKE_TOOLCHAIN_FILE="$(cd "$(dirname "$0")/.." && pwd)/cmake/mingw-w64.cmake"
      -DCMAKE_CROSSCOMPILING_EMULATOR=)
    ;;
  *) echo "third_party.sh: target '$target' is not one of: wasm, windows" >&2; exit 2 ;;
esac
# The build machine's own package: with arm64 libraries beside it
# (multiarch) an unqualified name would give both versions.
version=$(dpkg-query -W -f='${Version}' "$dev:$(dpkg --print-architecture)" 2>/dev/null || true)
[[ -n $version ]] || { echo "$dev is not installed: run scripts/deps.sh" >&2; exit 1; }
# Debian's benchmark takes its version from the build, not from git.
[[ $package == benchmark ]] && options+=(-DGIT_VERSION="${version%%-*}")
cache=${GAMEAI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gameai}
prefix=$cache/$package-${version//[^A-Za-z0-9.+-]/_}-$target-$toolchain_version
if [[ -f $prefix/.complete ]]; then
  echo "$prefix"
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/gameai-$package.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/sources.list.d" "$work/lists/partial"
found=0
for f in /etc/apt/sources.list.d/*.sources; do
  [[ -f $f ]] && grep -q 'debian.org' "$f" || continue
  sed 's/^Types: deb$/Types: deb-src/' "$f" >"$work/sources.list.d/$(basename "$f")"
  found=1
done
if [[ -f /etc/apt/sources.list ]]; then
  grep -E '^deb .*debian\.org' /etc/apt/sources.list | sed 's/^deb /deb-src /' \
    >"$work/sources.list.d/debian.list" || true
  [[ -s $work/sources.list.d/debian.list ]] && found=1
fi
((found)) || { echo "no Debian entry in /etc/apt to make a deb-src entry from" >&2; exit 1; }
apt_private=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$work/sources.list.d"
  -o Dir::State::Lists="$work/lists" -o APT::Sandbox::User=root)
echo "== $package $version for $target: fetching Debian's source package" >&2
apt-get "${apt_private[@]}" -qq update >&2
(cd "$work" && apt-get "${apt_private[@]}" -qq source "$package=$version" >&2)
src=$(find "$work" -maxdepth 1 -type d -name "$package-*" | head -1)
echo "== $package $version for $target: building into $prefix" >&2
rm -rf "$prefix"
"${configure[@]}" -S "$src" -B "$work/build" -G Ninja "${toolchain_args[@]}" \
  -DCMAKE_BUILD_TYPE=Release "${options[@]}" -DCMAKE_INSTALL_PREFIX="$prefix" >&2
cmake --build "$work/build" --target install >&2
if [[ $package == abseil && $target == wasm ]]; then
  # Debian's patch links -latomic (for its ports); WebAssembly has its
  # atomics built in and no such library.
  sed -i -E 's/;?-Wl,--push-state,--as-needed;(\\\$<LINK_ONLY:)?-latomic>?;-Wl,--pop-state//g' \
    "$prefix/lib/cmake/absl/abslTargets.cmake"
fi
touch "$prefix/.complete"
echo "$prefix"
