#!/usr/bin/env bash
# test.sh LIB_DIR [OUT_DIR]: compiles the C# binding (every public member
# documented, no warnings) and its test program with Mono's mcs into OUT_DIR
# (default LIB_DIR/csharp), and runs the test against LIB_DIR/libgameai_c.so.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lib_dir=$(cd "${1:?usage: test.sh LIB_DIR [OUT_DIR]}" && pwd)
out=${2:-$lib_dir/csharp}
[[ -e $lib_dir/libgameai_c.so ]] || { echo "no libgameai_c.so in $lib_dir" >&2; exit 1; }
mkdir -p "$out"
mcs -target:library -warnaserror+ -warn:4 -doc:"$out/GameAi.xml" \
  -out:"$out/GameAi.dll" "$here"/*.cs
mcs -warnaserror+ -warn:4 -r:"$out/GameAi.dll" -out:"$out/BindingTest.exe" \
  "$here"/tests/*.cs
cd "$out"
LD_LIBRARY_PATH="$lib_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" mono BindingTest.exe
