#!/usr/bin/env bash
# c_lib_self_contained.sh LIB: the shared C library a game ships exports only
# the gameai_* functions and needs nothing beyond the C and C++ runtimes
# (libgameai_c.so, native or cross-built), or on Windows (gameai_c.dll)
# nothing beyond Windows' own DLLs: no libstdc++-6.dll, libgcc_s_seh-1.dll,
# libwinpthread-1.dll or Abseil DLL beside it.
set -euo pipefail
lib=${1:?usage: c_lib_self_contained.sh path/to/libgameai_c.so|gameai_c.dll}
status=0

# check_exports EXPORTED ALLOWED: the exported names (one a line) are
# gameai_* or match ALLOWED, and gameai_game_load is among them.
check_exports() {
  local stray
  stray=$(grep -Ev "^(gameai_[a-z0-9_]+$2)\$" <<<"$1" || true)
  if [[ -n $stray ]]; then
    echo "FAIL: $lib exports symbols besides gameai_*:" >&2
    head -20 <<<"$stray" >&2
    status=1
  fi
  if ! grep -q '^gameai_game_load$' <<<"$1"; then
    echo "FAIL: $lib does not export gameai_game_load" >&2
    status=1
  fi
}

if [[ $lib == *.dll ]]; then
  objdump=x86_64-w64-mingw32-objdump
  headers=$("$objdump" -p "$lib")
  exported=$(awk '/\[Ordinal\/Name Pointer\] Table/ {on = 1; next}
    on && NF == 0 {exit} on {print $NF}' <<<"$headers")
  check_exports "$exported" ""
  # Windows' own DLLs: the kernel, the C runtime every Windows has
  # (msvcrt), sockets and the debugging help (Abseil's symbolizer).
  imports=$(awk '/DLL Name:/ {print $3}' <<<"$headers")
  extra=$(grep -Eiv '^(kernel32|advapi32|msvcrt|ws2_32|mswsock|dbghelp|user32|bcrypt)\.dll$' \
    <<<"$imports" || true)
  if [[ -n $extra ]]; then
    echo "FAIL: $lib imports DLLs that are not Windows' own:" >&2
    echo "$extra" >&2
    status=1
  fi
  if ((status == 0)); then
    echo "$lib: $(wc -l <<<"$exported") exports, all gameai_*; imports" \
      "$(tr '\n' ' ' <<<"$imports")"
  fi
  exit $status
fi

# Exported symbols: gameai_* only (the linker's own _init/_fini allowed).
exported=$(nm -D --defined-only "$lib" | awk '{print $NF}')
check_exports "$exported" "|_init|_fini"

# Dependencies: the loader, libc, libm, libstdc++ and libgcc_s only (as
# the library names them: readelf reads a cross-built one too).
deps=$(readelf -dW "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
extra=$(grep -Ev '^(linux-vdso\.so\.1|/?[^ ]*ld-linux[^ ]*\.so\.[0-9]+|libc\.so\.6|libm\.so\.6|libstdc\+\+\.so\.6|libgcc_s\.so\.1)$' <<<"$deps" || true)
if [[ -n $extra ]]; then
  echo "FAIL: $lib depends on more than the C and C++ runtimes:" >&2
  echo "$extra" >&2
  status=1
fi

# Thread-locals: Abseil's archives use the initial-exec TLS model, so the
# library is flagged STATIC_TLS and dlopen (Mono, Unity) must fit its whole
# thread-local block into the loader's small static TLS reserve.
tls=$(($(readelf -lW "$lib" | awk '$1 == "TLS" {print $6}' | grep . || echo 0)))
if ((tls > 1024)); then
  echo "FAIL: $lib has ${tls} bytes of thread-locals; dlopen fails beyond" \
    "the loader's static TLS reserve (keep large buffers off thread_local)" >&2
  status=1
fi

if ((status == 0)); then
  echo "$lib: $(wc -l <<<"$exported") symbols, all gameai_*; $tls bytes of" \
    "thread-locals; needs $(tr '\n' ' ' <<<"$deps")"
fi
exit $status
