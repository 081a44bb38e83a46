#!/usr/bin/env python3
"""workbench_cli_test.py CLI: `gameai tournament`, `gameai sprt` and
`gameai match --html` as a bot author runs them: rating lists that agree
with the pairwise results, the same results for any thread count, the
SPRT's decisions on real agents, the documented JSON fields, reports that
never replace a file, and bad input named with nothing written."""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

CLI = []
TIMEOUT = 900
CLOCKS = {"elapsed_seconds", "move_seconds", "threads", "command"}


def run(*args, check=True):
    out = subprocess.run(CLI + list(args), capture_output=True, text=True,
                         timeout=TIMEOUT)
    if check and out.returncode != 0:
        raise AssertionError(f"{args}: exit {out.returncode}\n{out.stderr}")
    return out


def without_clocks(doc):
    if isinstance(doc, dict):
        return {k: without_clocks(v) for k, v in doc.items() if k not in CLOCKS}
    if isinstance(doc, list):
        return [without_clocks(v) for v in doc]
    return doc


class WorkbenchCliTest(unittest.TestCase):
    def assert_order_agrees_with_pairwise(self, doc):
        elo = {r["agent"]: r["elo"] for r in doc["ratings"]}
        for p in doc["pairwise"]:
            a, b = p["agents"]
            games = p["wins"] + p["draws"] + p["losses"]
            score = (p["wins"] + 0.5 * p["draws"]) / games
            if score > 0.5:
                self.assertGreater(elo[a], elo[b], p)
            if score < 0.5:
                self.assertLess(elo[a], elo[b], p)

    def assert_ratings_shape(self, doc, agents):
        ratings = doc["ratings"]
        self.assertEqual(sorted(r["agent"] for r in ratings), sorted(agents))
        elos = [r["elo"] for r in ratings]
        self.assertEqual(elos, sorted(elos, reverse=True))  # best first
        for r in ratings:
            low, high = r["ci95"]
            self.assertLessEqual(low, r["elo"])
            self.assertGreaterEqual(high, r["elo"])
        anchor = [r for r in ratings if r["agent"] == doc["anchor"]][0]
        self.assertEqual((anchor["elo"], anchor["ci95"]), (0, [0, 0]))

    def test_mancala_round_robin_rates_five_agents(self):
        agents = ["advanced", "beginner", "greedy", "random",
                  "alphabeta(depth=2)"]
        doc = json.loads(run("tournament", "mancala", "--agents",
                             ",".join(agents), "--games-per-pairing", "40",
                             "--random-opening", "2", "--threads", "2",
                             "--json").stdout)
        self.assert_ratings_shape(doc, agents)
        self.assertEqual(doc["anchor"], "random")
        self.assertEqual(doc["model"], "bradley-terry")
        self.assertEqual(len(doc["pairwise"]), 10)
        for p in doc["pairwise"]:
            self.assertEqual(set(p), {"agents", "wins", "draws", "losses"})
            self.assertEqual(p["wins"] + p["draws"] + p["losses"], 40)
        self.assert_order_agrees_with_pairwise(doc)
        self.assertEqual(doc["ratings"][-1]["agent"], "random")

    def test_minirisk_tournament_of_five_agents(self):
        agents = ["random", "fixed", "rl", "naive_mc(rollouts=20)",
                  "planner(rollouts=20)"]
        doc = json.loads(run("tournament", "minirisk", "--agents",
                             ",".join(agents), "--games-per-pairing", "100",
                             "--json").stdout)
        self.assert_ratings_shape(doc, agents)
        self.assertEqual(doc["model"], "plackett-luce")
        self.assertEqual(doc["tables"], [agents])
        self.assert_order_agrees_with_pairwise(doc)

    def test_gauntlet_and_threads_change_no_result(self):
        args = ["tournament", "mancala", "--agents",
                "greedy,random,beginner,mcts(simulations=30)", "--format",
                "gauntlet", "--games-per-pairing", "6",
                "--random-opening", "2", "--json"]
        one = json.loads(run(*args, "--seed", "4", "--threads", "1").stdout)
        two = json.loads(run(*args, "--seed", "4", "--threads", "2").stdout)
        self.assertEqual(without_clocks(one), without_clocks(two))
        self.assertEqual(one["tables"], [["greedy", "random"],
                                         ["greedy", "beginner"],
                                         ["greedy", "mcts(simulations=30)"]])
        other = json.loads(run(*args, "--seed", "5").stdout)
        self.assertNotEqual(without_clocks(one)["pairwise"],
                            without_clocks(other)["pairwise"])

    def test_sprt_strongest_against_random_accepts_h1(self):
        doc = json.loads(run("sprt", "mancala", "--agents", "strongest,random",
                             "--elo0", "0", "--elo1", "50", "--threads", "2",
                             "--json").stdout)
        print(f"strongest vs random: {doc['decision']} after {doc['games']} "
              f"games, LLR {doc['llr']:.3f}", file=sys.stderr)
        self.assertEqual(doc["decision"], "H1")
        self.assertLessEqual(doc["games"], 60)  # a few dozen
        self.assertGreaterEqual(doc["llr"], doc["bounds"][1])
        self.assertEqual(doc["model"], "pentanomial")
        low, high = doc["elo"]["ci95"]
        self.assertLessEqual(low, doc["elo"]["estimate"])
        self.assertGreater(low, 50)

    def test_sprt_agent_against_itself_accepts_h0(self):
        for agents, opening in (("random(seed=3),random", "0"),
                                ("advanced,alphabeta(depth=6)", "4")):
            doc = json.loads(run("sprt", "mancala", "--agents", agents,
                                 "--elo0", "0", "--elo1", "50",
                                 "--random-opening", opening, "--json").stdout)
            print(f"{agents}: {doc['decision']} after {doc['games']} games",
                  file=sys.stderr)
            self.assertEqual(doc["decision"], "H0", agents)
            self.assertLessEqual(doc["llr"], doc["bounds"][0])
            self.assertLess(doc["elo"]["ci95"][0], 0 + 1e-9)

    def test_sprt_trinomial_and_max_games(self):
        doc = json.loads(run("sprt", "yacht(players=1)", "--agents",
                             "dice8,greedy", "--elo0", "0", "--elo1", "100",
                             "--max-games", "2000", "--json").stdout)
        self.assertEqual(doc["model"], "trinomial")
        self.assertEqual(doc["decision"], "H1")
        doc = json.loads(run("sprt", "mancala", "--agents",
                             "random(seed=3),random", "--elo0", "0",
                             "--elo1", "5", "--max-games", "8",
                             "--json").stdout)
        self.assertEqual((doc["decision"], doc["games"]), ("none", 8))
        self.assertLess(doc["bounds"][0], doc["llr"])
        self.assertLess(doc["llr"], doc["bounds"][1])

    def test_reports_are_new_files_only(self):
        with tempfile.TemporaryDirectory() as tmp:
            page = os.path.join(tmp, "t.html")
            out = run("tournament", "mancala", "--agents", "greedy,random",
                      "--games-per-pairing", "4", "--html", page, "--json")
            with open(page, encoding="utf-8") as f:
                text = f.read()
            self.assertTrue(text.startswith("<!DOCTYPE html>"))
            self.assertNotIn("<script", text)
            self.assertNotIn("https://", text)
            self.assertEqual(text.count("http://"),
                             text.count("http://www.w3.org/2000/svg"))
            self.assertIn(json.loads(out.stdout)["ratings"][0]["agent"], text)
            # A second run refuses before playing and leaves the file.
            again = run("tournament", "mancala", "--agents", "greedy,random",
                        "--html", page, check=False)
            self.assertNotEqual(again.returncode, 0)
            self.assertIn("exists", again.stderr)
            self.assertEqual(again.stdout, "")
            with open(page, encoding="utf-8") as f:
                self.assertEqual(f.read(), text)
            link = os.path.join(tmp, "dangling.html")
            os.symlink(os.path.join(tmp, "nowhere"), link)
            again = run("sprt", "mancala", "--agents", "greedy,random",
                        "--elo0", "0", "--elo1", "50", "--html", link,
                        check=False)
            self.assertNotEqual(again.returncode, 0)
            self.assertFalse(os.path.exists(os.path.join(tmp, "nowhere")))
            missing = run("tournament", "mancala", "--agents", "greedy,random",
                          "--html", os.path.join(tmp, "no", "t.html"),
                          check=False)
            self.assertNotEqual(missing.returncode, 0)
            self.assertIn("no", missing.stderr)
            self.assertEqual(sorted(os.listdir(tmp)), ["dangling.html", "t.html"])

    def test_match_html_reports_one_table(self):
        with tempfile.TemporaryDirectory() as tmp:
            page = os.path.join(tmp, "m.html")
            doc = json.loads(run("match", "mancala", "--agents",
                                 "greedy,random", "--games", "10", "--json",
                                 "--html", page).stdout)
            self.assertEqual(doc["report"]["kind"], "match")
            self.assertNotIn("game_log", doc)
            self.assertEqual(len(doc["report"]["ratings"]), 2)
            self.assertIn("move_seconds", doc["agents"][0])
            self.assertTrue(os.path.exists(page))
            cycled = run("match", "minirisk", "--agents", "fixed,random",
                         "--games", "10", "--html",
                         os.path.join(tmp, "c.html"), check=False)
            self.assertEqual(cycled.returncode, 2)
            self.assertIn("one agent per seat", cycled.stderr)
            self.assertFalse(os.path.exists(os.path.join(tmp, "c.html")))

    def test_ctrl_c_stops_without_results_or_report(self):
        with tempfile.TemporaryDirectory() as tmp:
            for args in (["tournament", "mancala", "--agents",
                          "strongest,advanced,random"],
                         ["sprt", "mancala", "--agents", "strongest,advanced",
                          "--elo0", "0", "--elo1", "50"]):
                page = os.path.join(tmp, args[0] + ".html")
                proc = subprocess.Popen(CLI + args + ["--html", page],
                                        stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
                try:
                    time.sleep(1.5)  # strongest is thinking
                    proc.send_signal(signal.SIGINT)
                    out, err = proc.communicate(timeout=120)
                finally:
                    if proc.poll() is None:
                        proc.kill()
                        proc.wait()
                self.assertEqual(proc.returncode, 130, err)
                self.assertIn("was stopped after", err)
                self.assertEqual(out, "")
                self.assertFalse(os.path.exists(page))

    def test_bad_input_is_named(self):
        cases = [
            (["tournament", "mancala", "--agents", "greedy"], "2..64"),
            (["tournament", "mancala", "--agents", "greedy,greedy"],
             "listed twice"),
            (["tournament", "mancala", "--agents", "greedy,random",
              "--format", "swiss"], "round-robin, gauntlet"),
            (["tournament", "mancala", "--agents", "greedy,random",
              "--anchor", "strongest"], "not one of the agents"),
            (["tournament", "minirisk", "--agents", "fixed,random"],
             "needs at least 5"),
            (["tournament", "mancala", "--agents", "greedy,random",
              "--games-per-pairing", "0"], "--games-per-pairing"),
            (["sprt", "mancala", "--agents", "greedy", "--elo0", "0",
              "--elo1", "5"], "exactly two"),
            (["sprt", "mancala", "--agents", "greedy,random", "--elo0", "5",
              "--elo1", "5"], "elo0 < elo1"),
            (["sprt", "mancala", "--agents", "greedy,random", "--elo0", "0",
              "--elo1", "5", "--alpha", "0.7"], "(0, 0.5)"),
            (["sprt", "mancala", "--agents", "greedy,random", "--elo0",
              "nan", "--elo1", "5"], "--elo0"),
            (["sprt", "mancala", "--agents", "greedy,greedy", "--elo0", "0",
              "--elo1", "5"], "give the base a spec of its own"),
        ]
        for args, needle in cases:
            out = run(*args, check=False)
            self.assertEqual(out.returncode, 2, (args, out.stderr))
            self.assertIn(needle, out.stderr, args)
            self.assertEqual(out.stdout, "", args)


if __name__ == "__main__":
    CLI[:] = [sys.argv.pop(1)]
    unittest.main()
