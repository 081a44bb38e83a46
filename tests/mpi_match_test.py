#!/usr/bin/env python3
"""`mpirun -np 3 gameai match` (and `tournament`) prints what one process
prints.

Environment: GAMEAI (the CLI), FAILING (the CLI with the test agents
throws_on_game and cheats), MPIEXEC (mpirun). For every registered game (and
solitaire Yacht) a match of agents with memory where the game has them, with
a game log, is played by one process and by three ranks with the same seed
and series: the JSON and the table must be identical but for the elapsed
time and the rank count. Then a rank whose agent throws must end the job
with the error and a nonzero exit, and a run under mpirun without --series
must be refused. Runs on loopback only (btl self,vader).
"""
import json
import os
import re
import subprocess
import sys

GAMEAI = os.environ["GAMEAI"]
FAILING = os.environ["FAILING"]
MPIEXEC = os.environ["MPIEXEC"]
TIMEOUT = 120  # seconds per command: a hang fails the test instead of CI

ENV = dict(os.environ,
           OMPI_MCA_btl="self,vader",
           OMPI_MCA_btl_vader_single_copy_mechanism="none",
           OMPI_MCA_rmaps_base_oversubscribe="1")
for name in ("OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"):
    ENV.pop(name, None)  # the one-process runs must not look launched

# Agents per game: learning or deterministic ones where the game has them
# (their results depend on the series split); any other game plays random.
AGENTS = {
    "mancala": "alphabeta(depth=3,keep_tt=true),greedy",
    "yacht": "dice8,greedy",
    "linesboard": "greedy,random",
    "minirisk": "rl,fixed,random",
    "daifugo": "heuristic,random",
}
GAMES = {"linesboard": 6, "minirisk": 10, "daifugo": 10}

failures = []


def run(argv, ranks=None):
    if ranks:
        launcher = [MPIEXEC, "--oversubscribe", "-np", str(ranks)]
        if os.geteuid() == 0:
            launcher.append("--allow-run-as-root")
        argv = launcher + argv
    return subprocess.run(argv, capture_output=True, text=True, env=ENV,
                          timeout=TIMEOUT)


def without_run_facts(text):
    """The output without what describes the run: elapsed time, ranks."""
    text = re.sub(r'"elapsed_seconds": [0-9.e+-]+', '"elapsed_seconds": 0',
                  text)
    text = re.sub(r'"ranks": \d+', '"ranks": 1', text)
    text = re.sub(r", \d+ ranks of ", ", ", text)
    return re.sub(r", [0-9.]+ s\n", ", 0 s\n", text, count=1)


def check_same(name, argv, ranks=3):
    one = run(argv)
    many = run(argv, ranks)
    if one.returncode != 0 or many.returncode != 0:
        failures.append(f"{name}: exit {one.returncode} alone, "
                        f"{many.returncode} on {ranks} ranks: {many.stderr}")
        return None
    if without_run_facts(one.stdout) != without_run_facts(many.stdout):
        failures.append(f"{name}: {ranks} ranks differ from one process:\n"
                        f"{one.stdout}\n---\n{many.stdout}")
    if "--json" in argv and json.loads(many.stdout)["ranks"] != ranks:
        failures.append(f"{name}: the JSON does not say {ranks} ranks")
    return json.loads(one.stdout) if "--json" in argv else None


games = json.loads(run([GAMEAI, "games", "--json"]).stdout)
specs = [g["name"] for g in games] + ["yacht(players=1)"]
for spec in specs:
    name = spec.split("(")[0]
    agents = AGENTS.get(name, "random")
    if spec == "yacht(players=1)":
        agents = "greedy,random,dice8"
    argv = [GAMEAI, "match", spec, "--agents", agents, "--games",
            str(GAMES.get(name, 20)), "--seed", "7", "--series", "5",
            "--random-opening", "1", "--game-log", "--json"]
    result = check_same(spec, argv)
    if result is not None and len(result["game_log"]) != result["games"]:
        failures.append(f"{spec}: the game log has "
                        f"{len(result['game_log'])} of {result['games']} games")
    if name in ("mancala", "daifugo"):
        # The table, and two threads on each of two ranks.
        check_same(spec + " table", argv[:-2], ranks=2)
        check_same(spec + " 2 threads", argv + ["--threads", "2"], ranks=2)

# Illegal actions on every rank: their log is gathered in game order.
result = check_same("illegal actions", [
    FAILING, "match", "mancala", "--agents", "cheats(every=5),random",
    "--games", "12", "--series", "6", "--json"])
if result is not None:
    order = [x["game_index"] for x in result["illegal_action_log"]]
    if not order or order != sorted(order) or order[-1] < 8:
        failures.append(f"illegal actions: not logged in game order: {order}")

# A rank whose agent throws: series 2 of 3 holds games 6..9, and the agent
# throws on the fourth game of its series, so rank 2 alone fails.
failing = [FAILING, "match", "mancala", "--agents", "throws_on_game(n=4),random",
           "--games", "10", "--series", "3"]
alone = run(failing)
if alone.returncode != 1 or "game 9: an agent or the game threw" not in alone.stderr:
    failures.append(f"one process with a throwing agent: exit "
                    f"{alone.returncode}, {alone.stderr!r}")
ranked = run(failing, ranks=3)
if ranked.returncode == 0 or "gameai: rank 2 of 3: game 9: " not in ranked.stderr \
        or "throws_on_game: game 4 of its series" not in ranked.stderr:
    failures.append(f"3 ranks with a throwing agent: exit "
                    f"{ranked.returncode}, {ranked.stderr!r}")
if ranked.stdout:
    failures.append(f"3 ranks with a throwing agent printed {ranked.stdout!r}")

# Under mpirun the series count must be given.
unsplit = run([GAMEAI, "match", "mancala", "--agents", "random", "--games",
               "4"], ranks=2)
if unsplit.returncode == 0 or "give --series K" not in unsplit.stderr:
    failures.append(f"mpirun without --series: exit {unsplit.returncode}, "
                    f"{unsplit.stderr!r}")

# A mistyped option: every rank finds it, rank 0 alone says so.
typo = run([GAMEAI, "match", "mancala", "--agents", "random", "--gmaes", "4"],
           ranks=3)
if typo.returncode != 2 or typo.stderr.count("not expected") != 1:
    failures.append(f"mpirun with a mistyped option: exit {typo.returncode}, "
                    f"{typo.stderr!r}")

# Tournaments: the tables spread over the ranks, rated as by one process
# (learning agents keep their memory through a table: one series each).
for spec, agents in (("mancala", "alphabeta(depth=3,keep_tt=true),greedy,"
                      "random,mcts(simulations=20)"),
                     ("minirisk(players=3)", "rl,fixed,random,planner(rollouts=5)")):
    argv = [GAMEAI, "tournament", spec, "--agents", agents,
            "--games-per-pairing", "6", "--seed", "3", "--random-opening", "1",
            "--json"]
    one = run(argv)
    for ranks, threads in ((2, "1"), (3, "2")):
        many = run(argv + ["--threads", threads], ranks)
        if one.returncode != 0 or many.returncode != 0:
            failures.append(f"tournament {spec}: exit {one.returncode} alone, "
                            f"{many.returncode} on {ranks} ranks: {many.stderr}")
            continue
        clocks = ("elapsed_seconds", "move_seconds", "threads", "command")

        def strip(doc):
            if isinstance(doc, dict):
                return {k: strip(v) for k, v in doc.items() if k not in clocks}
            if isinstance(doc, list):
                return [strip(v) for v in doc]
            return doc
        if strip(json.loads(one.stdout)) != strip(json.loads(many.stdout)):
            failures.append(f"tournament {spec}: {ranks} ranks differ from one "
                            f"process:\n{one.stdout}\n---\n{many.stdout}")
bad = run([GAMEAI, "tournament", "mancala", "--agents", "greedy,nosuch"],
          ranks=2)
if bad.returncode != 2 or bad.stderr.count("unknown agent 'nosuch'") != 1 \
        or bad.stdout:
    failures.append(f"tournament with a bad agent on 2 ranks: exit "
                    f"{bad.returncode}, {bad.stderr!r}")
sprt = run([GAMEAI, "sprt", "mancala", "--agents", "greedy,random", "--elo0",
            "0", "--elo1", "5"], ranks=2)
if sprt.returncode == 0 or "run it without mpirun" not in sprt.stderr:
    failures.append(f"sprt under mpirun: exit {sprt.returncode}, "
                    f"{sprt.stderr!r}")

for failure in failures:
    print("FAIL:", failure)
print(f"{len(specs)} games checked, {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
