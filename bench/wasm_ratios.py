#!/usr/bin/env python3
"""WebAssembly's speed as a ratio of native, from two gameai_bench runs.

Usage: python3 bench/wasm_ratios.py native.json wasm.json

Both runs are the same benchmarks (the same binary's sources, built by g++
and by Emscripten): each iteration is the same work on both sides, so the
ratio of rates is the ratio of the per-iteration times. Rates are the
medians over the runs' repetitions. Reported: the kernel random playouts of
every game, the dynamic layer's loop (vector and buffered forms) and MCTS
simulations, each against the goal of at least 50% of native. Exits 1 when
a benchmark is missing from either run.
"""
import json
import statistics
import sys

GOAL = 0.50
GROUPS = [
    ("kernel random playouts", [
        "BM_Mancala_RandomPlayout", "BM_Yacht_RandomPlayout",
        "BM_Lines_RandomPlayout_Listed", "BM_MiniRisk_RandomPlayout/5",
        "BM_Daifugo_RandomMatch"]),
    ("dynamic loop", [f"BM_Dynamic_RandomGame{form}/{game}"
                      for game in ("mancala", "yacht", "linesboard",
                                   "minirisk", "daifugo")
                      for form in ("", "Buffered")]),
    ("MCTS simulations", ["BM_Mancala_Mcts/1000"]),
]


def seconds_per_iteration(path):
    with open(path) as f:
        run = json.load(f)
    times = {}
    for b in run["benchmarks"]:
        if b.get("run_type") == "aggregate":
            continue
        unit = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b.get("time_unit", "ns")]
        times.setdefault(b["run_name"], []).append(b["real_time"] * unit)
    return {name: statistics.median(t) for name, t in times.items()}


def main():
    native = seconds_per_iteration(sys.argv[1])
    wasm = seconds_per_iteration(sys.argv[2])
    missing = [n for _, names in GROUPS for n in names
               if n not in native or n not in wasm]
    if missing:
        print("missing from a run: " + ", ".join(missing))
        return 1
    print(f"{'benchmark':42} {'native/s':>12} {'wasm/s':>12} {'ratio':>7}  goal >= {GOAL:.0%}")
    misses = 0
    for title, names in GROUPS:
        print(f"-- {title}")
        for n in names:
            ratio = native[n] / wasm[n]
            verdict = "met" if ratio >= GOAL else "MISSED"
            misses += ratio < GOAL
            print(f"{n:42} {1 / native[n]:12.1f} {1 / wasm[n]:12.1f} {ratio:7.1%}  {verdict}")
    print(f"{misses} of {sum(len(n) for _, n in GROUPS)} below the goal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
