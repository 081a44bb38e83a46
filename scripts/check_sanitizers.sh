#!/usr/bin/env bash
# check_sanitizers.sh [BUILD_DIR [FUZZ_SECONDS]]: the whole test suite under
# AddressSanitizer + UndefinedBehaviorSanitizer (leaks detected, the first
# report aborting), then each libFuzzer target for FUZZ_SECONDS (default 30;
# 0 skips fuzzing) from the same clang build. BUILD_DIR defaults to
# build-asan in this checkout and may be reused from one run to the next.
#
# Not part of .ci/run, where it does not fit the hour on 2 cores beside the
# native, WebAssembly and cross builds: the suite alone runs about 10 min
# under the sanitizers, and the whole script took 12 min with ccache warm
# (a cold clang build of the library, tests and fuzz targets comes on top).
# Run it before merging a change to memory handling, the C API, or anything
# that parses outside input.
# Exits 1 when a test or a fuzz target fails, 2 on bad usage.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath -m "${1:-$root/build-asan}")
seconds=${2:-30}
if ! [[ $seconds =~ ^[0-9]+$ ]]; then
  echo "check_sanitizers.sh: FUZZ_SECONDS must be a whole number of seconds" \
    "(0 skips fuzzing), not '$seconds'" >&2
  exit 2
fi
# One clang build for the suite and the fuzz targets (libFuzzer needs
# clang). Line tables are all the reports need, and cheaper to build than
# full debug information.
"$root/scripts/build.sh" "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
  -DGAMEAI_SANITIZE=ON -DGAMEAI_FUZZ=ON -DGAMEAI_BUILD_BENCH=OFF
echo "== the suite under ASan + UBSan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir "$build" --output-on-failure -j2 || exit 1
if ((seconds > 0)); then
  echo "== fuzzing: each libFuzzer target for $seconds s"
  "$root/scripts/fuzz.sh" "$seconds" "$build" || exit 1
fi
echo "check_sanitizers.sh: passed"
