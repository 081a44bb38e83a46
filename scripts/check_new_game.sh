#!/usr/bin/env bash
# check_new_game.sh BUILD_DIR: adds the example game of examples/new_game/
# (Tic-tac-toe, `tictactoe`) to a copy of this checkout in BUILD_DIR, exactly
# as a contributor adds it (its folders copied in, one line in
# src/games.txt, one link in the README's table of games), builds the copy
# in BUILD_DIR and runs the generic suites and the new game's tests. The
# checkout itself is never written to; the copy is removed on exit.
#
# Checks, each failing the script (exit 1; 2 for bad usage):
#   - the game's files include only public headers (include/gameai/...,
#     no internal/ folder) or the libraries';
#   - at most 3 lines changed outside the game's own folders;
#   - the GoogleTest suites Conformance, HiddenInformation, TensorTest,
#     the registry's (LoadGame, LoadAgent, RegisterGame) and TicTacToe*,
#     and the script tests c_api, docs_match_registry and python_module.
#
# JOBS (default 2) sets the build's parallelism. BUILD_DIR may be reused
# from one run to the next. ccache, when installed, keeps the build cheap:
# the copy's objects are the checkout's own but for the new game's.
set -euo pipefail

usage() {
  echo "usage: scripts/check_new_game.sh BUILD_DIR" >&2
  exit 2
}
[[ $# -eq 1 && -n $1 ]] || usage

root=$(cd "$(dirname "$0")/.." && pwd)
example="$root/examples/new_game"
game=tictactoe
jobs=${JOBS:-2}
# The game's own paths: everything else is the rest of the tree.
game_paths=("src/$game" "include/gameai/$game" "tests/$game"
  "bench/${game}_bench.cc" "docs/$game.md")

[[ -d $example ]] || { echo "check_new_game: no $example" >&2; exit 2; }
for path in "${game_paths[@]}"; do
  if [[ ! -e $example/$path ]]; then
    echo "check_new_game: the example lacks $path" >&2
    exit 2
  fi
  if [[ -e $root/$path ]]; then
    echo "check_new_game: $path is already in the tree: the game is added" >&2
    exit 2
  fi
done

mkdir -p "$1"
build=$(cd "$1" && pwd)  # absolute: cmake and ctest run elsewhere
# BUILD_DIR holds the copy (source/, removed on exit) with its build in
# source/build/: the same place relative to the sources as the checkout's
# own build/, so that ccache (hashing paths relative to the copy) finds
# the objects scripts/build.sh compiled there. A directory of anything
# else is not written to.
marker=$build/.check_new_game
if [[ ! -e $marker && -n $(ls -A "$build") ]]; then
  echo "check_new_game: $build holds files of its own; give this script an" \
    "empty build directory, or the one it used before" >&2
  exit 2
fi
touch "$marker"
src=$build/source
tree=$src/build
# tree/: where earlier versions of this script built, now unused.
rm -rf "$src" "$build/tree"
mkdir "$src"
trap 'rm -rf "$src"' EXIT
trap 'exit 130' INT TERM  # so that the EXIT trap removes the copy

git_in_copy() {
  git -C "$src" -c user.name=check_new_game -c user.email=check@localhost \
    -c commit.gpgsign=false "$@"
}

echo "== copying the checkout to $src"
# The checkout's files as they are (tracked and new, not the ignored build
# trees), so that uncommitted work is checked too.
git -C "$root" ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' file; do
    # Deleted but still tracked: nothing to copy.
    if [[ -e $root/$file || -L $root/$file ]]; then printf '%s\0' "$file"; fi
  done |
  tar -C "$root" --null -T - -cf - | tar -C "$src" -xf -
# The copy's own history, so that what the game changes is a diff and the
# docs test lists the copy's files (tests/docs_test.py: git ls-files).
git_in_copy -c init.defaultBranch=main init -q
git_in_copy add -A
git_in_copy commit -q --no-verify -m "the checkout before the new game"

echo "== adding $game"
for folder in src include tests bench docs; do
  cp -r "$example/$folder/." "$src/$folder/"
done
echo "$game" >>"$src/src/games.txt"
# docs_match_registry wants every page of docs/ linked from the README:
# one row at the end of its table of games.
row="| [Tic-tac-toe](docs/$game.md) | \`$game(first_player=0)\` | \`perfect\` (exact minimax), \`mcts\`, \`random\` |"
if ! awk -v row="$row" '
    /^## Games and agents/ { section = 1 }
    section && /^\|/ { table = 1 }
    section && table && !/^\|/ && !done { print row; done = 1 }
    { print }
    END { if (!done) exit 1 }' "$root/README.md" >"$src/README.md"; then
  echo "check_new_game: no table under '## Games and agents' in README.md" >&2
  exit 1
fi
git_in_copy add -A

echo "== what changed outside the game's folders"
excludes=()
for path in "${game_paths[@]}"; do excludes+=(":(exclude)$path"); done
git_in_copy --no-pager diff --cached -- . "${excludes[@]}"
changed=$(git_in_copy diff --cached --numstat -- . "${excludes[@]}" |
  awk '{ lines += $1 + $2 } END { print lines + 0 }')
echo "$changed line(s) changed outside the game's own folders (at most 3)"
if ((changed > 3)); then
  echo "FAIL: adding $game changed $changed lines outside its folders" >&2
  exit 1
fi

echo "== public headers only"
# The game's quoted includes: public gameai headers that exist (no
# internal/ folder), the libraries', or the bench folder's own helper.
bad_includes=0
while IFS= read -r -d '' file; do
  while IFS= read -r header; do
    case $header in
      gameai/*/internal/*) ok=0 ;;
      gameai/*) [[ -f $src/include/$header ]] && ok=1 || ok=0 ;;
      absl/* | fmt/* | gtest/* | benchmark/*) ok=1 ;;
      kernel_reference.h) [[ $file == bench/* ]] && ok=1 || ok=0 ;;
      *) ok=0 ;;
    esac
    if ((!ok)); then
      echo "FAIL: $file includes \"$header\": not a public header" >&2
      bad_includes=1
    fi
  done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$src/$file")
done < <(cd "$src" && find "${game_paths[@]}" -type f \( -name '*.cc' -o -name '*.h' \) -print0)
((bad_includes == 0)) || exit 1
echo "ok"

if command -v clang-format >/dev/null; then
  # Style only: a different clang-format version may disagree, so this
  # warns and does not fail.
  if ! (cd "$src" && find "${game_paths[@]}" -type f \( -name '*.cc' -o -name '*.h' \) \
      -exec clang-format --dry-run --Werror {} + 2>/dev/null); then
    echo "warning: clang-format would change the game's files (.clang-format: Google)"
  fi
fi

echo "== configuring and building in $tree"
source "$root/scripts/lib/ccache.sh"
ccache_launcher "$src"
cmake -S "$src" -B "$tree" -G Ninja -DGAMEAI_PYTHON=ON \
  -DPython3_EXECUTABLE=/usr/bin/python3 -DGAMEAI_BUILD_BENCH=OFF \
  "${launcher[@]}" >/dev/null
cmake --build "$tree" -j "$jobs"

# The GoogleTest names as gtest_discover_tests gives them
# (AllGames/ConformanceTest.Name/spec, BuiltinGames/TensorTest.Name/spec,
# Suite.Name), then the script tests by their exact names. ctest adds the
# fixtures they require (the Yacht table) by itself.
tests='^((AllGames/ConformanceTest|HiddenInformation|BuiltinGames/TensorTest|LoadGame|LoadAgent|RegisterGame|TicTacToe[A-Za-z]*)\.|(c_api|docs_match_registry|python_module)$)'
echo "== the tests"
listing=$(ctest --test-dir "$tree" -N -R "$tests")
echo "$listing"
for needed in 'TicTacToe' ' c_api$' ' docs_match_registry$' ' python_module$' \
    'ConformanceTest\..*/tictactoe'; do
  if ! grep -q "$needed" <<<"$listing"; then
    echo "FAIL: no test matching '$needed' in the build" >&2
    exit 1
  fi
done

echo "== running them"
log="$build/check_new_game.log"
status=0
ctest --test-dir "$tree" -j2 -R "$tests" --output-on-failure 2>&1 |
  tee "$log" || status=$?
if ((status != 0)); then
  if grep -q 'c_api .*Failed' "$log"; then
    echo "note: tests/c_api_test.c (registry_and_game_description) expects" \
      "exactly five registered games, daifugo last"
  fi
  echo "FAIL: tests failed (log: $log)" >&2
  exit 1
fi
echo "== $game passes: $(grep -c 'Test *#' "$log") tests ran (log: $log)"
