#!/usr/bin/env bash
# Drives `gameai play mancala --agents human,LEVEL` through standard input:
# bad input is rejected and asked again; undo, hint, save, load and quit
# work; a whole game can be played to its end.
set -u
GAMEAI=${GAMEAI:?set GAMEAI to the gameai binary}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
check() {  # check NAME PATTERN (in $out)
  if ! grep -qE -- "$2" <<<"$out"; then
    echo "FAIL: $1: output lacks /$2/"
    failures=$((failures + 1))
  fi
}

out=$(printf '%s\n' 9 x 3 undo hint "save $dir/g.txt" 1 "load $dir/g.txt" "load $dir/none" quit |
      "$GAMEAI" play mancala --agents human,advanced --hint greedy 2>&1)
check "rejects an empty/unknown pit" "'9' is not a legal action here; legal: 1, 2, 3, 4, 5, 6"
check "rejects garbage" "'x' is not a legal action here"
check "plays the move and the computer answers" "player 1 \(advanced\) plays"
check "undo goes back to the human's turn" "undone"
check "hint names a pit" "hint \(greedy\): 3"
check "save" "saved to $dir/g.txt"
check "load" "loaded $dir/g.txt \(0 moves\)"
check "load of a missing file" "could not read $dir/none"
grep -q "gameai-save 1" "$dir/g.txt" || { echo "FAIL: saved file"; failures=$((failures + 1)); }

# A save of a state the rules cannot play on (three setup balls due, two
# empty cells: a chance node without outcomes once loaded) is refused.
lines='linesboard(rows=3,cols=3,colors=2,initial_balls=3,spawn=1,min_line=3,max_turns=200)'
printf 'gameai-save 1\ngame %s\nstart %s\nactions \n' "$lines" \
  'cells=AAB/BB./AA. preview=- score=0,0 turns=0 player=0 setup=3 spawn=0 draws=1 over=0' \
  >"$dir/bad.txt"
out=$(printf '%s\n' "load $dir/bad.txt" quit | "$GAMEAI" play "$lines" --agents human,random 2>&1)
status=$?
check "an unplayable save is refused" "setup balls due are not initial_balls"
[[ $status -eq 0 ]] || { echo "FAIL: refused load exited $status"; failures=$((failures + 1)); }

# A whole game: the human types pits 1..6 over and over; empty pits are
# refused and the next line is read.
moves=$(for i in $(seq 1 200); do printf '%s\n' 1 2 3 4 5 6; done)
out=$("$GAMEAI" play mancala --agents human,beginner <<<"$moves" 2>&1)
check "the game ends with scores" "player 0 \(human\): score [0-9]+"
check "the game ends with scores" "player 1 \(beginner\): score [0-9]+"

# Bad usage is an error with exit status 2.
"$GAMEAI" play mancala --agents human >/dev/null 2>&1
[[ $? -eq 2 ]] || { echo "FAIL: wrong seat count should exit 2"; failures=$((failures + 1)); }
"$GAMEAI" play mancala --agents human,nobot >/dev/null 2>&1
[[ $? -eq 2 ]] || { echo "FAIL: unknown agent should exit 2"; failures=$((failures + 1)); }

if [[ $failures -ne 0 ]]; then
  echo "$failures play check(s) failed"
  exit 1
fi
echo "all play checks passed"
