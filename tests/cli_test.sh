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
expect_status 2 "usage: gameai uecda" uecda --agent heuristic
expect_status 2 "unknown agent 'nobot'" uecda --port 1 --agent nobot
expect_status 2 "port" uecda --port 70000 --agent heuristic
expect_status 1 "uecda: connection to 127.0.0.1:1" uecda --port 1 --agent heuristic --timeout 5
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

if [[ $failures -ne 0 ]]; then
  echo "$failures CLI check(s) failed"
  exit 1
fi
echo "all CLI checks passed"
