#!/usr/bin/env bash
# check_platforms.sh [--ci]: the cross builds, tested under their
# emulators. Builds build/ (native) when missing, then build-windows/ and
# build-aarch64/ (each reusing its caches), and runs:
#   Windows x86-64 under wine and Linux aarch64 under qemu-user: the whole
#     test suite, or with --ci (what .ci/run runs) the suite without the
#     long tests named in `long_tests` below;
#   the aarch64 Yacht tables and spreads (built under qemu) against the
#     native ones, byte for byte;
#   the same seed gives the same result on all three
#     (tests/platform/same_results.py);
#   each platform's release archive (tests/release_test.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/lib/wine_session.sh"
# The long tests (a minute or more under qemu each): searches and
# statistics whose arithmetic same_results.py compares across platforms
# anyway, and the installed headers compiled by the cross compiler.
long_tests='^(YachtMaxWin\.PlaysEveryTableReproducibly|Sprt\..*ErrorRates.*|installed_headers)$'
subset=()
suite="the whole suite"
case ${1:-} in
  --ci) subset=(-E "$long_tests"); suite="the suite without its long tests" ;;
  "") ;;
  *) echo "usage: check_platforms.sh [--ci]" >&2; exit 2 ;;
esac

[[ -x $root/build/gameai ]] || "$root/scripts/build.sh" "$root/build"
"$root/scripts/build_windows.sh" "$root/build-windows"
"$root/scripts/build_aarch64.sh" "$root/build-aarch64"

echo "== [check_platforms: ${SECONDS} s] Windows x86-64 under wine: $suite"
wine_session_start
trap wine_session_stop EXIT
# A program wine fails to start (rarely: an empty run in no time) is
# tried once more; a test that fails twice fails.
ctest --test-dir "$root/build-windows" -j2 --output-on-failure --repeat until-pass:2 "${subset[@]}"

echo "== [check_platforms: ${SECONDS} s] Linux aarch64 under qemu-user: $suite"
ctest --test-dir "$root/build-aarch64" -j2 --output-on-failure "${subset[@]}"
[[ -s $root/build/test-yacht-tables/yacht-spread-bonus1.table ]] ||
  ctest --test-dir "$root/build" -R '^yacht_table$' >/dev/null
for table in optimal-bonus0 optimal-bonus1 spread-bonus0 spread-bonus1; do
  cmp "$root/build/test-yacht-tables/yacht-$table.table" \
    "$root/build-aarch64/test-yacht-tables/yacht-$table.table"
done
echo "the Yacht tables and spreads built under qemu are the native ones, byte for byte"

echo "== [check_platforms: ${SECONDS} s] the same seed, the same result: Linux x86-64, Linux aarch64, Windows"
python3 "$root/tests/platform/same_results.py" "$root/build/gameai" \
  "$root/build-aarch64/run/gameai_cli" "$root/build-windows/run/gameai_cli"

echo "== [check_platforms: ${SECONDS} s] release archives"
bash "$root/tests/release_test.sh" "$root/build" "$root/build-windows" "$root/build-aarch64"
