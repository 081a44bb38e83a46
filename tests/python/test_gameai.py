"""The Python module: games, states, agents, matches, and bad input."""
import os
import resource
import subprocess
import sys
import unittest

import gameai

import build_games


class GameTest(build_games.TestCase):
    def test_random_game_to_the_end(self):
        game = gameai.load_game("mancala(pits=6,seeds=4)")
        self.assertEqual(game.num_players(), 2)
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            self.assertTrue(actions)
            state.apply_action(actions[len(actions) // 2])
        returns = state.returns()
        self.assertEqual(len(returns), 2)
        self.assertEqual(returns[0] + returns[1], 0)
        self.assertIn("store", str(state).lower() + "store")

    def test_clone_is_independent_and_text_round_trips(self):
        game = gameai.load_game("yacht")
        state = game.new_initial_state()
        self.assertTrue(state.is_chance_node())
        outcomes = state.chance_outcomes()
        self.assertAlmostEqual(sum(p for _, p in outcomes), 1.0)
        copy = state.clone()
        copy.apply_action(outcomes[0][0])
        self.assertNotEqual(copy.serialize(), state.serialize())
        again = game.deserialize_state(copy.serialize())
        self.assertEqual(again.serialize(), copy.serialize())
        copy.undo_action()
        self.assertEqual(copy.serialize(), state.serialize())

    def test_simultaneous_bids(self):
        game = gameai.load_game("minirisk(players=3)")
        state = game.new_initial_state()
        state.apply_action(state.chance_outcomes()[-1][0])  # prize 10
        self.assertTrue(state.is_simultaneous_node())
        self.assertEqual(state.current_player(), gameai.SIMULTANEOUS_PLAYER)
        bids = [state.string_to_action("bid 15", p) for p in (0, 1)]
        bids.append(state.string_to_action("bid 14", 2))
        state.apply_joint_action(bids)
        self.assertEqual(state.scores(), [0, 0, 10])


class AgentTest(build_games.TestCase):
    def test_agents_play_a_game(self):
        game = gameai.load_game("mancala")
        agents = [gameai.load_agent(game, "greedy"),
                  gameai.load_agent(game, "mcts(simulations=50,seed=1)")]
        for seat, agent in enumerate(agents):
            agent.start_game(seat, seed=3)
        state = game.new_initial_state()
        while not state.is_terminal():
            agent = agents[state.current_player()]
            state.apply_action(agent.step(state))
        self.assertIn("mcts", agents[1].explain())

    def test_match_returns_the_json_as_a_dict(self):
        result = gameai.match("mancala", ["greedy", "random"], games=10,
                              seed=2)
        self.assertEqual(result["games"], 10)
        self.assertEqual([a["spec"] for a in result["agents"]],
                         ["greedy", "random"])
        self.assertGreater(result["agents"][0]["win_rate"], 0.5)
        self.assertIn("mancala", gameai.registered_games())

    def test_match_refuses_more_games_than_the_limit(self):
        # Rounding 2**63 - 1 up to whole rotations wrapped before the limit.
        for games in (100_000_001, 2**63 - 1, 2**70):
            with self.assertRaisesRegex(
                    ValueError,
                    r"games=\d+ is out of range; accepted: 1\.\.100000000"):
                gameai.match("mancala", ["random", "greedy"], games=games)
        for option, value in (("seed", -1), ("seed", 2**64),
                              ("threads", 2**33), ("random_opening", -1),
                              ("series", 2**40)):
            with self.assertRaisesRegex(ValueError,
                                        f"{option}={value} is out of range"):
                gameai.match("mancala", ["random", "greedy"], games=2,
                             **{option: value})

    def test_match_series_fix_the_results_on_any_thread_count(self):
        # A learning agent: the series split is what its results depend on.
        def play(threads):
            result = gameai.match("mancala(pits=4,seeds=3)",
                                  ["alphabeta(depth=5,keep_tt=true)", "random"],
                                  games=12, seed=3, threads=threads, series=4,
                                  random_opening=2)
            self.assertEqual(result["series"], 4)
            del result["elapsed_seconds"], result["threads"]
            return result
        one = play(1)
        self.assertEqual(play(2), one)
        self.assertEqual(play(3), one)


class BadInputTest(build_games.TestCase):
    def test_unknown_spec(self):
        with self.assertRaisesRegex(ValueError, "mancala"):
            gameai.load_game("no_such_game")
        with self.assertRaises(ValueError):
            gameai.load_game("mancala(pits=99)")
        game = gameai.load_game("mancala")
        with self.assertRaises(ValueError):
            gameai.load_agent(game, "no_such_agent")

    def test_illegal_action_leaves_the_state_unchanged(self):
        state = gameai.load_game("mancala").new_initial_state()
        before = state.serialize()
        for bad in (99, -1, 1 << 40):
            with self.assertRaises(ValueError):
                state.apply_action(bad)
        self.assertEqual(state.serialize(), before)
        with self.assertRaises(ValueError):
            state.legal_actions(7)
        with self.assertRaises(ValueError):
            state.action_to_string(1000)
        with self.assertRaises(ValueError):
            state.observation_string(-1)
        self.assertIn("2", state.observation_string(1))

    def test_player_is_an_int_in_range_with_a_message(self):
        state = gameai.load_game("mancala").new_initial_state()
        for bad in (1 << 40, -(1 << 70), 2):
            with self.assertRaisesRegex(ValueError,
                                        "is out of range; accepted: 0..1"):
                state.legal_actions(bad)
        with self.assertRaisesRegex(TypeError, "player must be an int"):
            state.legal_actions("0")

    def test_every_int_argument_names_itself_when_out_of_range(self):
        # Ints too large for the C++ type used to be pybind TypeErrors
        # ("incompatible function arguments") or RuntimeErrors ("Unable
        # to cast"), naming neither the argument nor the range.
        state = gameai.load_game("mancala").new_initial_state()
        before = state.serialize()
        big = 2**70
        for call, message in (
                (lambda: state.apply_action(big), "action=.* accepted: 0..5"),
                (lambda: state.action_to_string(big), "action=.* accepted: 0..5"),
                (lambda: state.observation_string(big),
                 "player=.* accepted: 0..1"),
                (lambda: state.observation_tensor(big),
                 "observation_tensor: player=.* accepted: 0..1"),
                (lambda: state.legal_actions_mask(big),
                 "legal_actions_mask: player=.* accepted: 0..1")):
            with self.assertRaisesRegex(ValueError, message):
                call()
        self.assertEqual(state.serialize(), before)
        with self.assertRaisesRegex(TypeError, "action must be an int"):
            state.apply_action(1.0)
        bids = gameai.load_game("minirisk(players=2)").new_initial_state()
        bids.apply_action(bids.chance_outcomes()[0][0])
        with self.assertRaisesRegex(ValueError, r"actions\[1\]=.* accepted"):
            bids.apply_joint_action([0, big])
        with self.assertRaisesRegex(TypeError, "actions must be a sequence"):
            bids.apply_joint_action("01")
        yacht = gameai.load_game("yacht").new_initial_state()
        with self.assertRaisesRegex(ValueError, "seed=-1 is out of range"):
            yacht.sample_chance_outcome(-1)
        agent = gameai.load_agent(gameai.load_game("mancala"), "random")
        with self.assertRaisesRegex(ValueError, "seat=.* accepted: 0..1"):
            agent.start_game(big)
        with self.assertRaisesRegex(ValueError, "seed=-5 is out of range"):
            agent.start_game(0, seed=-5)

    def test_nul_in_a_spec_is_shown_in_the_message(self):
        # The message is not cut at the NUL: the whole spec is named.
        with self.assertRaisesRegex(ValueError, r"mancala\\x00\(pits=4\)"):
            gameai.load_game("mancala\0(pits=4)")

    def test_malformed_serialized_state(self):
        game = gameai.load_game("linesboard")
        for bad in ("", "garbage", "cells=... preview=-"):
            with self.assertRaises(ValueError):
                game.deserialize_state(bad)

    def test_agent_misuse(self):
        game = gameai.load_game("mancala")
        agent = gameai.load_agent(game, "random")
        state = game.new_initial_state()
        with self.assertRaises(RuntimeError):
            agent.step(state)  # no seat yet
        with self.assertRaises(ValueError):
            agent.start_game(5)
        agent.start_game(1)
        with self.assertRaises(RuntimeError):
            agent.step(state)  # seat 0 moves first
        with self.assertRaises(TypeError):
            agent.step(None)

    def test_agent_refuses_a_state_of_other_parameters(self):
        # The reproducer: learners sized for two players read an
        # eight-player state out of bounds.
        two = gameai.load_game("minirisk(players=2)")
        eight = gameai.load_game("minirisk(players=8)")
        for spec in ("rl", "planner(rollouts=5)", "mcts(simulations=5)",
                     "naive_mc(rollouts=5)", "fixed", "random"):
            agent = gameai.load_agent(two, spec)
            agent.start_game(0, seed=1)
            with self.assertRaises(ValueError) as caught:
                agent.step(eight.new_initial_state())
            self.assertIn("minirisk(players=8)", str(caught.exception))
            self.assertIn("minirisk(players=2)", str(caught.exception))
            # Still plays its own game (past the prize draw).
            state = two.new_initial_state()
            state.apply_action(state.chance_outcomes()[0][0])
            self.assertIn(agent.step(state), state.legal_actions(0))

    def test_agent_refuses_a_state_of_another_game(self):
        mancala = gameai.load_game("mancala")
        agent = gameai.load_agent(mancala, "mcts(simulations=5)")
        agent.start_game(0)
        with self.assertRaises(ValueError) as caught:
            agent.step(gameai.load_game("linesboard").new_initial_state())
        self.assertIn("linesboard(", str(caught.exception))
        self.assertIn(mancala.spec(), str(caught.exception))

    def test_agents_with_memory_say_so(self):
        game = gameai.load_game("minirisk(players=2)")
        self.assertTrue(gameai.load_agent(game, "rl").has_memory())
        self.assertFalse(gameai.load_agent(game, "fixed").has_memory())
        mancala = gameai.load_game("mancala")
        self.assertFalse(gameai.load_agent(mancala, "alphabeta").has_memory())
        self.assertTrue(
            gameai.load_agent(mancala, "alphabeta(keep_tt=true)").has_memory())


# ASan reserves the address space a limit would cut.
UNDER_ASAN = "asan" in os.environ.get("LD_PRELOAD", "")


class MemoryTest(build_games.TestCase):
    def assert_memory_error(self, call, message):
        """`call` (Python text) raises MemoryError holding `message` in a
        process under a 3 GiB address-space limit."""
        code = (f"import gameai\n"
                f"try:\n"
                f"    {call}\n"
                f"except MemoryError as e:\n"
                f"    print('MemoryError:', e)\n")
        limit = 3 << 30
        run = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True,
            env=os.environ, timeout=60,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS,
                                                  (limit, limit)))
        self.assertIn("MemoryError: " + message, run.stdout, run.stderr)

    @unittest.skipIf(UNDER_ASAN, "ASan reserves the address space")
    def test_table_beyond_the_limit_is_a_memory_error(self):
        self.assert_memory_error(
            "gameai.load_agent(gameai.load_game('mancala'), "
            "'alphabeta(tt=28)')",
            "alphabeta's transposition table (tt=28)")

    @unittest.skipIf(UNDER_ASAN, "ASan reserves the address space")
    def test_a_vector_env_beyond_memory_is_refused_before_it_is_made(self):
        # 200,000 Lines boards and their buffers (a legal mask of 17,544
        # actions each): 4.4 GB.
        self.assert_memory_error(
            "gameai.VectorEnv('linesboard', n=200000)",
            "a vector env of 200000 games of linesboard")

    def test_cache_of_anything_else_is_refused(self):
        game = gameai.load_game("yacht")
        with self.assertRaisesRegex(ValueError, "not a regular file"):
            gameai.load_agent(game, "optimal(cache=/dev/zero)")


if __name__ == "__main__":
    unittest.main()
