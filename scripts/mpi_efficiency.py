#!/usr/bin/env python3
"""Expected efficiency of `mpirun -np P gameai match` (docs/mpi.md).

The arena splits a match into K series, gives rank r the contiguous series
[K r / P, K (r + 1) / P) and gathers every rank's totals to rank 0 once at
the end. Its time on P ranks is the slowest rank's series plus the gather;
efficiency = the work (the sum of every series' time) / (P * that time).

This samples the series' times (normal, mean --series-seconds, coefficient
of variation --cv, from measured games), adds the gather (an all-gather of
P sizes, then rank 0 receives P payloads of --payload-bytes over a link of
--bandwidth bytes/s with --latency seconds per message, linear in P as Open
MPI's gatherv is for large messages) and the merge on rank 0 (--merge-seconds
per series: parsing and adding its exact sums), and prints the mean
efficiency over --trials draws.

  scripts/mpi_efficiency.py --ranks 1000 --series 10000 --series-seconds 0.94 \\
      --cv 0.16 --payload-bytes 10000
"""
import argparse
import math
import random


def efficiency(args, rng):
    times = [max(0.0, rng.gauss(args.series_seconds,
                                args.cv * args.series_seconds))
             for _ in range(args.series)]
    work = sum(times)
    slowest = 0.0
    for r in range(args.ranks):
        first = args.series * r // args.ranks
        end = args.series * (r + 1) // args.ranks
        slowest = max(slowest, sum(times[first:end]))
    sizes = args.latency * math.ceil(math.log2(max(2, args.ranks)))
    gather = args.ranks * (args.latency + args.payload_bytes / args.bandwidth)
    merge = args.series * args.merge_seconds
    return work / (args.ranks * (slowest + sizes + gather + merge))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--ranks", type=int, default=1000)
    p.add_argument("--series", type=int, default=10000)
    p.add_argument("--series-seconds", type=float, required=True)
    p.add_argument("--cv", type=float, default=0.1)
    p.add_argument("--payload-bytes", type=float, required=True)
    p.add_argument("--bandwidth", type=float, default=1e9)  # ~10 Gb/s
    p.add_argument("--latency", type=float, default=5e-6)
    p.add_argument("--merge-seconds", type=float, default=47e-6)  # measured
    p.add_argument("--trials", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rng = random.Random(args.seed)
    e = [efficiency(args, rng) for _ in range(args.trials)]
    mean = sum(e) / len(e)
    print(f"{args.ranks} ranks, {args.series} series of "
          f"{args.series_seconds:g} s (cv {args.cv:g}), "
          f"{args.payload_bytes:g} B per rank: efficiency {mean:.3f} "
          f"(min {min(e):.3f} over {args.trials} draws)")


if __name__ == "__main__":
    main()
