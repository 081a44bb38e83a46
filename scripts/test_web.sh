#!/usr/bin/env bash
# test_web.sh [BUILD_DIR] [NATIVE_GAMEAI]: the web app's tests in headless
# Chromium (web/app/test/app.test.mjs, playwright-core pinned by
# web/app/package-lock.json driving Debian's chromium). The site comes
# from scripts/web.sh --site-only (BUILD_DIR: build-wasm/), the native
# gameai (default build/gameai) writes the tournament log the replay test
# reads. Screenshots and figures go to BUILD_DIR/web-test/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/build-wasm}
cli=${2:-$root/build/gameai}
[[ -x $cli ]] || { echo "test_web.sh: no native gameai at $cli (scripts/build.sh build)" >&2; exit 2; }
site=$("$root/scripts/web.sh" --site-only --build-dir "$dir")
(cd "$root/web/app" && npm ci --no-audit --no-fund --silent)
artifacts=$dir/web-test
rm -rf "$artifacts"
cd "$root/web/app"
node --test-concurrency=1 test/app.test.mjs "$site" "$cli" "$artifacts"
echo "web app: screenshots in $artifacts"
