#!/usr/bin/env bash
# wasm_ratios.sh: WebAssembly under Node against native, the same
# benchmarks in one run (bench/wasm_ratios.py says which): builds both
# (build/ and build-wasm/ with --bench), runs native then WebAssembly, one
# after the other on a quiet machine, and prints the rates and ratios, then
# the .wasm sizes (raw and gzipped) of all games and of Mancala alone.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build-wasm/ratios}
mkdir -p "$out"
"$root/scripts/build.sh" "$root/build" >/dev/null
"$root/scripts/build_wasm.sh" --bench "$root/build-wasm" >/dev/null
filter='BM_(Mancala_RandomPlayout|Yacht_RandomPlayout|Lines_RandomPlayout_Listed|MiniRisk_RandomPlayout/5|Daifugo_RandomMatch|Dynamic_RandomGame(Buffered)?/.*|Mancala_Mcts/1000)$'
args=(--benchmark_filter="$filter" --benchmark_min_time=0.5 --benchmark_repetitions=3
  --benchmark_format=json)
"$root/build/gameai_bench" "${args[@]}" >"$out/native.json"
node "$root/build-wasm/gameai_bench.js" "${args[@]}" >"$out/wasm.json"
python3 "$root/bench/wasm_ratios.py" "$out/native.json" "$out/wasm.json"

echo "-- sizes of gameai_core.wasm"
size_line() {
  printf '%-24s %9d bytes raw, %8d bytes gzipped (-9)\n' "$1" \
    "$(stat -c %s "$2")" "$(gzip -9 -c "$2" | wc -c)"
}
size_line "all games" "$root/build-wasm/gameai_core.wasm"
"$root/scripts/build_wasm.sh" --games mancala "$root/build-wasm-mancala" >/dev/null
size_line "--games mancala" "$root/build-wasm-mancala/gameai_core.wasm"
