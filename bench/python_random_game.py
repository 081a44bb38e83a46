#!/usr/bin/env python3
"""Random games driven from Python through the gameai module: steps/s.

The loop of BM_Dynamic_RandomGame (bench/dynamic_bench.cc) written in
Python: new_initial_state, then until the end legal_actions() and a
uniform pick, chance nodes sampled from chance_outcomes() by their
probabilities, simultaneous nodes by legal_actions(p) per seat and
apply_joint_action. A step is one apply_action / apply_joint_action call.
It measures what a Python user gets: the interpreter's cost per call plus
the dynamic layer's.

  PYTHONPATH=build/python python3 bench/python_random_game.py [SPEC ...]
      [--seconds S] [--seed N]

Without SPECs every registered game with its default parameters.
"""

import argparse
import random
import sys
import time

import gameai


def play(game, rng):
    """One random game; returns the number of steps."""
    state = game.new_initial_state()
    players = game.num_players()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            u = rng.random()
            outcomes = state.chance_outcomes()
            action = outcomes[-1][0]  # rounding: the sum may fall short of 1
            for a, p in outcomes:
                if u < p:
                    action = a
                    break
                u -= p
            state.apply_action(action)
        elif state.is_simultaneous_node():
            state.apply_joint_action(
                [rng.choice(state.legal_actions(p)) for p in range(players)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", help="game specs (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="time per game (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    specs = args.specs or gameai.registered_games()
    rng = random.Random(args.seed)
    print(f"{'games/s':>10} {'steps/s':>12}  game")
    for spec in specs:
        try:
            game = gameai.load_game(spec)
        except ValueError as e:
            print(f"{spec}: {e}", file=sys.stderr)
            return 1
        games = steps = 0
        start = time.process_time()
        while True:
            steps += play(game, rng)
            games += 1
            elapsed = time.process_time() - start
            if elapsed >= args.seconds:
                break
        print(f"{games / elapsed:>10.1f} {steps / elapsed:>12.0f}  "
              f"{game.spec()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
