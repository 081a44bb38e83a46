#!/usr/bin/env bash
# Exit statuses and output shape of the gameai command (cli.md): 2 for bad
# usage or specs with a message on stderr, 0 and JSON on stdout otherwise.
set -u
GAMEAI=${GAMEAI:?set GAMEAI to the gameai binary}
failures=0

expect_run() {  # expect_run WANT STDERR_PATTERN COMMAND...
  local want=$1 pattern=$2
  shift 2
  local err
  err=$("$@" 2>&1 >/dev/null)
  local got=$?
  if [[ $got -ne $want ]]; then
    echo "FAIL: $* exited $got, want $want: $err"
    failures=$((failures + 1))
  elif [[ -n $pattern && ! $err =~ $pattern ]]; then
    echo "FAIL: $*: stderr '$err' lacks '$pattern'"
    failures=$((failures + 1))
  fi
}
expect_status() {  # expect_status WANT STDERR_PATTERN ARGS...
  local want=$1 pattern=$2
  shift 2
  expect_run "$want" "$pattern" "$GAMEAI" "$@"
}

expect_status 2 "commands: games, agents, match, tournament, sprt, solve, play" frobnicate
expect_status 2 "" 
expect_status 2 "unknown game 'chess'; available games: mancala, yacht" match chess --agents random
expect_status 2 "pits=0 is out of range" match 'mancala(pits=0)' --agents random
expect_status 2 "unknown parameter 'pitz'" match 'mancala(pitz=3)' --agents random
expect_status 2 "bad spec" match 'mancala(pits=3' --agents random
expect_status 2 "unknown agent 'nobot'.*random, greedy, alphabeta, mcts, beginner, advanced, strongest, perfect" match mancala --agents random,nobot
expect_status 2 "simulations=0 is out of range" match mancala --agents 'mcts(simulations=0),random'
expect_status 2 "usage: gameai uecda" uecda --port 1
# Without --port: the UECda server's default, 42485. On 127.0.0.2 (loopback
# too), where no test's listener on 127.0.0.1 can have that port.
expect_status 1 "uecda: connection to 127.0.0.2:42485" uecda --agent heuristic --host 127.0.0.2 --timeout 5
expect_status 2 "unknown agent 'nobot'" uecda --port 1 --agent nobot
expect_status 2 "port" uecda --port 70000 --agent heuristic
expect_status 1 "uecda: connection to 127.0.0.1:1" uecda --port 1 --agent heuristic --timeout 5
expect_status 2 "--games: 'x' is not an integer in \[1, " match mancala --agents random --games x
# A bad seat spec is refused before the server listens (no "listening").
expect_status 2 "unknown agent 'nobot'" serve mancala --seats random,nobot --port 0
[[ $("$GAMEAI" serve mancala --seats random,nobot --port 0 2>&1) != *listening* ]] || { echo "FAIL: serve listened before refusing a seat spec"; failures=$((failures + 1)); }
expect_status 2 "--agents: At Most 1 required but received 2" match mancala --agents random --agents greedy
expect_status 2 "--json: At Most 1 required but received 2" games --json --json
expect_status 2 "--verbose: At Most 1 required but received 2" play mancala --agents random,random --verbose --verbose
expect_status 2 "--threads: '0' is not an integer in \[1, " match mancala --agents random --threads 0
expect_status 2 "The following argument was not expected: --fast" match mancala --agents random --fast
expect_status 2 "has 2 seats but 3 agents" match mancala --agents random,random,greedy
expect_status 2 "usage: gameai match" match mancala
expect_status 2 "unknown game" agents chess
expect_status 0 "" games
expect_status 0 "" agents mancala
# A whole spec names its game (its agents are the same); its parameters
# must still be valid.
[[ $("$GAMEAI" agents 'mancala(pits=3)') == "$("$GAMEAI" agents mancala)" ]] ||
  { echo "FAIL: agents 'mancala(pits=3)' differs from agents mancala"; failures=$((failures + 1)); }
expect_status 2 "pits=99 is out of range" agents 'mancala(pits=99)'
# Every subcommand's --help lists its options and exits 0.
for command in play match solve games agents serve connect uecda; do
  expect_status 0 "" "$command" --help
  "$GAMEAI" "$command" --help | grep -q -- "--help" ||
    { echo "FAIL: gameai $command --help lists no options"; failures=$((failures + 1)); }
done
"$GAMEAI" match --help | grep -q -- "--games INT=100" ||
  { echo "FAIL: match --help gives no defaults"; failures=$((failures + 1)); }
# Misspelled names get the closest valid one suggested.
expect_status 2 "did you mean 'mancala'" match manacla --agents random
expect_status 2 "did you mean 'strongest'" play mancala --agents human,strongset

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
if [[ "$(strip <<<"$a")" != "$(strip <<<"$b" | sed "s/\"threads\": 2, \"series\": 2/\"threads\": 1, \"series\": 1/")" ]]; then
  echo "FAIL: memoryless agents gave different games on 1 and 2 threads"; failures=$((failures + 1))
fi

# Memory: every request beyond the memory there is ends with a message (exit
# 1 or 2) in bounded memory, never std::bad_alloc (exit 134). `ulimit -v`
# cannot be used with ASan (it reserves terabytes of address space).
limited() {  # limited KB ARGS...: gameai under an address-space limit
  local kb=$1
  shift
  (ulimit -v "$kb" && exec "$GAMEAI" "$@")
}
expect_limited() {  # expect_limited KB WANT STDERR_PATTERN ARGS...
  local kb=$1 want=$2 pattern=$3
  shift 3
  expect_run "$want" "$pattern" limited "$kb" "$@"
}
# ASan (linked shared by gcc, static by clang) reserves terabytes of shadow
# address space, which an address-space limit refuses.
if nm -D "$GAMEAI" 2>/dev/null | grep -q " __asan_init"; then
  echo "memory-limit checks skipped: an ASan build"
else
  expect_limited 3000000 1 "alphabeta's transposition table \(tt=28\) needs 4.0 GiB.*ulimit -v" \
    match mancala --agents 'alphabeta(tt=28)',random --games 2
  expect_limited 3000000 1 "mcts's tree \(max_nodes=2147483648\) needs" \
    match mancala --agents 'mcts(max_nodes=2147483648)',random --games 2
  expect_limited 3000000 1 "table of 2\^28 entries.*more than the budget mem_mb=2048" \
    solve 'mancala(pits=8,seeds=8)' --solver tt=28
  # Every thread's agents are made before any game: a second table that
  # does not fit beside the first is an error at once (it came after the
  # first series had played all its games: 29 s here; 10 s is the bound).
  expect_run 1 "alphabeta's transposition table \(tt=26\) needs" \
    timeout 10 bash -c "ulimit -v 2000000 && exec '$GAMEAI' match mancala --agents 'alphabeta(tt=26)',random --games 400 --threads 2"
  # The game log and its JSON are counted before the match (their JSON
  # document aborted the process past the limit).
  expect_limited 1000000 1 "the game log of 4000000 games \(with its JSON\) needs" \
    match 'mancala(pits=1,seeds=1)' --agents random,greedy --games 4000000 --json --game-log
  # What it does take stays within the count: 400,000 games in 1 GB.
  expect_limited 1000000 0 "" \
    match 'mancala(pits=1,seeds=1)' --agents random,greedy --games 400000 --json --game-log
  # The arena allocates per game: the documented maximum starts at once and
  # plays on in 1 GB (stopped here after 3 s: 124 is timeout's status).
  (ulimit -v 1000000 && exec timeout 3 "$GAMEAI" match mancala --agents random,random --games 100000000 >/dev/null 2>&1)
  got=$?
  if [[ $got -ne 124 ]]; then
    echo "FAIL: --games 100000000 under ulimit -v 1000000 exited $got, want to be still playing"
    failures=$((failures + 1))
  fi
  # The solver sizes its table within the budget and the limit, and stops
  # at its node budget with the bounds it proved.
  out=$(limited 3000000 solve 'mancala(pits=8,seeds=8)' --solver nodes=100000,guess=4 --json)
  if [[ $? -ne 0 || ! $out =~ '"status": "not solved within the budget"' || ! $out =~ '"margin_lower": ' ]]; then
    echo "FAIL: solve mancala(pits=8,seeds=8) with nodes=100000: $out"
    failures=$((failures + 1))
  fi
fi
# Header reads are bounded: a device is refused at once.
expect_status 2 "'/dev/zero' is not a regular file" match yacht --agents 'optimal(cache=/dev/zero)',random --games 2
expect_status 2 "'/dev/zero' is not a regular file" solve yacht --solver cache=/dev/zero
expect_status 2 "'/dev/zero' is not a regular file" match mancala --agents 'alphabeta(db=6,db_file=/dev/zero)',random --games 2
expect_status 2 "'/dev/zero' is not a regular file" solve 'mancala(pits=4,seeds=2)' --solver db_file=/dev/zero

# Files: anything that is not the table asked for is an error and is left
# byte for byte; a failed write is an error with the reason.
tmp=$(mktemp -d)
printf 'my notes\n' >"$tmp/notes"
expect_status 2 "not a gameai table file.*my notes" solve yacht --solver cache="$tmp/notes"
expect_status 2 "not a gameai table file.*my notes" solve 'mancala(pits=4,seeds=2)' --solver db_seeds=6,db_file="$tmp/notes"
if [[ "$(cat "$tmp/notes")" != "my notes" ]]; then
  echo "FAIL: a text file named as a cache was changed"; failures=$((failures + 1))
fi
head -c 8192 /dev/zero | tr '\0' '\377' >"$tmp/nans"  # 1024 NaNs
expect_status 2 "not a gameai table file" solve yacht --solver cache="$tmp/nans"
"$GAMEAI" solve 'mancala(pits=4,seeds=2,empty_capture=true)' --solver db_seeds=6,db_file="$tmp/kalah.db" >/dev/null
sum=$(cksum <"$tmp/kalah.db")
expect_status 2 "holds kalah-endgame-db v2 \(pits=4 empty_capture=1" solve 'mancala(pits=4,seeds=2)' --solver db_seeds=6,db_file="$tmp/kalah.db"
if [[ "$(cksum <"$tmp/kalah.db")" != "$sum" ]]; then
  echo "FAIL: another rules' database was changed"; failures=$((failures + 1))
fi
expect_status 1 "cannot write '$tmp/missing/k.db'.*No such file or directory" solve 'mancala(pits=4,seeds=2)' --solver db_seeds=6,db_file="$tmp/missing/k.db"
err=$( (trap '' XFSZ; ulimit -f 1 && exec "$GAMEAI" solve 'mancala(pits=4,seeds=2)' --solver db_seeds=8,db_file="$tmp/full.db") 2>&1 >/dev/null)
got=$?
if [[ $got -ne 1 || ! $err =~ "File too large" || -e "$tmp/full.db" ]]; then
  echo "FAIL: a database save that failed: exit $got, '$err'"; failures=$((failures + 1))
fi
if compgen -G "$tmp/*.tmp-*" >/dev/null; then
  echo "FAIL: a temporary file was left behind"; failures=$((failures + 1))
fi
rm -rf "$tmp"
# Agents with memory say so, in text and in JSON.
if ! "$GAMEAI" agents mancala | grep -q "memory: with keep_tt=true: keeps its transposition table"; then
  echo "FAIL: agents mancala does not declare alphabeta's keep_tt memory"; failures=$((failures + 1))
fi
if ! "$GAMEAI" agents minirisk --json | grep -q '"name": "rl", "help": "[^"]*", "memory": "learns'; then
  echo "FAIL: agents minirisk --json does not declare rl's memory"; failures=$((failures + 1))
fi
if ! "$GAMEAI" agents minirisk --json | grep -q '"name": "fixed", "help": "[^"]*", "memory": ""'; then
  echo "FAIL: agents minirisk --json does not declare fixed memoryless"; failures=$((failures + 1))
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

# Solving a state: the value from --state equals the solver's own from the
# spec (the same C++ search), a state file gives the same, the published
# 6x2 value; Yacht's start and blank scorecard are the optimum to the last
# digit; bad input is exit 2 naming what was wrong.
expect_json() {  # expect_json KEY_PATTERN ARGS...: exit 0, stdout has it
  local pattern=$1
  shift
  local out
  out=$("$GAMEAI" "$@" 2>&1)
  if [[ $? -ne 0 || ! $out =~ $pattern ]]; then
    echo "FAIL: $*: '$out' lacks '$pattern'"; failures=$((failures + 1))
  fi
}
kalah='mancala(pits=6,seeds=2,empty_capture=true)'
start='0 2 2 2 2 2 2 0 2 2 2 2 2 2 0'
expect_json '"margin": 10' solve "$kalah" --json
expect_json '"status": "solved", "value": 10, "value_lower": 10, "value_upper": 10' solve "$kalah" --state "$start" --json
tmp=$(mktemp -d)
printf '%s\n' "$start" >"$tmp/state"
expect_json '"value": 10,' solve "$kalah" --state-file "$tmp/state" --json
expect_json 'value: 10' solve "$kalah" --state "$start"
expect_json '"status": "terminal", "value": -2' solve 'mancala(pits=4,seeds=2)' --state '0 0 0 0 0 7 0 0 0 0 9' --json
expect_json '"status": "bounded", "value": null' solve mancala --state '0 4 4 4 4 4 4 0 4 4 4 4 4 4 0' --solver nodes=20000,tt=20 --json
# The table is built once (about 5 s, far more under the sanitizers) and
# read back from its cache by the other Yacht checks. Under ctest the
# yacht_table fixture has already built it with the same command: a copy
# of that file is the cache then.
yacht_table="$tmp/yacht.table"
shared_table="${GAMEAI_YACHT_TABLE_DIR:-}/yacht-optimal-bonus0.table"
if [[ -n ${GAMEAI_YACHT_TABLE_DIR:-} && -f $shared_table ]]; then
  cp "$shared_table" "$yacht_table"
fi
optimum=$("$GAMEAI" solve 'yacht(players=1)' --solver cache="$yacht_table" --json | grep -o '"expected_score": [0-9.]*' | cut -d' ' -f2)
expect_json "\"value\": $optimum," solve 'yacht(players=1)' --state '0 0 0 2 0 8191 0 0 0' --json --solver cache="$yacht_table"
expect_json "\"expected_points_to_come\": $optimum," solve yacht --scorecard '8191 0 0 0' --json --solver cache="$yacht_table"
[[ $optimum == 245.87077451411* ]] || { echo "FAIL: yacht optimum $optimum"; failures=$((failures + 1)); }
expect_json 'expected_points_to_come: 23.33333333333333' solve yacht --scorecard 'CHANCE 0 0 0' --solver cache="$yacht_table"
expect_json 'best_action: 28 \(hold 6 6 6\)' solve 'yacht(players=1)' --state '0 0 1 2 300 8191 0 0 0' --solver cache="$yacht_table"
expect_status 2 "games with one: mancala, yacht" solve linesboard --state x
expect_status 2 "game 'minirisk' has no exact solver; games with one: mancala, yacht" solve minirisk
expect_status 2 "mancala state: expected 15 numbers" solve mancala --state '0 4 4'
expect_status 2 "upper total 3 cannot come from the filled upper boxes TWOS" solve yacht --scorecard '8189 3 3 0' --solver cache="$yacht_table"
expect_status 2 "player 0's scorecard: upper total 3" solve 'yacht(players=1)' --state '0 1 0 2 0 8189 3 3 0' --solver cache="$yacht_table"
# Totals the filled boxes cannot make: points with nothing scored, and
# nothing open with YACHT's 50 in a total of 0.
expect_status 2 "leaves 100 for the filled lower boxes \(none filled\)" solve yacht --scorecard '8191 100 0 0' --solver cache="$yacht_table"
expect_status 2 "which cannot score that; no game reaches it" solve yacht --scorecard '- 0 0 1' --solver cache="$yacht_table"
expect_status 2 "player 0's scorecard: total 5 less the upper total 0 leaves 5" solve 'yacht(players=1)' --state '0 0 1 2 300 8191 5 0 0' --solver cache="$yacht_table"
expect_status 2 "game 'mancala' has no position value; games with one: yacht \(scorecard\)" solve mancala --scorecard '8191 0 0 0'
expect_status 2 "--state excludes --scorecard" solve yacht --state x --scorecard '8191 0 0 0'
# --position is the generic name (--scorecard its older one, for Yacht).
expect_json "\"expected_points_to_come\": $optimum," solve yacht --position '8191 0 0 0' --json --solver cache="$yacht_table"
expect_status 2 "--position excludes --scorecard" solve yacht --position '8191 0 0 0' --scorecard '8191 0 0 0'
expect_status 2 "has no position value" solve mancala --position '1 2'
expect_json "--position of yacht \(a scorecard\)" solve --help
# A file that cannot be read is exit status 1 (cli.md); one too long to be
# a state is a bad argument, 2.
expect_status 1 "cannot read '$tmp/missing': No such file" solve mancala --state-file "$tmp/missing"
expect_status 1 "cannot read '$tmp': it is a directory" solve mancala --state-file "$tmp"
expect_status 2 "longer than 64 KiB, no state text" solve mancala --state-file /dev/zero

# play quotes a person's input escaped and short: no terminal codes, no
# bytes that are not UTF-8, no 4000-byte echo.
out=$(printf '\xff\xfe\n\x1b[31mred\n%s\nquit\n' "$(head -c 4000 /dev/zero | tr '\0' x)" |
  timeout 20 "$GAMEAI" play mancala --agents human,random 2>&1)
[[ $out == *"'\xff\xfe' is not a pit"* && $out == *"'\x1b[31mred' is not a pit"* &&
   $out != *$'\x1b'* && $out == *"xxx...' is not a pit"* ]] ||
  { echo "FAIL: play echoed raw input: $(tail -c 400 <<<"$out" | cat -v)"; failures=$((failures + 1)); }
# Every 64-bit seed, as the library takes them.
expect_status 0 "" match mancala --agents random,random --games 2 --seed 18446744073709551615
expect_status 2 "--seed: '18446744073709551616' is not an integer in \[0, 18446744073709551615\]" match mancala --agents random,random --games 2 --seed 18446744073709551616

# play: an input line is read to a bound (a person types less), and
# --debug-log says why it cannot make its file.
out=$(timeout 20 "$GAMEAI" play mancala --agents human,random </dev/zero 2>&1)
[[ $? -eq 0 && $out == *"a line of more than 4096 bytes is no move"* ]] ||
  { echo "FAIL: play </dev/zero: $(tail -c 300 <<<"$out")"; failures=$((failures + 1)); }
: >"$tmp/taken"
expect_status 1 "cannot create '$tmp/taken': File exists \(an existing file is never overwritten" play mancala --agents random,random --debug-log "$tmp/taken"
expect_status 1 "cannot create '$tmp/none/x': No such file or directory" play mancala --agents random,random --debug-log "$tmp/none/x"
expect_status 2 "--debug-log needs a file name" play mancala --agents random,random --debug-log ''

# serve: a log that is a directory or no regular file is named so.
expect_status 1 "log '$tmp' is a directory" serve mancala --seats random,random --port 0 --games 1 --log "$tmp"
expect_status 1 "log '$tmp' is a directory, not a tournament log" serve mancala --seats random,random --port 0 --games 1 --resume "$tmp"
expect_status 1 "log '/dev/zero' is not a regular file" serve mancala --seats random,random --port 0 --games 1 --resume /dev/zero

# uecda: the agent is checked before the log file is made; a log that
# cannot be opened is exit 1 with the reason.
expect_status 2 "unknown agent 'nosuch'" uecda --port 1 --agent nosuch --games-log "$tmp/new.log"
[[ ! -e "$tmp/new.log" ]] || { echo "FAIL: uecda made its log for a bad agent"; failures=$((failures + 1)); }
expect_status 1 "--games-log: cannot open '$tmp': Is a directory" uecda --port 1 --agent heuristic --games-log "$tmp"

# match --log: every game with its transitions, one line each after the
# header, from any thread count; never over a file that holds anything.
"$GAMEAI" match mancala --agents greedy,random --games 6 --threads 2 --log "$tmp/match.jsonl" >/dev/null
lines=$(wc -l <"$tmp/match.jsonl")
indices=$(tail -n +2 "$tmp/match.jsonl" | grep -o '"index":[0-9]*' | sort | tr '\n' ' ')
if [[ $lines -ne 7 || $indices != '"index":0 "index":1 "index":2 "index":3 "index":4 "index":5 ' ||
      $(head -1 "$tmp/match.jsonl") != *'"game":"mancala(pits=6,seeds=4,first_player=0,empty_capture=false)"'* ]]; then
  echo "FAIL: match --log wrote $lines lines, games $indices"; failures=$((failures + 1))
fi
before=$(md5sum <"$tmp/match.jsonl")
expect_status 1 "already holds .* bytes; it is not overwritten" match mancala --agents greedy,random --games 2 --log "$tmp/match.jsonl"
[[ $(md5sum <"$tmp/match.jsonl") == "$before" ]] || { echo "FAIL: match --log changed an existing file"; failures=$((failures + 1)); }
expect_status 1 "is a directory" match mancala --agents greedy,random --games 2 --log "$tmp"
expect_status 2 "unknown game 'chess'" match chess --agents random --log "$tmp/chess.jsonl"
[[ ! -e "$tmp/chess.jsonl" ]] || { echo "FAIL: match --log made a file for a bad game"; failures=$((failures + 1)); }
rm -rf "$tmp"

if [[ $failures -ne 0 ]]; then
  echo "$failures CLI check(s) failed"
  exit 1
fi
echo "all CLI checks passed"
