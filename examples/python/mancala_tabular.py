#!/usr/bin/env python3
"""A tabular learner for small Kalah with numpy alone, trained by self-play
through gameai.VectorEnv, then matched against `random` in gameai.match.

    python3 examples/python/mancala_tabular.py [--steps 200000] [--seed 1]

Every-visit Monte Carlo control: a hashed table of action values over the
observation tensor (which is laid out from the mover's side, so one table
plays both seats), epsilon-greedy moves, and at each game's end every
(position, action) of a seat moves toward that seat's return. Games run
64 at a time in C++; the only Python work per step is a few numpy calls.
"""
import argparse

import numpy as np

import gameai

SPEC = "mancala(pits=3,seeds=3)"
TABLE_BITS = 20


class TabularLearner:
    def __init__(self, game, seed):
        self.actions = game.num_distinct_actions()
        self.q = np.zeros((1 << TABLE_BITS, self.actions), np.float32)
        self.rng = np.random.default_rng(seed)
        size = game.observation_tensor_size()
        # A random multiplier per entry hashes a position to a row.
        self.mix = self.rng.integers(1, 1 << 62, size=size, dtype=np.int64) | 1

    def rows(self, observations):
        keys = (observations.astype(np.int64) * self.mix).sum(axis=-1)
        return (keys ^ (keys >> 29)) & ((1 << TABLE_BITS) - 1)

    def greedy(self, rows, masks):
        values = np.where(masks.astype(bool), self.q[rows], -np.inf)
        return values.argmax(axis=-1)

    # gameai.match calls this: a Python agent.
    def on_game_start(self, seat, seed):
        self.seat = seat

    def step(self, state):
        obs = state.observation_tensor(self.seat)[None]
        mask = state.legal_actions_mask(self.seat)[None]
        return int(self.greedy(self.rows(obs), mask)[0])


def train(steps, seed, n=64, epsilon=0.2, alpha=0.1):
    env = gameai.VectorEnv(SPEC, n=n, seed=seed)
    game = env.game
    learner = TabularLearner(game, seed)
    horizon = game.max_game_length() + 1
    rows = np.zeros((n, horizon), np.int64)
    acts = np.zeros((n, horizon), np.int64)
    seats = np.zeros((n, horizon), np.int64)
    length = np.zeros(n, np.int64)
    obs, mask, current = env.reset()
    everyone = np.arange(n)
    for _ in range(steps // n):
        r = learner.rows(obs)
        action = learner.greedy(r, mask)
        explore = learner.rng.random(n) < epsilon
        noise = (mask * learner.rng.random(mask.shape)).argmax(axis=1)
        action = np.where(explore, noise, action)
        rows[everyone, length] = r
        acts[everyone, length] = action
        seats[everyone, length] = current
        length += 1
        obs, mask, rewards, done, current = env.step(action)
        for i in np.flatnonzero(done):
            k = length[i]
            ret = rewards[i, seats[i, :k]]
            cell = (rows[i, :k], acts[i, :k])
            learner.q[cell] += alpha * (ret - learner.q[cell])
        length[done] = 0
    return learner


def evaluate(learner, games, seed):
    result = gameai.match(SPEC, [learner, "random"], games=games, seed=seed)
    return result["agents"][0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    untrained = evaluate(TabularLearner(gameai.load_game(SPEC), args.seed),
                         args.games, args.seed)
    learner = train(args.steps, args.seed)
    trained = evaluate(learner, args.games, args.seed)
    for name, row in (("untrained", untrained), ("trained", trained)):
        low, high = row["win_rate_ci95"]
        print(f"{name:9} vs random, {row['games']} games: win rate "
              f"{row['win_rate']:.3f} (95% interval {low:.3f}..{high:.3f})")


if __name__ == "__main__":
    main()
