#!/usr/bin/env bash
# Drives `gameai play mancala` through standard input: bad input is
# rejected and asked again; undo, hint, save (never over an existing
# file), load and quit work; a whole game can be played to its end.
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

out=$(printf '%s\n' 9 x 3 undo hint "save $dir/g.txt" "save $dir/g.txt" \
        "save $dir/nodir/g.txt" 1 "load $dir/g.txt" "load $dir/none" \
        "load /dev/zero" "load $dir" quit |
      "$GAMEAI" play mancala --agents human,advanced --hint greedy 2>&1)
status=$?
check "rejects a pit that does not exist" "'9' is not a pit: your pits are 1..6"
check "says what is accepted" "type one of 1, 2, 3, 4, 5, 6"
check "rejects garbage" "'x' is not a pit"
check "plays the move" "You sow pit 3 \(4 seeds\): last seed in the store, your turn again"
check "the computer answers" "advanced sows pit [1-6]"
check "undo goes back to the human's turn" "undone: your last move is taken back"
check "hint names a pit and why" "hint \(greedy\): 3\) pit 3 \(4 seeds\) — pit 3 gains the most now"
check "save" "saved to $dir/g.txt"
check "save never overwrites" "could not write $dir/g.txt: it exists \(a file that exists is never overwritten"
check "save into a missing folder says so" "could not write $dir/nodir/g.txt: No such file or directory"
check "load" "loaded $dir/g.txt \(0 moves\)"
check "load of a missing file" "not loaded: cannot read '$dir/none': No such file"
# A file past the bound is refused before it fills memory, the game kept.
check "load of an endless file" "not loaded: '/dev/zero' is longer than 64 MiB"
check "load of a folder" "not loaded: cannot read '$dir': it is a directory"
[[ $status -eq 0 ]] || { echo "FAIL: the session ended $status after refused loads"; failures=$((failures + 1)); }
check "both rows are numbered" "6   5   4   3   2   1   <- advanced's pits"
check "stores are labelled" "advanced's store +0 +0 +your store"
grep -q "gameai-save 1" "$dir/g.txt" || { echo "FAIL: saved file"; failures=$((failures + 1)); }
if grep -qE "pv:|[0-9]:-?[0-9]{4}" <<<"$out"; then
  echo "FAIL: raw search output shown without --verbose"; failures=$((failures + 1))
fi

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

# MiniRisk: undo would take back a round of bids whose programs' choices
# the person has seen (they would bid the same again): refused, and the
# next bid is for the next prize.
out=$(printf '%s\n' 1 undo 11 quit |
      "$GAMEAI" play 'minirisk(players=3)' --agents human,random,planner 2>&1)
check "undo of a simultaneous round is refused" "undo refused: it would take back a round of simultaneous moves whose choices you have seen"
if grep -q "undone: your last move" <<<"$out"; then
  echo "FAIL: a MiniRisk round was undone"; failures=$((failures + 1))
fi

# A whole game: the human types pits 1..6 over and over; empty pits are
# refused and the next line is read.
moves=$(for i in $(seq 1 200); do printf '%s\n' 1 2 3 4 5 6; done)
out=$("$GAMEAI" play mancala --agents human,beginner --names Ann,Bob <<<"$moves" 2>&1)
check "the end says who won by how much" "(Ann|Bob) wins by [0-9]+ seeds\.|A draw"
check "the end lists the places" "1\. (Ann|Bob) +[0-9]+ seeds"
check "names are used" "Bob sows pit"

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
