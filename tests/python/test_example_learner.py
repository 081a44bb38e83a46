"""examples/python/mancala_tabular.py learns: a short run (fixed seed)
beats random with a 95% win-rate interval above 0.85 and above the
interval of the untrained table (which always takes the first legal pit,
about 0.7 against random)."""
import importlib.util
import os
import unittest

import build_games

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(HERE, "..", "..", "examples", "python",
                       "mancala_tabular.py")


def load_example():
    spec = importlib.util.spec_from_file_location("mancala_tabular", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class ExampleLearnerTest(build_games.TestCase):
    def test_short_training_beats_random(self):
        example = load_example()
        untrained = example.evaluate(
            example.TabularLearner(example.gameai.load_game(example.SPEC), 3),
            games=400, seed=5)
        trained = example.evaluate(example.train(60_000, seed=3), games=400,
                                   seed=5)
        self.assertGreater(trained["win_rate_ci95"][0], 0.85, trained)
        self.assertGreater(trained["win_rate_ci95"][0],
                           untrained["win_rate_ci95"][1])


if __name__ == "__main__":
    unittest.main()
