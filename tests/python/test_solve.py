"""gameai.solve and gameai.yacht_value: the exact solvers from Python.

Kalah values against a plain minimax written here over the module's own
states and the published values; Yacht values against the known optimum,
their closed forms and their own recursion; every kind of bad input."""
import functools
import unittest

import numpy as np

import gameai

import build_games


def plain_margin(game, state):
    """Player 0's final store minus player 1's under perfect play, by a
    full-width search over the dynamic API (small boards only)."""
    @functools.lru_cache(maxsize=None)
    def margin(text):
        s = game.deserialize_state(text)
        if s.is_terminal():
            scores = s.scores()
            return scores[0] - scores[1]
        values = []
        for action in s.legal_actions():
            child = s.clone()
            child.apply_action(action)
            values.append(margin(child.serialize()))
        return max(values) if s.current_player() == 0 else min(values)

    return margin(state.serialize())


class KalahSolveTest(build_games.TestCase):
    def test_published_values(self):
        # Irving, Donkers & Uiterwijk 2000 (capture from an empty pit too).
        for seeds, expected in ((1, 2), (2, 10)):
            game = gameai.load_game(
                f"mancala(pits=6,seeds={seeds},empty_capture=true)")
            result = gameai.solve(game.new_initial_state(), tt=18)
            self.assertEqual(result["status"], "solved")
            self.assertEqual(result["value"], expected)

    def test_positions_agree_with_a_plain_search(self):
        game = gameai.load_game("mancala(pits=3,seeds=2)")
        state = game.new_initial_state()
        checked = 0
        while not state.is_terminal():
            result = gameai.solve(state, "tt=16")
            self.assertEqual(result["value"], plain_margin(game, state),
                             state.serialize())
            self.assertEqual(result["value_lower"], result["value"])
            self.assertEqual(result["value_upper"], result["value"])
            best = result["best_action"]
            self.assertIn(best, state.legal_actions())
            child = state.clone()
            child.apply_action(best)
            self.assertEqual(gameai.solve(child)["value"], result["value"])
            state.apply_action(state.legal_actions()[-1])
            checked += 1
        self.assertGreater(checked, 2)
        self.assertEqual(gameai.solve(state)["status"], "terminal")

    def test_all_moves_gives_each_move_its_margin(self):
        game = gameai.load_game("mancala(pits=4,seeds=2)")
        state = game.new_initial_state()
        result = gameai.solve(state, all_moves=True)
        values = {a["action"]: a["value"] for a in result["action_values"]}
        self.assertEqual(sorted(values), state.legal_actions())
        for action, value in values.items():
            child = state.clone()
            child.apply_action(action)
            self.assertEqual(gameai.solve(child)["value"], value)
        self.assertEqual(result["value"], max(values.values()))

    def test_node_budget_gives_bounds_and_no_value(self):
        state = gameai.load_game("mancala").new_initial_state()
        result = gameai.solve(state, nodes=20000, tt=20, mem_mb=512)
        self.assertEqual(result["status"], "bounded")
        self.assertIsNone(result["value"])
        self.assertIsNone(result["best_action"])
        self.assertLessEqual(result["value_lower"], 8)  # 6x4: +8
        self.assertGreaterEqual(result["value_upper"], 8)
        self.assertLessEqual(result["nodes"], 20000)

    def test_state_is_unchanged(self):
        state = gameai.load_game("mancala(pits=4,seeds=2)").new_initial_state()
        before = state.serialize()
        gameai.solve(state)
        self.assertEqual(state.serialize(), before)


class YachtValueTest(build_games.TestCase):
    def test_start_is_the_published_optimum(self):
        game = gameai.load_game("yacht(players=1)")
        result = gameai.solve(game.new_initial_state())
        self.assertAlmostEqual(result["value"], 245.87, delta=0.005)
        # The same double by the scorecard lookup, to the last bit.
        self.assertEqual(gameai.yacht_value(game, "8191 0 0 0"),
                         result["value"])
        self.assertIsNone(result["best_action"])  # chance rolls first

    def test_scorecard_closed_forms(self):
        # Only CHANCE left: 70/3; only YACHT: 50 * P(yacht in 3 rolls).
        self.assertAlmostEqual(gameai.yacht_value("yacht", "CHANCE 0 0 0"),
                               70 / 3, places=12)
        # (CHANCE, filled, holds at least 5.)
        self.assertAlmostEqual(gameai.yacht_value("yacht", "2048 5 0 0"),
                               50 * 0.0460286, places=4)

    def test_roll_is_the_mean_of_its_outcomes(self):
        game = gameai.load_game("yacht(players=1)")
        roll = game.deserialize_state("0 1 0 1 7 8183 12 12 0")
        mean = 0.0
        for action, probability in roll.chance_outcomes():
            child = roll.clone()
            child.apply_action(action)
            mean += probability * gameai.solve(child)["value"]
        self.assertAlmostEqual(gameai.solve(roll)["value"], mean, places=9)

    def test_decision_is_its_best_option(self):
        game = gameai.load_game("yacht(players=1)")
        state = game.deserialize_state("0 0 1 2 300 8191 0 0 0")  # 1 2 6 6 6
        result = gameai.solve(state)
        best = max(result["action_values"], key=lambda a: a["value"])
        self.assertEqual(result["value"], best["value"])
        self.assertEqual(result["best_action"], best["action"])
        self.assertEqual(result["best_action_text"], "hold 6 6 6")

    def test_unreachable_scorecard_is_an_error(self):
        with self.assertRaisesRegex(ValueError,
                                    "upper total 3 cannot come from the "
                                    "filled upper boxes TWOS"):
            gameai.yacht_value("yacht", "8189 3 3 0")
        # Nothing scored yet, and 100 points: none of the boxes made them.
        with self.assertRaisesRegex(ValueError,
                                    "leaves 100 for the filled lower boxes"):
            gameai.yacht_value("yacht", "8191 100 0 0")
        # No state holds such a card: its text is refused.
        game = gameai.load_game("yacht(players=1)")
        with self.assertRaisesRegex(ValueError, "player 0's scorecard"):
            game.deserialize_state("0 1 0 2 0 8189 3 3 0")

    def test_finished_game_is_terminal(self):
        game = gameai.load_game("yacht(players=1)")
        result = gameai.solve(game.deserialize_state("0 13 2 2 0 0 120 40 0"))
        self.assertEqual(result["status"], "terminal")
        self.assertEqual(result["final_score_player_0"], 120)


class SolveBadInputTest(build_games.TestCase):
    def test_game_without_solver_lists_those_with_one(self):
        state = gameai.load_game("linesboard").new_initial_state()
        with self.assertRaisesRegex(ValueError,
                                    "games with one: mancala, yacht"):
            gameai.solve(state)

    def test_bad_options(self):
        state = gameai.load_game("mancala").new_initial_state()
        with self.assertRaisesRegex(ValueError, "nodez"):
            gameai.solve(state, nodez=5)
        with self.assertRaisesRegex(ValueError, "nodes"):
            gameai.solve(state, nodes=-1)
        with self.assertRaisesRegex(TypeError, "expected a bool"):
            gameai.solve(state, nodes=[1])
        with self.assertRaisesRegex(TypeError, "expected a bool"):
            gameai.solve(state, nodes=None)
        # A huge argument is not quoted whole.
        with self.assertRaises(TypeError) as caught:
            gameai.solve(state, nodes=["x" * 100000])
        self.assertLess(len(str(caught.exception)), 400)
        # Numpy numbers are numbers, numpy booleans booleans.
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no numpy deprecation either
            for time_s in (np.float64(5), np.float32(5)):
                self.assertIn(gameai.solve(state, nodes=np.int64(1000),
                                           time_s=time_s,
                                           all_moves=np.bool_(False))
                              ["status"], ("solved", "bounded"))

    def test_position_value_is_the_generic_call(self):
        game = gameai.load_game("yacht(players=1)")
        self.assertEqual(gameai.position_value(game, "8191 0 0 0"),
                         gameai.yacht_value(game, "8191 0 0 0"))
        with self.assertRaisesRegex(ValueError,
                                    r"games with one: yacht \(scorecard\)"):
            gameai.position_value("mancala", "8191 0 0 0")
        with self.assertRaisesRegex(ValueError, "OPEN TOTAL UPPER YACHT50"):
            gameai.position_value("yacht", "8191 0 0")
        with self.assertRaises(TypeError):
            gameai.position_value(3, "8191 0 0 0")

    def test_bad_scorecards_and_games(self):
        with self.assertRaisesRegex(ValueError, "OPEN TOTAL UPPER YACHT50"):
            gameai.yacht_value("yacht", "8191 0 0")
        with self.assertRaisesRegex(ValueError, "no category"):
            gameai.yacht_value("yacht", "CHANSE 0 0 0")
        with self.assertRaisesRegex(ValueError, "not a yacht game"):
            gameai.yacht_value("mancala", "8191 0 0 0")
        with self.assertRaisesRegex(ValueError, "unknown game"):
            gameai.yacht_value("chess", "8191 0 0 0")

    def test_malformed_state_text_is_the_deserialize_error(self):
        with self.assertRaisesRegex(ValueError, "expected 11 numbers"):
            gameai.load_game("mancala(pits=4,seeds=2)").deserialize_state(
                "0 2 2")


if __name__ == "__main__":
    unittest.main()
