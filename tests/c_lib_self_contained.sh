#!/usr/bin/env bash
# c_lib_self_contained.sh LIB: the shared C library a game ships exports only
# the gameai_* functions and needs nothing beyond the C and C++ runtimes.
set -euo pipefail
lib=${1:?usage: c_lib_self_contained.sh path/to/libgameai_c.so}
status=0

# Exported symbols: gameai_* only (the linker's own _init/_fini allowed).
exported=$(nm -D --defined-only "$lib" | awk '{print $NF}')
stray=$(grep -Ev '^(gameai_[a-z0-9_]+|_init|_fini)$' <<<"$exported" || true)
if [[ -n $stray ]]; then
  echo "FAIL: $lib exports symbols besides gameai_*:" >&2
  head -20 <<<"$stray" >&2
  status=1
fi
if ! grep -q '^gameai_game_load$' <<<"$exported"; then
  echo "FAIL: $lib does not export gameai_game_load" >&2
  status=1
fi

# Dependencies: the loader, libc, libm, libstdc++ and libgcc_s only.
deps=$(ldd "$lib" | awk '{print $1}')
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
