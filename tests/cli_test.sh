#!/usr/bin/env bash
# Exit statuses and output shape of the gameai command (cli.md): 2 for bad
# usage or specs with a message on stderr, 0 and JSON on stdout otherwise.
set -u
GAMEAI=${GAMEAI:?set GAMEAI to the gameai binary}
failures=0

expect_status() {  # expect_status WANT STDERR_PATTERN ARGS...
  local want=$1 pattern=$2
  shift 2
  local err
  err=$("$GAMEAI" "$@" 2>&1 >/dev/null)
  local got=$?
  if [[ $got -ne $want ]]; then
    echo "FAIL: gameai $* exited $got, want $want"
    failures=$((failures + 1))
  elif [[ -n $pattern && ! $err =~ $pattern ]]; then
    echo "FAIL: gameai $*: stderr '$err' lacks '$pattern'"
    failures=$((failures + 1))
  fi
}

expect_status 2 "commands: games, agents, match, solve, play" frobnicate
expect_status 2 "" 
expect_status 2 "unknown game 'chess'; available games: mancala, yacht" match chess --agents random
expect_status 2 "pits=0 is out of range" match 'mancala(pits=0)' --agents random
expect_status 2 "unknown parameter 'pitz'" match 'mancala(pitz=3)' --agents random
expect_status 2 "bad spec" match 'mancala(pits=3' --agents random
expect_status 2 "unknown agent 'nobot'.*random, greedy, alphabeta, mcts, beginner, advanced, strongest" match mancala --agents random,nobot
expect_status 2 "simulations=0 is out of range" match mancala --agents 'mcts(simulations=0),random'
expect_status 2 "--games x: expected an integer" match mancala --agents random --games x
expect_status 2 "--threads 0" match mancala --agents random --threads 0
expect_status 2 "unknown option '--fast'" match mancala --agents random --fast
expect_status 2 "has 2 seats but 3 agents" match mancala --agents random,random,greedy
expect_status 2 "usage: gameai match" match mancala
expect_status 2 "unknown game" agents chess
expect_status 0 "" games
expect_status 0 "" agents mancala

# JSON goes to stdout alone and is the same for the same seed.
a=$("$GAMEAI" match mancala --agents greedy,random --games 40 --seed 1 --json)
b=$("$GAMEAI" match mancala --agents greedy,random --games 40 --seed 1 --json --threads 2)
c=$("$GAMEAI" match mancala --agents greedy,random --games 40 --seed 1 --json --threads 2)
strip() { sed 's/"elapsed_seconds": [0-9.e-]*//'; }
for key in '"game": "mancala"' '"games": 40' '"win_rate_ci95": \[' '"mean_score_ci95": \[' '"illegal_actions": 0'; do
  if ! grep -q "$key" <<<"$a"; then echo "FAIL: JSON lacks $key"; failures=$((failures + 1)); fi
done
if [[ "$(strip <<<"$b")" != "$(strip <<<"$c")" ]]; then
  echo "FAIL: --threads 2 twice gave different results"; failures=$((failures + 1))
fi
if [[ "$(strip <<<"$a")" != "$(strip <<<"$b" | sed "s/\"threads\": 2/\"threads\": 1/")" ]]; then
  echo "FAIL: memoryless agents gave different games on 1 and 2 threads"; failures=$((failures + 1))
fi

# Solitaire: no wins/draws/losses (null in JSON, no columns in the table)
# and a paired difference against the first agent.
solo=$("$GAMEAI" match 'yacht(players=1)' --agents greedy,random --games 4 --json)
for key in '"solitaire": true' '"wins": null' '"losses": null' '"paired_difference": {"vs": "greedy"'; do
  if ! grep -q "$key" <<<"$solo"; then echo "FAIL: solitaire JSON lacks $key"; failures=$((failures + 1)); fi
done
solo_table=$("$GAMEAI" match 'yacht(players=1)' --agents greedy,random --games 4)
if grep -q "wins" <<<"$solo_table" || ! grep -q "paired diff vs first" <<<"$solo_table"; then
  echo "FAIL: solitaire table: $solo_table"; failures=$((failures + 1))
fi

# Deterministic agents without a random opening: a warning on stderr and in
# the JSON; stdout stays JSON alone.
warn=$("$GAMEAI" match mancala --agents greedy,advanced --games 6 --json 2>&1 >/dev/null)
if [[ ! $warn =~ "warning: 4 of 6 games repeat" ]]; then
  echo "FAIL: no repeat warning on stderr: '$warn'"; failures=$((failures + 1))
fi
det=$("$GAMEAI" match mancala --agents greedy,advanced --games 6 --json 2>/dev/null)
if ! grep -q '"warnings": \["4 of 6 games repeat' <<<"$det"; then
  echo "FAIL: JSON lacks the repeat warning"; failures=$((failures + 1))
fi
quiet=$("$GAMEAI" match mancala --agents greedy,advanced --games 6 --random-opening 6 2>&1 >/dev/null)
if [[ -n $quiet ]]; then
  echo "FAIL: a warning despite random openings: '$quiet'"; failures=$((failures + 1))
fi

# Daifugo counts matches and deals.
deals=$("$GAMEAI" match 'daifugo(players=3,games=2)' --agents heuristic,random --games 3)
if ! grep -q "3 matches of 2 deals (6 deals)" <<<"$deals" || ! grep -q "tallies (deals)" <<<"$deals"; then
  echo "FAIL: daifugo table: $deals"; failures=$((failures + 1))
fi

if [[ $failures -ne 0 ]]; then
  echo "$failures CLI check(s) failed"
  exit 1
fi
echo "all CLI checks passed"
