"""What a Python caller cannot do to the C++ objects behind the module:
make them without their constructor, pickle them at an old protocol,
call one from two threads; and the messages of the checks added with
these (every surface's promises in docs/python.md). Memory is
test_gameai.py's MemoryTest."""
import math
import pickle
import threading
import time
import unittest

import numpy as np

import gameai

import build_games


def simultaneous_state():
    state = gameai.load_game("minirisk(players=3)").new_initial_state()
    state.apply_action(state.sample_chance_outcome(1))
    assert state.is_simultaneous_node()
    return state


class PickleTest(build_games.TestCase):
    def test_games_and_states_pickle_at_every_protocol(self):
        # Protocols 0 and 1 aborted the interpreter.
        game = gameai.load_game("daifugo(players=3,games=2)")
        state = game.new_initial_state()
        for _ in range(5):
            state.apply_action(state.legal_actions()[0])
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            self.assertEqual(pickle.loads(pickle.dumps(game, protocol)).spec(),
                             game.spec(), protocol)
            back = pickle.loads(pickle.dumps(state, protocol))
            self.assertEqual(back.serialize(), state.serialize(), protocol)

    def test_a_seats_view_pickles_as_that_view(self):
        # The view an agent is handed pickled, then failed to unpickle.
        views = []

        class Keeper:
            def step(self, seen):
                views.append(seen)
                return seen.legal_actions(seen.current_player())[0]

        gameai.match("daifugo(players=3,games=2)",
                     [Keeper(), "heuristic", "heuristic"], games=1)
        game = gameai.load_game("daifugo(players=3,games=2)")
        for view in views[:5]:
            back = pickle.loads(pickle.dumps(view))
            self.assertEqual(back.serialize(), view.serialize())
        # A view is no state to play on, and says so.
        with self.assertRaisesRegex(ValueError, "hidden="):
            game.deserialize_state(views[0].serialize())

    def test_agents_envs_and_types_refuse_at_every_protocol(self):
        game = gameai.load_game("mancala")
        others = [gameai.load_agent(game, "random"),
                  gameai.VectorEnv("mancala", 2), game.get_type()]
        for obj in others:
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                with self.assertRaisesRegex(TypeError, "cannot pickle gameai"):
                    pickle.dumps(obj, protocol)


class BareNewTest(build_games.TestCase):
    def test_no_object_is_made_by_new_alone(self):
        # Each segfaulted (or read garbage) at its first method.
        for cls, made_by in [(gameai.State, "new_initial_state"),
                             (gameai.Game, "load_game"),
                             (gameai.Agent, "load_agent"),
                             (gameai.GameType, "get_type")]:
            with self.assertRaisesRegex(TypeError, made_by):
                cls.__new__(cls)
        with self.assertRaises(TypeError):
            gameai.VectorEnv.__new__(gameai.VectorEnv)
        # The constructor still makes a whole env.
        env = gameai.VectorEnv("mancala", n=2, seed=1)
        self.assertEqual(env.reset()[0].shape[0], 2)


class ThreadTest(build_games.TestCase):
    def run_while_busy(self, busy_call, second_call):
        """Calls second_call from this thread while busy_call runs (the GIL
        released) on another; returns what second_call raised, if ever."""
        raised = []
        worker = threading.Thread(target=busy_call)
        worker.start()
        while worker.is_alive() and not raised:
            try:
                second_call()
            except RuntimeError as e:
                raised.append(e)
        worker.join()
        return raised

    def test_a_second_thread_is_told_the_agent_is_in_use(self):
        # Two threads in one agent's search segfaulted.
        game = gameai.load_game("mancala")
        agent = gameai.load_agent(game, "mcts(simulations=200000)")
        agent.start_game(0, seed=1)
        state = game.new_initial_state()
        raised = self.run_while_busy(lambda: agent.step(state),
                                     lambda: agent.explain())
        self.assertTrue(raised, "the search ended before a second call")
        self.assertIn("in use by another thread", str(raised[0]))
        self.assertIn(agent.step(state), state.legal_actions())

    def test_a_step_reads_the_actions_as_they_were_when_called(self):
        # Another thread writing the caller's array while the step runs
        # (without the GIL) applied an action no game allows.
        def env():
            made = gameai.VectorEnv("mancala", n=2, seed=3,
                                    opponents="mcts(simulations=100000)")
            made.reset()
            return made

        expected = env().step(np.zeros(2, dtype=np.int64))[0].copy()
        actions = np.zeros(2, dtype=np.int64)
        got = []
        changed = env()
        worker = threading.Thread(
            target=lambda: got.append(changed.step(actions)[0].copy()))
        worker.start()
        time.sleep(0.05)  # into the opponents' search
        actions[1] = 5000000
        worker.join()
        np.testing.assert_array_equal(got[0], expected)

    def test_a_second_thread_is_told_the_env_is_in_use(self):
        env = gameai.VectorEnv("mancala", n=8, seed=1,
                               opponents="mcts(simulations=20000)")
        env.reset()
        raised = self.run_while_busy(
            lambda: env.step(np.zeros(8, dtype=np.int64)),
            lambda: env.reset())
        self.assertTrue(raised, "the step ended before a second call")
        self.assertIn("in use by another thread", str(raised[0]))


class MessageTest(build_games.TestCase):
    def test_bytes_that_are_not_utf8_are_shown_escaped(self):
        # The message was dropped: a bare ValueError.
        with self.assertRaisesRegex(ValueError, r"pits=\\xe9"):
            gameai.load_game(b"mancala(pits=\xe9)")

    def test_a_huge_input_is_not_quoted_whole(self):
        with self.assertRaises(ValueError) as caught:
            gameai.load_game("x" * 1000000)
        self.assertLess(len(str(caught.exception)), 4096)
        self.assertIn("(cut: the message held", str(caught.exception))


class ArgumentTest(build_games.TestCase):
    def test_match_takes_any_sequence_of_agents_but_a_str(self):
        result = gameai.match("mancala", ("random", "greedy"), games=2)
        self.assertEqual(result["games"], 2)
        with self.assertRaisesRegex(TypeError, "agents must be a list"):
            gameai.match("mancala", "random", games=2)

    def test_a_spec_may_not_name_a_seated_python_object(self):
        class First:
            def step(self, state):
                return state.legal_actions()[0]

        with self.assertRaisesRegex(ValueError,
                                    "'python1' names the Python object"):
            gameai.match("mancala", ["python1", First()], games=2)

    def test_a_python_object_plays_one_seat(self):
        # Cycled into three of five seats, the object was told each seat in
        # turn and played all three as the last: 4,472 illegal actions in
        # the documented example.
        class FirstLegal:
            def on_game_start(self, seat, seed):
                self.seat = seat

            def step(self, state):
                return state.legal_actions(self.seat)[0]

        with self.assertRaisesRegex(ValueError, "would seat it again"):
            gameai.match("daifugo", [FirstLegal(), "heuristic"], games=1)
        bot = FirstLegal()
        with self.assertRaisesRegex(ValueError, "the same Python object"):
            gameai.match("mancala", [bot, bot], games=1)
        # The page's example, as printed, plays every move itself.
        result = gameai.match("daifugo", [FirstLegal()] + ["heuristic"] * 4,
                              games=2)
        self.assertEqual(result["agents"][0]["illegal_actions"], 0)

    def test_yacht_value_names_what_game_may_be(self):
        with self.assertRaisesRegex(TypeError, "a gameai.Game or a spec str"):
            gameai.yacht_value(5, "CHANCE 0 0 0")

    def test_a_generator_must_draw_in_zero_to_one(self):
        state = gameai.load_game("yacht").new_initial_state()
        for bad, error in [(1.5, ValueError), (math.nan, ValueError),
                           (-0.5, ValueError), ("x", TypeError),
                           (None, TypeError)]:
            rng = type("R", (), {"random": lambda self, v=bad: v})()
            with self.assertRaisesRegex(error, r"in \[0, 1\)"):
                state.sample_chance_outcome(rng)

    def test_no_seat_at_a_simultaneous_node_is_an_error(self):
        # legal_actions() and the mask were silently empty there.
        state = simultaneous_state()
        for call in (state.legal_actions, state.legal_actions_mask,
                     lambda: state.string_to_action("bid 4"),
                     lambda: state.action_to_string(3)):
            with self.assertRaisesRegex(ValueError, "pass player=0..2"):
                call()
        self.assertEqual(state.string_to_action("bid 4", 1), 3)
        self.assertTrue(state.legal_actions(1))
        self.assertEqual(int(state.legal_actions_mask(1).sum()), 15)

    def test_an_empty_opponents_spec_is_no_opponent(self):
        # It meant "no opponents": the caller then played every seat.
        with self.assertRaisesRegex(ValueError, "opponents is an empty spec"):
            gameai.VectorEnv("mancala", n=2, opponents="")

    def test_an_unsigned_action_past_int64_does_not_wrap(self):
        env = gameai.VectorEnv("mancala", n=2)
        env.reset()
        with self.assertRaisesRegex(ValueError, r"actions\[0\]=\d+ is no "):
            env.step(np.array([2**63, 0], dtype=np.uint64))

    def test_step_where_the_seat_has_nothing_to_do_names_the_agent(self):
        game = gameai.load_game("mancala")
        agent = gameai.load_agent(game, "beginner")
        agent.start_game(1)
        with self.assertRaisesRegex(RuntimeError,
                                    "beginner: seat 1 has nothing to do"):
            agent.step(game.new_initial_state())


if __name__ == "__main__":
    unittest.main()
