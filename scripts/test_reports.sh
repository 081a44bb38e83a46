#!/usr/bin/env bash
# test_reports.sh [NATIVE_GAMEAI] [ARTIFACT_DIR]: the workbench's report
# pages (gameai tournament/sprt/match --html) in headless Chromium
# (tests/workbench/report_pages.test.mjs, with the playwright-core that
# web/app/package-lock.json pins, driving Debian's chromium). Screenshots
# go to ARTIFACT_DIR (default build/report-test/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli=${1:-$root/build/gameai}
artifacts=${2:-$root/build/report-test}
[[ -x $cli ]] || { echo "test_reports.sh: no native gameai at $cli (scripts/build.sh build)" >&2; exit 2; }
(cd "$root/web/app" && npm ci --no-audit --no-fund --silent)
rm -rf "$artifacts"
node --test-concurrency=1 "$root/tests/workbench/report_pages.test.mjs" "$cli" "$root/web/app" "$artifacts"
echo "report pages: screenshots in $artifacts"
