#!/usr/bin/env python3
"""A MiniRisk client that cheats on purpose, for net_test.py: in game 0 it
bids a card it already played (round 1), answers late (round 2), sends
garbage (round 3) and an action without its request id (round 4), and
drops the connection (round 5, unanswered), reconnecting at once with
its token; otherwise it
plays its lowest card. Prints what it saw as JSON.

usage: cheating_client.py PORT TOKEN
"""

import json
import socket
import sys
import time

port, token = int(sys.argv[1]), sys.argv[2]
report = {"rejected": 0, "games_ended": 0, "connects": 0}
done = set()


def send(sock, message):
    sock.sendall((json.dumps(message) + "\n").encode()
                 if not isinstance(message, bytes) else message)


def session():
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    report["connects"] += 1
    send(sock, {"type": "hello", "protocol": 1, "name": "cheater",
                "token": token})
    for raw in sock.makefile("rb"):
        m = json.loads(raw)
        kind = m["type"]
        if kind == "rejected":
            report["rejected"] += 1
        elif kind == "game_end":
            report["games_ended"] += 1
        elif kind == "tournament_end":
            return True
        elif kind == "act":
            f = m["view"]["fields"]
            lowest = min(a["id"] for a in m["legal_actions"])
            trick = (m["game_index"], f["round"])
            reply = {"type": "action", "request": m["request"],
                     "action": lowest}
            if trick in done or m["game_index"] != 0:
                send(sock, reply)
                continue
            done.add(trick)
            if f["round"] == 1:  # the card bid in round 0 is gone
                reply["action"] = f["bids"][0][m["view"]["seat"]] - 1
            elif f["round"] == 2:
                time.sleep(0.45)
            elif f["round"] == 3:
                send(sock, b"{this is not json\n")
                continue
            elif f["round"] == 4:
                send(sock, {"type": "action", "action": lowest})
                continue
            elif f["round"] == 5:
                sock.shutdown(socket.SHUT_RDWR)  # the reader holds the fd
                sock.close()
                return False
            send(sock, reply)
    return False


deadline = time.monotonic() + 60
while not session():
    if time.monotonic() > deadline:
        sys.exit("no tournament end")
print(json.dumps(report))
