#!/usr/bin/env bash
# Five `gameai uecda` clients (heuristic x4, montecarlo) play a 100-game
# match against our test server on 127.0.0.1 (an ephemeral port): every
# client must exit 0 with 100 games, and the server must have rejected no
# submission but passes. Every process runs under `timeout` and is killed
# on exit. GAMEAI and SERVER name the binaries; GAMES overrides 100.
set -euo pipefail
games=${GAMES:-100}
dir=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*"
  for f in "$dir"/*; do echo "== $f"; tail -5 "$f"; done
  exit 1
}

# The file exists before the server starts, so the poll below never reads
# a file the background job has not opened yet.
: >"$dir/server.out"
timeout 300 "$SERVER" --games "$games" --seed 7 --timeout 120 >"$dir/server.out" 2>"$dir/server.err" &
server=$!
pids+=("$server")
port=""
for _ in $(seq 100); do
  # (tr: a Windows build's text output ends its lines with \r\n)
  port=$(tr -d '\r' <"$dir/server.out" | awk '/^port /{print $2}')
  [[ -n "$port" ]] && break
  sleep 0.1
done
[[ -n "$port" ]] || fail "the server printed no port"

agents=(heuristic heuristic montecarlo heuristic heuristic)
# Client 1 logs its games; client 3's log is a full disk: it plays the
# match to the end, then exits 1 saying the log stopped taking lines.
logs=("" "$dir/games.log" "" /dev/full "")
clients=()
for i in "${!agents[@]}"; do
  log_args=()
  [[ -n ${logs[$i]} ]] && log_args=(--games-log "${logs[$i]}")
  timeout 300 "$GAMEAI" uecda --host 127.0.0.1 --port "$port" --agent "${agents[$i]}" \
    --name "c$i" --timeout 120 "${log_args[@]}" >"$dir/client$i.out" 2>"$dir/client$i.err" &
  clients+=($!)
  pids+=($!)
done
for i in "${!clients[@]}"; do
  if [[ ${logs[$i]} == /dev/full ]]; then
    status=0
    wait "${clients[$i]}" || status=$?
    [[ $status -eq 1 ]] || fail "client $i with a full log exited $status, want 1"
    grep -q "the games log stopped taking lines.*No space left on device" "$dir/client$i.err" ||
      fail "client $i did not say why its log stopped"
  else
    wait "${clients[$i]}" || fail "client $i (${agents[$i]}) exited $?"
  fi
  sed -i 's/\r$//' "$dir/client$i.out" "$dir/client$i.err"  # a Windows build's \r\n
  grep -q "^player [0-4]: $games games" "$dir/client$i.out" || fail "client $i did not report $games games"
  grep -q "rejected plays: 0$" "$dir/client$i.out" || fail "client $i had plays rejected"
done
wait "$server" || fail "the server exited $?"
sed -i 's/\r$//' "$dir/server.out"
grep -qx "games $games" "$dir/server.out" || fail "the server did not play $games games"
grep -q "^game $games: places " "$dir/games.log" || fail "client 1's games log lacks the last game"
grep -qx "rejected 0 0 0 0 0" "$dir/server.out" || fail "the server rejected submissions"
grep -qx "invalid_give_backs 0 0 0 0 0" "$dir/server.out" || fail "invalid give-backs"
# The clients' totals are the server's.
server_points=$(awk '/^points /{$1=""; print substr($0,2)}' "$dir/server.out")
client_points=$(grep "^game $games:" "$dir/client0.out" | sed 's/.*points //')
[[ "$server_points" == "$client_points" ]] || fail "points: server '$server_points', client '$client_points'"
for i in "${!agents[@]}"; do
  echo "${agents[$i]}: $(tail -1 "$dir/client$i.out")"
done
echo "server points: $server_points"
echo PASS
