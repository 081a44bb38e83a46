#!/usr/bin/env bash
# check_platforms.sh: the cross builds, tested under their emulators (what
# .ci/run runs for them). Builds build/ (native) when missing, then
# build-windows/ and build-aarch64/ (each reusing its caches), and runs:
#   Windows x86-64 under wine: the whole test suite;
#   Linux aarch64 under qemu-user: the whole test suite, whose Yacht table
#     (built under qemu) must be the native one byte for byte;
#   the same seed gives the same result on all three
#     (tests/platform/same_results.py);
#   each platform's release archive (tests/release_test.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/lib/wine_session.sh"

[[ -x $root/build/gameai ]] || "$root/scripts/build.sh" "$root/build"
"$root/scripts/build_windows.sh" "$root/build-windows"
"$root/scripts/build_aarch64.sh" "$root/build-aarch64"

echo "== Windows x86-64 under wine: the whole suite"
wine_session_start
trap wine_session_stop EXIT
# A program wine fails to start (rarely: an empty run in no time) is
# tried once more; a test that fails twice fails.
ctest --test-dir "$root/build-windows" -j2 --output-on-failure --repeat until-pass:2

echo "== Linux aarch64 under qemu-user: the whole suite"
ctest --test-dir "$root/build-aarch64" -j2 --output-on-failure
table=test-yacht-tables/yacht-optimal-bonus0.table
[[ -s $root/build/$table ]] || ctest --test-dir "$root/build" -R '^yacht_table$' >/dev/null
cmp "$root/build/$table" "$root/build-aarch64/$table"
echo "the Yacht table built under qemu is the native one, byte for byte"

echo "== the same seed, the same result: Linux x86-64, Linux aarch64, Windows"
python3 "$root/tests/platform/same_results.py" "$root/build/gameai" \
  "$root/build-aarch64/run/gameai_cli" "$root/build-windows/run/gameai_cli"

echo "== release archives"
bash "$root/tests/release_test.sh" "$root/build" "$root/build-windows" "$root/build-aarch64"
