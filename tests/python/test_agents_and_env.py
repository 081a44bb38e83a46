"""Python agents in gameai.match, and gameai.VectorEnv."""
import unittest

import numpy as np

import gameai

import build_games


class FirstLegal:
    """A Python agent: the lowest legal action, recording what it saw."""

    def __init__(self):
        self.seats, self.views, self.ends = [], [], []

    def on_game_start(self, seat, seed):
        self.seats.append(seat)

    def step(self, state):
        seat = self.seats[-1]
        self.views.append(state.observation_tensor(seat))
        return state.legal_actions(seat)[0]

    def on_game_end(self, state, returns):
        self.ends.append(returns)


class HandPeeker:
    """In Daifugo: checks in every view that the other hands are blank."""

    def __init__(self, test):
        self.test, self.seat, self.checked = test, None, 0
        self.blank_with_cards = 0

    def on_game_start(self, seat, seed):
        self.seat = seat

    def step(self, state):
        mine = state.observation_tensor(self.seat)
        counts = mine[4 * 53 + 15: 4 * 53 + 15 + 5]  # cards per seat
        self.test.assertEqual(mine[:53].sum(), counts[0])
        for k in range(1, 5):
            other = state.observation_tensor((self.seat + k) % 5)
            # Another seat's hand, as the view holds it: blank, though the
            # seat holds cards.
            self.test.assertEqual(other[:53].sum(), 0)
            self.blank_with_cards += int(counts[k] > 0)
        self.checked += 1
        return state.legal_actions(self.seat)[0]


class PythonAgentTest(build_games.TestCase):
    def test_python_agent_plays_next_to_builtin_agents(self):
        agent = FirstLegal()
        result = gameai.match("mancala", [agent, "random"], games=4, seed=3)
        self.assertEqual(result["games"], 4)
        self.assertEqual(result["agents"][0]["spec"], "python0")
        self.assertEqual(sorted(set(agent.seats)), [0, 1])  # seats rotate
        self.assertEqual(len(agent.ends), 4)

    def test_python_agent_sees_only_its_hand_in_daifugo(self):
        peeker = HandPeeker(self)
        gameai.match("daifugo(games=2)",
                     [peeker, "heuristic", "random", "heuristic", "random"],
                     games=1, seed=5)
        self.assertGreater(peeker.checked, 5)
        self.assertGreater(peeker.blank_with_cards, 20)

    def test_threads_with_a_python_agent_are_refused(self):
        with self.assertRaisesRegex(ValueError, "threads=1"):
            gameai.match("mancala", [FirstLegal(), "random"], games=2,
                         threads=2)

    def test_an_agent_that_raises_is_logged_like_an_illegal_action(self):
        class Broken:
            def step(self, state):
                raise KeyError("no move here")

        # As for a built-in agent's error: the referee moves for it, and
        # the log names the exception.
        result = gameai.match("mancala", [Broken(), "random"], games=2)
        self.assertGreater(result["agents"][0]["illegal_actions"], 0)
        self.assertIn("KeyError: 'no move here'",
                      result["illegal_action_log"][0]["reason"])

    def test_an_object_without_step_is_a_type_error(self):
        with self.assertRaisesRegex(TypeError, "agents\\[1\\]"):
            gameai.match("mancala", ["random", object()], games=1)


class VectorEnvTest(build_games.TestCase):
    def test_shapes_and_types(self):
        env = gameai.VectorEnv("mancala(pits=3,seeds=3)", n=8, seed=1)
        obs, mask, current = env.reset()
        self.assertEqual(obs.shape, (8, 9))
        self.assertEqual(obs.dtype, np.float32)
        self.assertEqual(mask.shape, (8, 3))
        self.assertEqual(current.dtype, np.int32)
        obs, mask, rewards, done, current = env.step(mask.argmax(axis=1))
        self.assertEqual(rewards.shape, (8, 2))
        self.assertEqual(done.dtype, np.bool_)

    def test_games_end_pay_and_restart(self):
        env = gameai.VectorEnv("mancala(pits=3,seeds=3)", n=16, seed=2)
        obs, mask, current = env.reset()
        finished = 0
        for _ in range(200):
            obs, mask, rewards, done, current = env.step(mask.argmax(axis=1))
            finished += done.sum()
            self.assertTrue((rewards[~done] == 0).all())
            np.testing.assert_array_equal(rewards[done].sum(axis=1), 0)
            self.assertTrue((np.abs(rewards[done]).max(initial=1) <= 1))
            self.assertTrue(mask.any(axis=1).all())  # restarted games
        self.assertGreater(finished, 16)

    def test_observation_is_the_state_observation(self):
        env = gameai.VectorEnv("mancala", n=1, seed=3)
        obs, mask, current = env.reset()
        state = gameai.load_game("mancala").new_initial_state()
        np.testing.assert_array_equal(obs[0], state.observation_tensor())
        action = int(mask[0].argmax())
        obs, mask, *_ = env.step([action])
        state.apply_action(action)
        np.testing.assert_array_equal(obs[0], state.observation_tensor())
        np.testing.assert_array_equal(mask[0], state.legal_actions_mask())

    def test_illegal_action_is_refused_and_nothing_moves(self):
        env = gameai.VectorEnv("mancala", n=4, seed=4)
        obs, mask, current = env.reset()
        legal = mask.argmax(axis=1)
        obs, mask, *_ = env.step(legal)
        before = obs.copy()
        bad = mask.argmax(axis=1)
        bad[2] = int(np.flatnonzero(mask[2] == 0)[0]) if (mask[2] == 0).any() else 99
        with self.assertRaisesRegex(ValueError, "game 2"):
            env.step(bad)
        np.testing.assert_array_equal(obs, before)
        with self.assertRaisesRegex(ValueError, "one integer per game"):
            env.step([0, 1])

    def test_actions_must_be_integers(self):
        env = gameai.VectorEnv("mancala", n=2, seed=4)
        obs, mask, current = env.reset()
        before = obs.copy()
        # Floats were cut to integers (1.7 played 1) and NaN became a huge
        # negative action: refused, the games unchanged.
        for bad in ([1.7, 1.0], np.array([np.nan, 1.0]), ["a", "b"]):
            with self.assertRaisesRegex(TypeError, "actions must be integers"):
                env.step(bad)
        np.testing.assert_array_equal(obs, before)
        env.step(np.array([1, 1], dtype=np.uint8))  # any integer dtype

    def test_bad_options_name_what_is_wrong(self):
        with self.assertRaisesRegex(TypeError, "opponents must be an agent spec"):
            gameai.VectorEnv("mancala", n=1, opponents=5)
        # player names the learner's seat, with or without opponents.
        for opponents in (None, "random"):
            with self.assertRaisesRegex(
                    ValueError, "player=5 is out of range; accepted: 0..1"):
                gameai.VectorEnv("mancala", n=1, opponents=opponents, player=5)

    def test_same_seed_same_games(self):
        runs = []
        for _ in range(2):
            env = gameai.VectorEnv("yacht", n=4, seed=7)
            obs, mask, current = env.reset()
            total = np.zeros(2)
            for _ in range(300):
                obs, mask, rewards, done, current = env.step(
                    mask.argmax(axis=1))
                total += rewards.sum(axis=0)
            runs.append((obs.copy(), total))
        np.testing.assert_array_equal(runs[0][0], runs[1][0])
        np.testing.assert_array_equal(runs[0][1], runs[1][1])

    def test_opponents_play_the_other_seats(self):
        env = gameai.VectorEnv("mancala(pits=3,seeds=3)", n=4, seed=5,
                               opponents="mcts(simulations=50)")
        obs, mask, current = env.reset()
        for _ in range(30):
            self.assertTrue((current == 0).all())
            obs, mask, rewards, done, current = env.step(mask.argmax(axis=1))

    def test_simultaneous_bids_one_seat_after_another(self):
        env = gameai.VectorEnv("minirisk(players=3)", n=2, seed=6)
        obs, mask, current = env.reset()
        seats = []
        for _ in range(6):
            seats.append(int(current[0]))
            obs, mask, *_ , current = env.step(mask.argmax(axis=1))
        self.assertEqual(seats[:3], [0, 1, 2])

    def test_integers_too_large_for_cpp_name_the_argument(self):
        # pybind's own conversion said only "incompatible constructor
        # arguments" for an int that does not fit the C++ type.
        for kwargs, message in (
                ({"n": 2**40}, r"VectorEnv: n=1099511627776 is out of range; "
                               r"accepted: 1\.\.1000000"),
                ({"n": 2, "player": 2**40}, "VectorEnv: player=1099511627776"),
                ({"n": 2, "seed": -1}, "VectorEnv: seed=-1 is out of range; "
                                       "accepted: 0..18446744073709551615"),
                ({"n": 2, "seed": 2**64}, "VectorEnv: seed=18446744073709551616")):
            with self.assertRaisesRegex(ValueError, message):
                gameai.VectorEnv("mancala", **kwargs)
        with self.assertRaisesRegex(TypeError, "VectorEnv: n must be an int"):
            gameai.VectorEnv("mancala", n=2.0)
        # The largest seed and numpy integers are accepted.
        self.assertEqual(gameai.VectorEnv("mancala", n=np.int32(3),
                                          seed=2**64 - 1).num_envs, 3)

    def test_numpy_integers_pass_wherever_an_int_goes(self):
        state = gameai.load_game("yacht").new_initial_state()
        self.assertEqual(state.legal_actions(np.int64(-1)),
                         state.legal_actions())
        self.assertEqual(state.sample_chance_outcome(np.uint64(7)),
                         state.sample_chance_outcome(7))
        state.apply_action(np.int64(state.legal_actions()[0]))
        self.assertEqual(state.action_to_string(np.int32(0), np.int8(0)),
                         state.action_to_string(0, 0))

    def test_bad_options_are_value_errors(self):
        with self.assertRaisesRegex(ValueError, "1..1000000"):
            gameai.VectorEnv("mancala", n=0)
        with self.assertRaisesRegex(ValueError, "no_such_agent"):
            gameai.VectorEnv("mancala", n=2, opponents="no_such_agent")
        with self.assertRaisesRegex(ValueError, "player=5"):
            gameai.VectorEnv("mancala", n=2, opponents="random", player=5)


if __name__ == "__main__":
    unittest.main()
