#!/usr/bin/env python3
"""Prints the dynamic layer's speed ratios from one gameai_bench JSON run.

Usage: gameai_bench --benchmark_filter=... --benchmark_format=json > run.json
       python3 bench/dynamic_ratios.py run.json   (or - for standard input)

For each built-in game, in games per second (each the median over the
run's repetitions): the kernel playout, the vector form
(BM_Dynamic_RandomGame) and the buffer form (BM_Dynamic_RandomGameBuffered)
with their ratios over the kernel playout against the targets of
docs/performance.md; then, over the kernel playout, each form's ceiling:
BM_Kernel_RandomGameNewVectors (the vector loop's work with no layer: any
layer returning new vectors is slower) and BM_Dynamic_ThinLayerFloor (the
buffered loop behind the thinnest virtual interface); and "picks":
BM_Kernel_RandomGameStdPick, the kernel with the loop's std::mt19937 picks
and no layer at all. A miss whose ceiling
is below its target is marked "beyond": no layer reaches it on that loop.
Exits 1 when a benchmark it needs is missing from the run.
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

    print("game        kernel  vector ratio        buffer ratio        "
          "ceilings: vector buffer  picks")
    for game, reference in KERNEL_REFERENCE.items():
        kernel = median(reference)
        vector = median(f"BM_Dynamic_RandomGame/{game}")
        buffer = median(f"BM_Dynamic_RandomGameBuffered/{game}")
        vector_ceiling = median(f"BM_Kernel_RandomGameNewVectors/{game}")
        buffer_ceiling = median(f"BM_Dynamic_ThinLayerFloor/{game}")
        stdpick = median(f"BM_Kernel_RandomGameStdPick/{game}")
        vector_target = VECTOR_TARGET.get(game, VECTOR_TARGET_DEFAULT)

        def verdict(ratio, target, ceiling):
            if ratio >= target:
                word = "met"
            else:
                word = "MISS" if ceiling >= target else "beyond"
            return f"{ratio:5.0%} {word:6}"

        print(f"{game:11} {rate(kernel):>6} {rate(vector):>7} "
              f"{verdict(vector / kernel, vector_target, vector_ceiling / kernel)} "
              f"{rate(buffer):>7} "
              f"{verdict(buffer / kernel, BUFFER_TARGET, buffer_ceiling / kernel)} "
              f"{vector_ceiling / kernel:15.0%} {buffer_ceiling / kernel:6.0%} "
              f"{stdpick / kernel:6.0%}")


if __name__ == "__main__":
    main(sys.argv)
