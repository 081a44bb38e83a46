#!/usr/bin/env python3
"""Prints the dynamic layer's speed ratios from one gameai_bench JSON run.

Usage: gameai_bench --benchmark_filter=... --benchmark_format=json > run.json
       python3 bench/dynamic_ratios.py run.json   (or - for standard input)

For each built-in game: the kernel playout, the vector form
(BM_Dynamic_RandomGame), the buffer form (BM_Dynamic_RandomGameBuffered),
BM_Kernel_RandomGameStdPick and BM_Dynamic_ThinLayerFloor in games per
second, each the median over the run's repetitions; the two forms' ratios
over the kernel playout, the buffer form over StdPick (what the layer
itself costs) and the thin floor over the kernel playout (the ceiling of
any virtual layer on the buffered loop). The targets
are those of docs/performance.md. Exits 1 when a benchmark it needs is
missing from the run.
"""
import json
import statistics
import sys

# The kernel playout each dynamic game is compared with (bench/*_bench.cc).
KERNEL_REFERENCE = {
    "mancala": "BM_Mancala_RandomPlayout",
    "yacht": "BM_Yacht_RandomPlayout",
    "linesboard": "BM_Lines_RandomPlayout_Listed",
    "minirisk": "BM_MiniRisk_RandomPlayout/5",
    "daifugo": "BM_Daifugo_RandomMatch",
}
# Targets: vector form over the kernel (Yacht's rolls list up to 252
# outcomes), buffer form over the kernel.
VECTOR_TARGET = {"yacht": 0.25}
VECTOR_TARGET_DEFAULT = 0.50
BUFFER_TARGET = 0.70


def games_per_second(run):
    """run_name -> the games/s of each repetition."""
    rates = {}
    for bench in run["benchmarks"]:
        if bench.get("run_type", "iteration") != "iteration":
            continue  # aggregates: recomputed here from the repetitions
        if "games" in bench:
            rates.setdefault(bench["run_name"], []).append(bench["games"])
    return rates


def rate(games):
    """games/s as 400.5k or 2.61k."""
    return f"{games / 1e3:.4g}k"


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    source = sys.stdin if argv[1] == "-" else open(argv[1], encoding="utf-8")
    rates = games_per_second(json.load(source))

    def median(name):
        if name not in rates:
            sys.exit(f"dynamic_ratios: {name} is not in the run; run it "
                     "with the filter of docs/performance.md")
        return statistics.median(rates[name])

    print("game        kernel  vector ratio       buffer ratio       "
          "stdpick layer   floor ceiling")
    for game, reference in KERNEL_REFERENCE.items():
        kernel = median(reference)
        vector = median(f"BM_Dynamic_RandomGame/{game}")
        buffer = median(f"BM_Dynamic_RandomGameBuffered/{game}")
        stdpick = median(f"BM_Kernel_RandomGameStdPick/{game}")
        floor = median(f"BM_Dynamic_ThinLayerFloor/{game}")
        vector_target = VECTOR_TARGET.get(game, VECTOR_TARGET_DEFAULT)

        def verdict(ratio, target):
            return f"{ratio:5.0%} {'met ' if ratio >= target else 'MISS'}"

        print(f"{game:11} {rate(kernel):>6} {rate(vector):>7} "
              f"{verdict(vector / kernel, vector_target)} {rate(buffer):>7} "
              f"{verdict(buffer / kernel, BUFFER_TARGET)} {rate(stdpick):>7} "
              f"{buffer / stdpick:5.0%} {rate(floor):>7} {floor / kernel:7.0%}")


if __name__ == "__main__":
    main(sys.argv)
