#!/usr/bin/env python3
"""Steps per second of gameai.VectorEnv for n = 1, 64, 1024 games on one
core, beside a one-state-at-a-time Python loop over gameai.State.

    PYTHONPATH=build/python python3 bench/python_vector_env.py [--spec S]

A step is one decision of the seat to act (chance nodes are sampled inside
and not counted). Actions are the first legal action of each game, picked
with numpy (argmax of the mask), so the figure includes that Python work.
"""
import argparse
import time

import numpy as np

import gameai


def vector_rate(spec, n, seconds):
    env = gameai.VectorEnv(spec, n=n, seed=1)
    obs, mask, current = env.reset()
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            obs, mask, rewards, done, current = env.step(mask.argmax(axis=1))
        steps += 50 * n
    return steps / (time.perf_counter() - start)


def python_loop_rate(spec, seconds):
    game = gameai.load_game(spec)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(200):
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            state.observation_tensor()
            mask = state.legal_actions_mask()
            state.apply_action(int(mask.argmax()))
            steps += 1
    return steps / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="mancala")
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    print(f"{args.spec}: steps per second (one core)")
    rate = python_loop_rate(args.spec, args.seconds)
    print(f"  python loop (State, observation_tensor, mask): {rate:12,.0f}")
    for n in (1, 64, 1024):
        rate = vector_rate(args.spec, n, args.seconds)
        print(f"  VectorEnv n={n:<5}                            {rate:12,.0f}")


if __name__ == "__main__":
    main()
