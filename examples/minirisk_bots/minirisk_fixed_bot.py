"""An example MiniRisk bot: the original game's fixed strategy (the same
as the built-in agent `fixed`): bid card v + 5 on a prize card v > 0 and
card -v on a prize v < 0, so that the bid always follows the prize.

    PYTHONPATH=python python3 examples/minirisk_bots/minirisk_fixed_bot.py \
        HOST:PORT TOKEN
"""

import sys

from gameai_client import Agent


class FixedBot(Agent):
    name = "python-fixed"

    def choose_action(self, view, legal_actions):
        prize = view["fields"]["prize"]
        card = prize + 5 if prize > 0 else -prize
        for action in legal_actions:
            if action["name"] == f"bid {card}":
                return action["id"]
        return legal_actions[0]["id"]  # not reached: the card is in hand


def main(argv):
    if len(argv) not in (3, 4) or ":" not in argv[1]:
        print("usage: minirisk_fixed_bot.py HOST:PORT "
              "TOKEN [RETRY_SECONDS] (default 10: how long to try again "
              "after a lost connection)", file=sys.stderr)
        return 2
    host, port = argv[1].rsplit(":", 1)
    retry = float(argv[3]) if len(argv) == 4 else 10.0
    standings = FixedBot().run(host, int(port), argv[2], retry_seconds=retry)
    print("winner:", standings.get("winner"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
