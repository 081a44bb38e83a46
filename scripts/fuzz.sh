#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with clang in build-fuzz and runs
# each for SECONDS_PER_TARGET (default 60) from its seed corpus and its
# regression corpus. A crash leaves crash-* in build-fuzz/findings/<target>
# and fails the script; copy the input into fuzz/regressions/<target>/ once
# fixed, so the test suite replays it. BUILD_DIR: an existing build
# configured with -DGAMEAI_FUZZ=ON (CI's sanitizer build) instead of its own.
#   scripts/fuzz.sh [SECONDS_PER_TARGET [BUILD_DIR]]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
build=$(realpath -m "${2:-$root/build-fuzz}")  # absolute: the runs cd away
"$root/scripts/deps.sh"
if [[ -z ${2:-} ]]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DGAMEAI_FUZZ=ON \
    -DGAMEAI_BUILD_TESTS=OFF -DGAMEAI_BUILD_BENCH=OFF -DGAMEAI_PYTHON=OFF >/dev/null
elif ! grep -q '^GAMEAI_FUZZ:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  echo "fuzz.sh: $build is not a build configured with -DGAMEAI_FUZZ=ON" >&2
  exit 2
fi
targets=(state_text action_text spec_text c_api_calls)
cmake --build "$build" -j"$(nproc)" --target "${targets[@]/#/fuzz_}"
failed=0
for target in "${targets[@]}"; do
  work="$build/findings/$target"
  mkdir -p "$work/corpus"
  echo "== fuzz_$target for ${seconds} s"
  # fuzz_c_api_calls links the C library (a shared object holding its own
  # copy of the library) beside the static library its support code needs,
  # so classes whose type info is emitted in one object file (Game's, by
  # its key function) are there twice by construction: not a defect of the
  # code under test.
  odr=""
  [[ $target == c_api_calls ]] && odr=":detect_odr_violation=0"
  # The working corpus grows in build-fuzz; the repository's corpora are
  # read only. Leaks are reported by the test suite's ASan build instead.
  if ! (cd "$work" && ASAN_OPTIONS=detect_leaks=0:abort_on_error=1$odr \
      UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "$build/fuzz_$target" -max_total_time="$seconds" -rss_limit_mb=2048 \
      -timeout=20 -max_len=4096 -print_final_stats=1 \
      "$work/corpus" "$root/fuzz/corpus/$target" \
      "$root/fuzz/regressions/$target" 2>"$work/log"); then
    echo "fuzz_$target found a problem (input in $work):"
    tail -40 "$work/log"
    failed=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$work/log" || true
done
exit "$failed"
