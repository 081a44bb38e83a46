#!/usr/bin/env bash
# The showcase: installs what is missing, builds, and plays, for every game,
# the original game's bot against a stronger one (fixed seeds, printed as
# tables).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/deps.sh"
"$root/scripts/build.sh" "$root/build"
gameai="$root/build/gameai"
run() { echo "\$ gameai $*"; "$gameai" "$@"; echo; }
run match mancala --agents strongest,greedy --games 100 --seed 1 --random-opening 2 --threads 2
run match mancala --agents 'mcts(simulations=2000)',greedy --games 200 --seed 1 --threads 2
run solve 'mancala(pits=6,seeds=4,empty_capture=true)'
run solve 'mancala(pits=6,seeds=4)'
run match 'yacht(players=1)' --agents optimal,dice8,greedy --games 600 --seed 1 --threads 2
run match yacht --agents optimal,dice8 --games 200 --seed 1 --threads 2
run solve yacht
run match linesboard --agents lookahead,greedy --games 100 --seed 1 --threads 2
run match linesboard --agents greedy,random --games 100 --seed 1 --threads 2
run match 'minirisk(players=5)' --agents fixed,random,rl,naive_mc,planner --games 200 --seed 1 --threads 2
run match 'daifugo(players=5)' --agents heuristic,random --games 20 --seed 1 --threads 2
run match 'daifugo(players=5)' --agents montecarlo,heuristic --games 20 --seed 1 --threads 2
