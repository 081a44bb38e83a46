#!/usr/bin/env bash
# release_test.sh BUILD_DIR...: scripts/release.sh makes each platform's
# archive with everything it promises. From the unpacked archive, as a
# user there would: its CLI plays a match, the C test program
# (tests/c_api_test.c) compiled against its header and linked against its
# library runs (a cross build's under its emulator, a Windows one in a
# wine session), the library needs the system's libraries only; and a
# second run refuses to replace an archive that is there.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
(($#)) || { echo "usage: $0 BUILD_DIR..." >&2; exit 2; }
source "$root/scripts/lib/wine_session.sh"
work=$(mktemp -d)
mkdir "$work/tables"  # the Yacht table the C test program computes
trap 'rm -rf "$work"; wine_session_stop' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

for build in "$@"; do
  archive=$("$root/scripts/release.sh" "$work/out" "$build")
  name=$(basename "$archive")
  name=${name%.zip}
  name=${name%.tar.gz}
  mkdir -p "$work/unpacked"
  case $archive in
    *.zip) unzip -q "$archive" -d "$work/unpacked" ;;
    *) tar -C "$work/unpacked" -xzf "$archive" ;;
  esac
  dir=$work/unpacked/$name
  expected=(README.txt include/gameai/c_api.h bindings/csharp/Native.cs
    bindings/csharp/Game.cs docs/c_api.md docs/csharp.md docs/platforms.md)
  case $name in
    *windows*)
      expected+=(bin/gameai.exe bin/gameai_c.dll lib/libgameai_c.dll.a)
      lib=$dir/bin/gameai_c.dll
      wine_session_start
      run=(wine "$dir/bin/gameai.exe")
      # Windows finds the DLL beside the program.
      cc=(x86_64-w64-mingw32-gcc-posix -o "$dir/bin/c_api_test.exe")
      c_test=(wine "$dir/bin/c_api_test.exe")
      ;;
    *aarch64*)
      expected+=(bin/gameai lib/libgameai_c.so lib/libgameai_c.so.1)
      lib=$dir/lib/libgameai_c.so
      run=(qemu-aarch64 "$dir/bin/gameai")
      cc=(aarch64-linux-gnu-gcc -Wl,-rpath,"$dir/lib" -o "$work/c_api_test")
      c_test=(env GAMEAI_TEST_EMULATOR=qemu-aarch64 qemu-aarch64 "$work/c_api_test")
      ;;
    *)
      expected+=(bin/gameai lib/libgameai_c.so lib/libgameai_c.so.1)
      lib=$dir/lib/libgameai_c.so
      run=("$dir/bin/gameai")
      cc=(gcc -Wl,-rpath,"$dir/lib" -o "$work/c_api_test")
      c_test=("$work/c_api_test")
      ;;
  esac
  for f in "${expected[@]}"; do
    [[ -s $dir/$f ]] || fail "$name lacks $f"
  done
  [[ ! -e $dir/bindings/csharp/tests ]] || fail "$name ships the binding's tests"
  # The archive's own CLI plays a match (the emulator loads the target's
  # libraries, as the platform would).
  out=$("${run[@]}" match mancala --agents greedy,random --games 2 --seed 1 --json | tr -d '\r')
  python3 -c 'import json,sys; d=json.loads(sys.argv[1]); assert d["games"] == 2, d' "$out" ||
    fail "$name: bin/gameai match did not report 2 games: $out"
  "${cc[@]}" -std=c99 -Wall -Wextra -pedantic -I"$dir/include" \
    "$root/tests/c_api_test.c" -L"$dir/lib" -lgameai_c
  GAMEAI_YACHT_TABLE_DIR=$work/tables "${c_test[@]}" >"$work/c_test.out" 2>&1 ||
    fail "$name: tests/c_api_test.c against the archive's library: $(tail -5 "$work/c_test.out")"
  bash "$root/tests/c_lib_self_contained.sh" "$lib"
  # No archive is replaced: the second run stops and names it.
  before=$(sha256sum "$archive")
  if err=$("$root/scripts/release.sh" "$work/out" "$build" 2>&1); then
    fail "a second release.sh replaced $archive"
  fi
  [[ $err == *"$archive exists"* ]] || fail "release.sh did not name the archive it kept: $err"
  [[ $(sha256sum "$archive") == "$before" ]] || fail "$archive changed"
  echo "ok: $name"
done
