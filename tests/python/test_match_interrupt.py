"""Ctrl-C and SystemExit stop gameai.match: the match runs with the GIL
released, so the arena polls Python's signal handlers between games, and an
interrupt raised inside a Python agent stops the match instead of counting
as that agent's illegal move."""
import os
import signal
import subprocess
import sys
import textwrap
import time
import unittest

import gameai

import build_games


class InterruptingAgent:
    """Raises `exception` at its `after`-th step, plays the first legal
    action before."""

    def __init__(self, exception, after=3):
        self.exception = exception
        self.after = after
        self.steps = 0

    def step(self, state):
        self.steps += 1
        if self.steps == self.after:
            raise self.exception
        return state.legal_actions()[0]


class MatchInterruptTest(build_games.TestCase):
    def test_keyboard_interrupt_in_an_agent_stops_the_match(self):
        agent = InterruptingAgent(KeyboardInterrupt)
        with self.assertRaises(KeyboardInterrupt):
            gameai.match("mancala", [agent, "random"], games=10_000)
        # The agent was not called again once interrupted.
        self.assertEqual(agent.steps, 3)

    def test_system_exit_in_an_agent_stops_the_match(self):
        with self.assertRaises(SystemExit):
            gameai.match("mancala", ["random", InterruptingAgent(SystemExit)],
                         games=10_000)

    def test_other_exceptions_stay_agent_errors(self):
        # An agent's bug is its illegal move, as before: the match ends.
        result = gameai.match("mancala",
                              [InterruptingAgent(ValueError("bug")), "random"],
                              games=4)
        self.assertEqual(result["games"], 4)
        self.assertGreaterEqual(result["agents"][0]["illegal_actions"], 1)

    def interrupted(self, call, wait):
        """Runs `call` (Python text) in a new interpreter, sends it SIGINT
        after `wait` seconds, and checks that it ended with the
        KeyboardInterrupt (well before the call's own end)."""
        script = textwrap.dedent("""
            import gameai, sys
            print("started", flush=True)
            try:
                {call}
            except KeyboardInterrupt:
                print("interrupted", flush=True)
                sys.exit(3)
            """).format(call=call)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(sys.path)
        # SIGINT as a terminal gives it: a shell without job control
        # starts background jobs with SIGINT ignored, and an interpreter
        # started so keeps ignoring it.
        process = subprocess.Popen(
            [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
            env=env,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            self.assertEqual(process.stdout.readline().strip(), "started")
            time.sleep(wait)  # into the call
            process.send_signal(signal.SIGINT)
            out, _ = process.communicate(timeout=30)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        self.assertEqual(process.returncode, 3, call)
        self.assertIn("interrupted", out, call)

    def test_ctrl_c_stops_a_match_of_builtin_agents(self):
        # A match far longer than the test, on one thread and on two.
        for threads in (1, 2):
            self.interrupted(
                f"gameai.match('mancala', ['mcts(simulations=200)', "
                f"'random'], games=10_000_000, threads={threads})", 0.5)

    def test_ctrl_c_stops_a_single_long_search(self):
        # One call far longer than the test, each without the GIL: the
        # search polls the signal handlers (every 50 ms at most) and stops.
        for call in [
                "gameai.solve(gameai.load_game('mancala(pits=6,seeds=6)')"
                ".new_initial_state(), mem_mb=256)",
                "a = gameai.load_agent(gameai.load_game('mancala'), "
                "'mcts(simulations=10000000)'); a.start_game(0); "
                "a.step(gameai.load_game('mancala').new_initial_state())",
                "a = gameai.load_agent(gameai.load_game('mancala(seeds=8)'), "
                "'alphabeta(depth=60)'); a.start_game(0); "
                "a.step(gameai.load_game('mancala(seeds=8)')"
                ".new_initial_state())",
                "e = gameai.VectorEnv('daifugo', n=1, opponents="
                "'montecarlo(playouts=1000000)'); e.reset(); import numpy; "
                "e.step(numpy.array([e.reset()[1][0].nonzero()[0][0]]))"]:
            if any(game in call and game not in gameai.registered_games()
                   for game in build_games.BUILT_IN):
                continue  # a build of some games: not this call's game
            self.interrupted(call, 1.0)


if __name__ == "__main__":
    unittest.main()
