#!/usr/bin/env bash
# release.sh OUT_DIR BUILD_DIR...: one archive per build directory (the
# native build/, build-aarch64/, build-windows/) in OUT_DIR, named
# gameai-VERSION-SYSTEM-PROCESSOR: what a game or a bot author ships or
# links, usable without this machine's libraries:
#   bin/      gameai (the CLI); on Windows gameai.exe and gameai_c.dll
#   lib/      the C library (libgameai_c.so.1 with its links; on Windows
#             the import library libgameai_c.dll.a)
#   include/  gameai/c_api.h
#   bindings/csharp/  the C# binding's sources
#   docs/     the C library's, the C# binding's, the CLI's and the
#             platforms' pages
# A .zip for Windows, a .tar.gz elsewhere. An archive already in OUT_DIR
# is never replaced: the script stops naming it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if (($# < 2)); then
  echo "usage: $0 OUT_DIR BUILD_DIR... (each a built gameai: build/, build-aarch64/, build-windows/)" >&2
  exit 2
fi
out=$(mkdir -p "$1" && cd "$1" && pwd)
shift
version=$(sed -n 's/^project(gameai VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")

# target BUILD_DIR NAME: the system (CMAKE_SYSTEM_NAME) or processor
# (CMAKE_SYSTEM_PROCESSOR) the build is for, as CMake recorded it.
target() { sed -n "s/^set($2 \"\(.*\)\")/\1/p" "$1"/CMakeFiles/*/CMakeSystem.cmake | head -1; }

for build in "$@"; do
  if [[ ! -f $build/CMakeCache.txt ]]; then
    echo "release.sh: '$build' is not a build directory (no CMakeCache.txt)" >&2
    exit 2
  fi
  system=$(target "$build" CMAKE_SYSTEM_NAME)
  processor=$(target "$build" CMAKE_SYSTEM_PROCESSOR)
  name=gameai-$version-${system,,}-$processor
  if [[ $system == Windows ]]; then archive=$out/$name.zip; else archive=$out/$name.tar.gz; fi
  if [[ -e $archive ]]; then
    echo "release.sh: $archive exists; remove it or choose another OUT_DIR" >&2
    exit 1
  fi
  stage=$(mktemp -d)
  trap 'rm -rf "$stage"' EXIT
  dir=$stage/$name
  mkdir -p "$dir/bin" "$dir/lib" "$dir/include/gameai" "$dir/bindings/csharp" "$dir/docs"
  if [[ $system == Windows ]]; then
    cp "$build/gameai.exe" "$build/gameai_c.dll" "$dir/bin/"
    cp "$build/libgameai_c.dll.a" "$dir/lib/"
  else
    cp "$build/gameai" "$dir/bin/"
    # The file itself and its links, as the library's users find it.
    cp -P "$build"/libgameai_c.so "$build"/libgameai_c.so.[0-9]* "$dir/lib/"
  fi
  cp "$root/include/gameai/c_api.h" "$dir/include/gameai/"
  cp "$root"/bindings/csharp/*.cs "$dir/bindings/csharp/"
  cp "$root"/docs/{c_api,csharp,cli,platforms}.md "$dir/docs/"
  cat >"$dir/README.txt" <<EOF
gameai $version for $system $processor

bin/gameai$([[ $system == Windows ]] && echo .exe)  the command line (docs/cli.md)
C library: $([[ $system == Windows ]] && echo "bin/gameai_c.dll, lib/libgameai_c.dll.a" || echo "lib/libgameai_c.so")
           with include/gameai/c_api.h (docs/c_api.md); it needs the
           system's own libraries only
bindings/csharp/  the C# binding over it, for .NET and Unity (docs/csharp.md)
EOF
  if [[ $system != Windows ]]; then
    # The CLI links the system's shared libraries (Debian 12's Abseil,
    # Open MPI): name them, so a user knows what to install with it.
    needed=$(readelf -d "$dir/bin/gameai" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
      grep -v -E '^(libc|libm|libstdc\+\+|libgcc_s|ld-linux.*)\.so' | tr '\n' ' ')
    printf '\nbin/gameai needs these shared libraries of Debian 12 (packages\nlibabsl20220623, libopenmpi3 when listed): %s\n' \
      "$needed" >>"$dir/README.txt"
  fi
  if [[ $system == Windows ]]; then
    (cd "$stage" && zip -qr "$archive" "$name")
  else
    tar -C "$stage" -czf "$archive" "$name"
  fi
  rm -rf "$stage"
  trap - EXIT
  echo "$archive"
done
