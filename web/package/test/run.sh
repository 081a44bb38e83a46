#!/usr/bin/env bash
# run.sh TARBALL NATIVE_GAMEAI: installs the packed package into a fresh
# folder, as a user would, and runs the tests there with Node's own test
# runner (--expose-gc for the finalizer test), then type-checks
# types_check.mts against the installed declarations with the TypeScript
# pinned in web/package/package-lock.json. NATIVE_GAMEAI: the native
# gameai program the results are compared with.
set -euo pipefail
[[ $# -eq 2 ]] || { echo "usage: $0 gameai-VERSION.tgz path/to/native/gameai" >&2; exit 2; }
tarball=$(realpath "$1")
cli=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/gameai-npm-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
npm init -y >/dev/null
npm install --no-audit --no-fund --offline "$tarball" >/dev/null
cp "$here"/*.mjs "$here/types_check.mts" "$here/tsconfig.json" "$work/"
GAMEAI_CLI=$cli node --expose-gc --test --test-concurrency=1 ./*.test.mjs

echo "== TypeScript: the declarations against types_check.mts"
(cd "$here/.." && npm ci --no-audit --no-fund --silent)
"$here/../node_modules/.bin/tsc" -p "$work/tsconfig.json"
echo "types: ok"
