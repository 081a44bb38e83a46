#!/usr/bin/env python3
"""A client for net_test.py that plays the first legal action (so its
play does not depend on its seed) and prints, as JSON, the seed each
game_start handed it: {"game index": seed}, the last one per game (a game
interrupted by a server restart starts again with a new game_start).

usage: seed_recorder.py PORT TOKEN
"""

import json
import sys

from gameai_client import Agent


class SeedRecorder(Agent):
    name = "seed-recorder"

    def __init__(self):
        self.seeds = {}

    def on_game_start(self, info):
        self.seeds[str(info["game_index"])] = info["seed"]

    def choose_action(self, view, legal_actions):
        return legal_actions[0]["id"]


if __name__ == "__main__":
    bot = SeedRecorder()
    bot.run("127.0.0.1", int(sys.argv[1]), sys.argv[2], retry_seconds=30)
    print(json.dumps(bot.seeds))
