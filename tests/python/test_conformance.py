"""Conformance of the pyspiel-shaped API over every registered game:
tensor shapes, determinism, no hidden card in another seat's tensors,
the legal mask, pickling and deep copies."""
import copy
import pickle
import random
import unittest

import numpy as np

import gameai

import build_games

# Small parameter sets beside the defaults, so that every game is quick.
SPECS = {
    "mancala": ["mancala", "mancala(pits=3,seeds=3)"],
    "yacht": ["yacht", "yacht(players=1)"],
    "linesboard": ["linesboard",
                   "linesboard(rows=3,cols=3,colors=2,initial_balls=3,spawn=1)"],
    "minirisk": ["minirisk", "minirisk(players=2)"],
    "daifugo": ["daifugo(games=1)", "daifugo(players=3,games=2)"],
}


def specs():
    out = []
    for name in gameai.registered_games():
        out.extend(SPECS.get(name, [name]))
    return out


def hidden(game):
    return (game.get_type().information
            == gameai.GameType.Information.IMPERFECT_INFORMATION)


def random_states(game, seed, limit=400):
    """The states of one random game (at most `limit`)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    out = [state.clone()]
    while not state.is_terminal() and len(out) < limit:
        if state.is_simultaneous_node():
            state.apply_joint_action(
                [rng.choice(state.legal_actions(p))
                 for p in range(game.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out


class ConformanceTest(build_games.TestCase):
    def test_every_registered_game_is_covered(self):
        names = {s.split("(")[0] for s in specs()}
        self.assertEqual(names, set(gameai.registered_games()))

    def test_tensors_have_the_declared_shape_and_dtype(self):
        for spec in specs():
            game = gameai.load_game(spec)
            for state in random_states(game, 1)[::7]:
                for p in range(game.num_players()):
                    obs = state.observation_tensor(p)
                    self.assertEqual(obs.dtype, np.float32, spec)
                    self.assertEqual(list(obs.shape),
                                     game.observation_tensor_shape(), spec)
                    self.assertTrue(np.isfinite(obs).all(), spec)
                    if hidden(game):
                        info = state.information_state_tensor(p)
                        self.assertEqual(
                            list(info.shape),
                            game.information_state_tensor_shape(), spec)
                if not hidden(game):
                    with self.assertRaises(NotImplementedError):
                        state.information_state_tensor(0)

    def test_equal_states_give_equal_tensors(self):
        for spec in specs():
            game = gameai.load_game(spec)
            for state in random_states(game, 2)[::5]:
                again = game.deserialize_state(state.serialize())
                for p in range(game.num_players()):
                    np.testing.assert_array_equal(
                        state.observation_tensor(p),
                        again.observation_tensor(p), spec)
                    if hidden(game):
                        np.testing.assert_array_equal(
                            state.information_state_tensor(p),
                            again.information_state_tensor(p), spec)

    def test_mask_matches_legal_actions(self):
        for spec in specs():
            game = gameai.load_game(spec)
            for state in random_states(game, 3)[::3]:
                if state.is_terminal() or state.is_simultaneous_node():
                    players = range(game.num_players())
                else:
                    players = [None]
                for p in players:
                    mask = state.legal_actions_mask(p)
                    self.assertEqual(mask.shape,
                                     (game.num_distinct_actions(),))
                    self.assertEqual(list(np.flatnonzero(mask)),
                                     state.legal_actions(p), spec)

    def test_pickle_round_trips(self):
        for spec in specs():
            game = gameai.load_game(spec)
            self.assertEqual(pickle.loads(pickle.dumps(game)).spec(),
                             game.spec())
            for state in random_states(game, 4)[::9]:
                back = pickle.loads(pickle.dumps(state))
                self.assertEqual(back.serialize(), state.serialize(), spec)
                for p in range(game.num_players()):
                    self.assertEqual(back.legal_actions(p),
                                     state.legal_actions(p))

    def test_deepcopy_is_independent(self):
        for spec in specs():
            game = gameai.load_game(spec)
            state = random_states(game, 5, limit=6)[-1]
            if state.is_terminal() or state.is_simultaneous_node():
                continue
            before = state.serialize()
            twin = copy.deepcopy(state)
            twin.apply_action(twin.legal_actions()[0])
            self.assertEqual(state.serialize(), before, spec)
            self.assertNotEqual(twin.serialize(), before, spec)
            self.assertEqual(len(twin.history()), len(state.history()) + 1)

    def test_rewards_are_the_returns_at_the_end(self):
        for spec in specs():
            game = gameai.load_game(spec)
            states = random_states(game, 6, limit=100000)
            self.assertTrue(states[-1].is_terminal(), spec)
            self.assertEqual(states[-1].rewards(), states[-1].returns())
            self.assertEqual(states[0].rewards(), [0.0] * game.num_players())

    def test_game_length_within_max_game_length(self):
        for spec in specs():
            game = gameai.load_game(spec)
            states = random_states(game, 7, limit=100000)
            self.assertLessEqual(len(states) - 1, game.max_game_length())


class HiddenCardsTest(build_games.TestCase):
    """Daifugo: two deals that differ only in the hands of seats 1 and 2
    (cards dealt round the table from seat 0, two of theirs swapped) give
    seat 0 equal tensors, while seat 1 sees its own hand change."""

    @staticmethod
    def deal(order):
        game = gameai.load_game("daifugo(players=3,games=1)")
        state = game.new_initial_state()
        # Seats in order, then seat 0 is dealt first.
        for text in ("seat P0", "seat P1", "seat P2", "first P0"):
            state.apply_action(state.string_to_action(text))
        for card in order:
            state.apply_action(card)
        return state

    def test_another_seats_hand_does_not_reach_the_tensors(self):
        order = [a for a, _ in self.deal([]).chance_outcomes()]
        random.Random(8).shuffle(order)
        base = self.deal(order)
        for i in range(1, len(order) - 1, 3):  # cards i, i+1: seats 1, 2
            swapped = list(order)
            swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
            other = self.deal(swapped)
            if other.current_player() == base.current_player():
                break  # the lead (the holder of the 3) did not move
        self.assertNotEqual(base.serialize(), other.serialize())
        np.testing.assert_array_equal(base.observation_tensor(0),
                                      other.observation_tensor(0))
        np.testing.assert_array_equal(base.information_state_tensor(0),
                                      other.information_state_tensor(0))
        self.assertFalse(np.array_equal(base.observation_tensor(1),
                                        other.observation_tensor(1)))


if __name__ == "__main__":
    unittest.main()
