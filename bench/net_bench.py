#!/usr/bin/env python3
"""Loopback throughput of `gameai serve`: MiniRisk with five remote seats,
each a `gameai connect` client, and the round-trip time of one move.

usage: bench/net_bench.py [GAMEAI] [--games N] [--agent SPEC]

Prints games per second (the arena's elapsed time, from the first game to
the last, after every seat connected) and the mean time from sending a
seat its "act" request to reading its reply, over all moves of all seats.
"""

import argparse
import json
import os
import subprocess
import sys
import threading

parser = argparse.ArgumentParser()
parser.add_argument("gameai", nargs="?", default="build/gameai")
parser.add_argument("--games", type=int, default=500)
parser.add_argument("--agent", default="fixed")
args = parser.parse_args()

tokens = [f"bench{i}" for i in range(5)]
token_file = f"/tmp/gameai_net_bench_tokens.{os.getpid()}"
with open(token_file, "w") as f:
    f.write("\n".join(tokens) + "\n")
procs = []
try:
    server = subprocess.Popen(
        [args.gameai, "serve", "minirisk", "--seats",
         ",".join(f"remote(name=seat{i})" for i in range(5)), "--games",
         str(args.games), "--port", "0", "--json", "--token-file",
         token_file], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    procs.append(server)
    err = []
    port = None
    for line in server.stderr:
        err.append(line)
        if "listening on" in line:
            port = int(line.rsplit(":", 1)[1])
            break
    if port is None:
        sys.exit("the server did not start: " + "".join(err))
    reader = threading.Thread(target=lambda: err.extend(server.stderr))
    reader.start()
    for t in tokens:
        procs.append(subprocess.Popen(
            [args.gameai, "connect", f"127.0.0.1:{port}", "--agent",
             args.agent, "--token", t], stdout=subprocess.DEVNULL))
    result = json.loads(server.stdout.read())
    server.wait(timeout=600)
    reader.join(10)
    seats = [json.loads(l.split("seat ", 1)[1]) for l in err
             if l.startswith("gameai serve: seat {")]
    moves = sum(s["moves"] for s in seats)
    reply_ms = sum(s["mean_reply_ms"] * s["moves"] for s in seats) / moves
    print(f"games: {result['games']} in {result['elapsed_seconds']:.3f} s: "
          f"{result['games'] / result['elapsed_seconds']:.1f} games/s "
          f"({1000 * result['elapsed_seconds'] / result['games']:.2f} ms a "
          f"five-seat game)")
    print(f"moves: {moves}, mean round trip of one move: "
          f"{reply_ms:.3f} ms")
finally:
    for p in procs:
        if p.poll() is None:
            p.kill()
        p.wait()
    os.remove(token_file)
