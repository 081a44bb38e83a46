#!/usr/bin/env python3
"""cli_platform_test.py CLI: what every platform's gameai must do the same
way, run against a native build or a cross build under its emulator
(CLI is then build-*/run/gameai_cli): a match and a solve give their
JSON; a tournament and an SPRT give theirs and a report page that is
never written over an existing file; `serve` with a remote seat on 127.0.0.1 and `connect` playing that
seat reach the standings of `match` with the same agents; bad input is an
error naming what is wrong with the state of files unchanged (an existing
log is never overwritten). Every process started is stopped."""
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import unittest

CLI = []
TIMEOUT = 300


def run(*args, check=True):
    out = subprocess.run(CLI + list(args), capture_output=True, text=True,
                         timeout=TIMEOUT)
    if check and out.returncode != 0:
        raise AssertionError(f"{args}: exit {out.returncode}\n{out.stderr}")
    return out


def standings(doc):
    return [(a["spec"], a["wins"], a["draws"], a["losses"], a["score_sum"])
            for a in doc["agents"]]


class CliPlatformTest(unittest.TestCase):
    def test_match_gives_standings_and_solve_the_value(self):
        doc = json.loads(run("match", "mancala", "--agents", "greedy,random",
                             "--games", "20", "--seed", "3", "--json").stdout)
        first, second = doc["agents"]
        self.assertEqual(first["wins"] + first["draws"] + first["losses"], 20)
        self.assertEqual((first["wins"], first["draws"]),
                         (second["losses"], second["draws"]))
        solved = json.loads(run("solve", "mancala(pits=3,seeds=3)",
                                "--json").stdout)
        # The value the solver suites check for this board.
        self.assertEqual((solved["status"], solved["margin"]), ("solved", 2))

    def test_serve_and_connect_on_loopback_give_the_standings_of_match(self):
        with tempfile.TemporaryDirectory() as tmp:
            tokens = os.path.join(tmp, "tokens")
            with open(tokens, "w") as f:
                f.write("seat-token\n")
            args = ["minirisk(players=3)", "--games", "6", "--seed", "5"]
            server = subprocess.Popen(
                CLI + ["serve"] + args + ["--seats", "remote,fixed,random",
                                          "--port", "0", "--token-file",
                                          tokens, "--json"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            client = None
            try:
                port = self.listening_port(server)
                client = subprocess.Popen(
                    CLI + ["connect", f"127.0.0.1:{port}", "--agent", "rl",
                           "--token", "seat-token"],
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                out, err = server.communicate(timeout=TIMEOUT)
                self.assertEqual(server.returncode, 0, err)
                client.communicate(timeout=60)
                self.assertEqual(client.returncode, 0)
            finally:
                for p in (server, client):
                    if p is not None and p.poll() is None:
                        p.kill()
                        p.communicate()
            served = json.loads(out)
            played = json.loads(run("match", *args, "--agents",
                                    "rl,fixed,random", "--json").stdout)
            self.assertEqual(
                [s[1:] for s in standings(served)],
                [s[1:] for s in standings(played)])

    def listening_port(self, server):
        found = []

        def read():
            for line in server.stderr:
                if "listening on" in line:
                    found.append(int(line.rsplit(":", 1)[1]))
                    break
        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(60)
        if not found:
            raise AssertionError("gameai serve did not start listening")
        return found[0]

    def test_ctrl_c_stops_a_solve_and_a_match_saying_so(self):
        if os.environ.get("GAMEAI_TEST_EMULATOR", "").startswith("wine"):
            self.skipTest("wine does not turn a signal into a console Ctrl-C")
        for args, said in [
                (["solve", "mancala(pits=6,seeds=5)"], "stopped by Ctrl-C"),
                (["match", "mancala", "--agents", "mcts,mcts", "--games",
                  "1000000"], "stopped after game")]:
            p = subprocess.Popen(CLI + args, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
            try:
                try:  # running: not finished within a second
                    p.wait(timeout=1)
                except subprocess.TimeoutExpired:
                    pass
                self.assertIsNone(p.returncode, "ended within a second")
                p.send_signal(signal.SIGINT)
                out, err = p.communicate(timeout=60)
            finally:
                if p.poll() is None:
                    p.kill()
                    p.communicate()
            self.assertEqual(p.returncode, 130, err)
            self.assertIn(said, err)
            self.assertEqual(out, "")

    def test_bad_input_names_what_is_wrong(self):
        out = run("match", "mancala", "--agents", "greedy,nosuchagent",
                  check=False)
        self.assertEqual(out.returncode, 2, out.stderr)
        self.assertIn("nosuchagent", out.stderr)
        out = run("solve", "mancala(pits=99)", check=False)
        self.assertNotEqual(out.returncode, 0)
        self.assertIn("pits", out.stderr)

    def test_a_log_that_holds_anything_is_never_overwritten(self):
        with tempfile.TemporaryDirectory() as tmp:
            log = os.path.join(tmp, "games.log")
            with open(log, "w") as f:
                f.write("a user's notes\n")
            out = run("match", "mancala", "--agents", "greedy,random",
                      "--games", "2", "--log", log, check=False)
            self.assertNotEqual(out.returncode, 0)
            self.assertIn("games.log", out.stderr)
            with open(log) as f:
                self.assertEqual(f.read(), "a user's notes\n")


    def test_workbench_reports_and_never_replaces_a_file(self):
        with tempfile.TemporaryDirectory() as tmp:
            page = os.path.join(tmp, "t.html")
            doc = json.loads(run("tournament", "mancala", "--agents",
                                 "greedy,random,beginner",
                                 "--games-per-pairing", "4", "--json",
                                 "--html", page).stdout)
            self.assertEqual([r["agent"] for r in doc["ratings"]][-1],
                             "random")
            with open(page, "rb") as f:
                before = f.read()
            self.assertIn(b"<svg", before)
            again = run("sprt", "mancala", "--agents", "greedy,random",
                        "--elo0", "0", "--elo1", "50", "--html", page,
                        check=False)
            self.assertNotEqual(again.returncode, 0)
            self.assertIn("exists", again.stderr)
            with open(page, "rb") as f:
                self.assertEqual(f.read(), before)
            sprt = json.loads(run("sprt", "mancala", "--agents",
                                  "greedy,random", "--elo0", "0", "--elo1",
                                  "50", "--json").stdout)
            self.assertEqual(sprt["decision"], "H1")
            bad = run("sprt", "mancala", "--agents", "greedy,random",
                      "--elo0", "9", "--elo1", "5", check=False)
            self.assertEqual(bad.returncode, 2)
            self.assertIn("elo0 < elo1", bad.stderr)


if __name__ == "__main__":
    CLI = sys.argv[1].split()
    unittest.main(argv=[sys.argv[0]] + sys.argv[2:], verbosity=2)
