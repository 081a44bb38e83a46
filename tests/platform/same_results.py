#!/usr/bin/env python3
"""same_results.py CLI [CLI ...]: the same seed gives the same result on
every platform. Each CLI is a command that runs a gameai build (the native
program, or build-*/run/gameai_cli, which runs a cross build under its
emulator). Every CLI plays the same short series of every game of its
build (`gameai match ... --series 1 --json`, agents that search, roll and
sample), solves a small Kalah board, and runs two small tournaments and
an SPRT (ratings and ratios computed in floating point); the JSON
documents, less their clock readings, must be identical to the first
CLI's (fractional numbers to 1e-12 relative: below). Prints one line per
game and platform; exits 1 naming the first field that differs."""
import json
import subprocess
import sys
import time

# Per game: the match arguments (agents with searches, dice and sampling,
# few enough games for an emulator).
MATCHES = {
    "mancala": ["--agents", "mcts,advanced", "--games", "10"],
    "yacht": ["--agents", "dice8,greedy", "--games", "10"],
    "linesboard": ["--agents", "lookahead,greedy", "--games", "4"],
    "minirisk": ["--agents", "planner,naive_mc,rl", "--games", "6"],
    "daifugo": ["--agents", "montecarlo,heuristic,random,random,random",
                "--games", "4"],
}
SOLVE = ["solve", "mancala(pits=3,seeds=3)", "--json"]
# The workbench: a tournament of each kind of table and an SPRT.
WORKBENCH = {
    "mancala": [
        ("tournament mancala", ["tournament", "mancala", "--agents",
                                "mcts(simulations=100),advanced,greedy",
                                "--games-per-pairing", "4",
                                "--random-opening", "2", "--seed", "11",
                                "--json"]),
        ("sprt mancala", ["sprt", "mancala", "--agents",
                          "mcts(simulations=100),greedy", "--elo0", "0",
                          "--elo1", "100", "--max-games", "24", "--seed",
                          "11", "--json"]),
    ],
    "minirisk": [
        ("tournament minirisk(players=3)",
         ["tournament", "minirisk(players=3)", "--agents",
          "planner(rollouts=10),rl,fixed,random", "--games-per-pairing", "3",
          "--seed", "11", "--json"]),
    ],
}
# Clock readings and the build's own description (compiler, platform):
# the only fields allowed to differ.
CLOCKS = {"elapsed_seconds", "seconds", "db_seconds", "move_seconds",
          "versions"}


def without_clocks(value):
    if isinstance(value, dict):
        return {k: without_clocks(v) for k, v in value.items()
                if k not in CLOCKS}
    if isinstance(value, list):
        return [without_clocks(v) for v in value]
    return value


def is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def first_difference(a, b, where="$"):
    # Numbers that are not whole: equal to 1e-12 relative. The workbench's
    # ratings and ratios pass through exp, log and erfc, which Windows'
    # C runtime rounds differently in the last bit from glibc's; the games,
    # counts and decisions behind them are compared exactly.
    if is_number(a) and is_number(b) and (
            isinstance(a, float) or isinstance(b, float)):
        close = abs(a - b) <= 1e-12 * max(abs(a), abs(b))
        return None if close else f"{where}: {a!r} != {b!r}"
    if type(a) is not type(b):
        return f"{where}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{where}.{k}: only on one side"
            d = first_difference(a[k], b[k], f"{where}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{where}: {len(a)} items != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{where}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{where}: {a!r} != {b!r}"


def run(cli, args):
    started = time.monotonic()
    out = subprocess.run(cli.split() + args, capture_output=True, text=True,
                         timeout=900)
    if out.returncode != 0:
        sys.exit(f"{cli} {' '.join(args)}: exit {out.returncode}\n{out.stderr}")
    return without_clocks(json.loads(out.stdout)), time.monotonic() - started


def games_of(cli):
    out = subprocess.run(cli.split() + ["games", "--json"], capture_output=True,
                         text=True, timeout=300, check=True)
    return [g["name"] for g in json.loads(out.stdout)]


def main():
    clis = sys.argv[1:]
    if not clis:
        sys.exit(__doc__)
    games = [g for g in games_of(clis[0]) if g in MATCHES]
    if not games:
        sys.exit(f"{clis[0]} has none of the games {sorted(MATCHES)}")
    runs = [(f"match {g}", ["match", g, "--seed", "11", "--series", "1",
                            "--json"] + MATCHES[g]) for g in games]
    runs.append(("solve mancala(pits=3,seeds=3)", SOLVE))
    for g in games:
        runs.extend(WORKBENCH.get(g, []))
    # The comparison can tell results apart: another seed differs.
    other_seed = [a if a != "11" else "12" for a in runs[0][1]]
    if first_difference(run(clis[0], runs[0][1])[0],
                        run(clis[0], other_seed)[0]) is None:
        sys.exit(f"{runs[0][0]}: seeds 11 and 12 give the same document: "
                 "the comparison would tell nothing")
    failed = False
    for name, args in runs:
        reference, seconds = run(clis[0], args)
        print(f"{name}: {clis[0]}: reference ({seconds:.1f} s)")
        for cli in clis[1:]:
            result, seconds = run(cli, args)
            d = first_difference(reference, result)
            print(f"{name}: {cli}: {'same' if d is None else 'DIFFERS'}"
                  f" ({seconds:.1f} s)")
            if d is not None:
                print(f"  first difference: {d}")
                failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
