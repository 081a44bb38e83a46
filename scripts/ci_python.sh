#!/usr/bin/env bash
# ci_python.sh [BUILD_DIR]: the Python package as a user installs it: a
# fresh venv (with the system's numpy), `pip install --no-build-isolation .`
# reusing BUILD_DIR's configured CMake build (GAMEAI_CMAKE_BUILD_DIR), and
# the Python tests run against the installed package from outside the tree.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
venv="$build/ci-venv"
start=$SECONDS
rm -rf "$venv"
/usr/bin/python3 -m venv --system-site-packages "$venv"
GAMEAI_CMAKE_BUILD_DIR="$build" "$venv/bin/pip" install --no-build-isolation \
  --no-index --quiet "$root"
cd "$venv"  # not the source tree: `import gameai` must be the installed one
"$venv/bin/python" -c "import gameai, sys; assert gameai.__file__.startswith(sys.prefix), gameai.__file__; print('gameai from', gameai.__file__)"
"$venv/bin/python" -m unittest discover -s "$root/tests/python"
echo "python package installed and tested in $((SECONDS - start)) s"
