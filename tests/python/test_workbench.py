"""gameai.tournament and gameai.sprt: the JSON of the CLI as dicts, Python
agents taking part, bad input named with nothing written."""
import os
import tempfile

import gameai

import build_games


class FirstLegal:
    """A Python agent: the first legal action, seeing only its view."""

    def __init__(self):
        self.seats = []

    def on_game_start(self, seat, seed):
        self.seats.append(seat)

    def step(self, state):
        return state.legal_actions()[0]


class WorkbenchTest(build_games.TestCase):
    def test_tournament_gives_ratings_best_first(self):
        doc = gameai.tournament("mancala", ["greedy", "random", "beginner"],
                                games_per_pairing=10, random_opening=2,
                                threads=2)
        self.assertEqual(doc["kind"], "tournament")
        elos = [r["elo"] for r in doc["ratings"]]
        self.assertEqual(elos, sorted(elos, reverse=True))
        self.assertEqual(doc["ratings"][-1]["agent"], "random")
        for r in doc["ratings"]:
            self.assertLessEqual(r["ci95"][0], r["elo"])
            self.assertGreaterEqual(r["ci95"][1], r["elo"])
        self.assertEqual(len(doc["pairwise"]), 3)
        again = gameai.tournament("mancala", ["greedy", "random", "beginner"],
                                  games_per_pairing=10, random_opening=2,
                                  threads=1)
        self.assertEqual([r["elo"] for r in again["ratings"]], elos)

    def test_python_agent_plays_a_seat_at_every_table(self):
        agent = FirstLegal()
        doc = gameai.tournament("mancala", ["greedy", agent, "random"],
                                games_per_pairing=4, format="gauntlet")
        self.assertIn("python1", [r["agent"] for r in doc["ratings"]])
        self.assertEqual(sorted(set(agent.seats)), [0, 1])
        with self.assertRaisesRegex(ValueError, "threads=1"):
            gameai.tournament("mancala", ["greedy", FirstLegal()], threads=2)
        with self.assertRaisesRegex(ValueError, "same Python object"):
            gameai.tournament("mancala", [agent, "random", agent])

    def test_sprt_decides_and_reports_its_fields(self):
        doc = gameai.sprt("mancala", ["greedy", "random"], elo0=0, elo1=50)
        self.assertEqual(doc["decision"], "H1")
        self.assertEqual(doc["model"], "pentanomial")
        self.assertGreaterEqual(doc["llr"], doc["bounds"][1])
        self.assertIn("estimate", doc["elo"])
        self.assertEqual(len(doc["elo"]["ci95"]), 2)
        short = gameai.sprt("mancala", ["random(seed=2)", "random"], 0, 5,
                            max_games=6)
        self.assertEqual((short["decision"], short["games"]), ("none", 6))
        agent = FirstLegal()
        mine = gameai.sprt("mancala", [agent, "random"], 0, 100, max_games=40)
        self.assertEqual(mine["new"], "python0")

    def test_bad_arguments_are_named(self):
        with self.assertRaisesRegex(ValueError, "alpha"):
            gameai.sprt("mancala", ["greedy", "random"], 0, 50, alpha=0.5)
        with self.assertRaisesRegex(TypeError, "elo1"):
            gameai.sprt("mancala", ["greedy", "random"], 0, "50")
        with self.assertRaisesRegex(TypeError, "elo0"):
            gameai.sprt("mancala", ["greedy", "random"], True, 50)
        with self.assertRaisesRegex(ValueError, "elo0 < elo1"):
            gameai.sprt("mancala", ["greedy", "random"], 10, 5)
        with self.assertRaisesRegex(ValueError, "exactly two"):
            gameai.sprt("mancala", ["greedy"], 0, 5)
        with self.assertRaisesRegex(ValueError, "round-robin, gauntlet"):
            gameai.tournament("mancala", ["greedy", "random"], format="swiss")
        with self.assertRaisesRegex(ValueError, "games_per_pairing"):
            gameai.tournament("mancala", ["greedy", "random"],
                              games_per_pairing=0)
        with self.assertRaisesRegex(TypeError, "agents must be a list"):
            gameai.tournament("mancala", "greedy,random")
        with self.assertRaisesRegex(ValueError, "listed twice"):
            gameai.tournament("mancala", ["greedy", "greedy"])

    def test_html_is_a_new_file_only(self):
        with tempfile.TemporaryDirectory() as tmp:
            page = os.path.join(tmp, "r.html")
            gameai.tournament("mancala", ["greedy", "random"],
                              games_per_pairing=2, html=page)
            with open(page, encoding="utf-8") as f:
                text = f.read()
            self.assertIn("<svg", text)
            with self.assertRaisesRegex(Exception, "exists"):
                gameai.sprt("mancala", ["greedy", "random"], 0, 50, html=page)
            with open(page, encoding="utf-8") as f:
                self.assertEqual(f.read(), text)
            with self.assertRaisesRegex(TypeError, "html"):
                gameai.tournament("mancala", ["greedy", "random"], html=3)
