"""A person plays a whole game of every built-in game against bots through
`gameai play` on a pty, answering each prompt from what the screen shows;
and the screens' promises: forgiving input, hints with reasons, readable
explanations, the default opponent, refused undo and save where they
would reveal hidden cards."""

import os
import re
import tempfile
import unittest

import play_driver


def last_options(screen):
    """The numbered options of the last board on SCREEN: [(key, label)]."""
    return re.findall(r"^ +(\d+)\) (.*?)\r?$", screen, re.M)


class Options:
    """The options of the last board shown (a command's answer shows
    none, so the board's stay valid until the next board)."""

    def __init__(self):
        self.options = []

    def __call__(self, screen):
        self.options = last_options(screen) or self.options
        return self.options


class WholeGameTest(unittest.TestCase):
    def play(self, args, answer, prompt=rb"You> $"):
        rc, transcript = play_driver.run_pty(args, answer, prompt)
        self.assertEqual(rc, 0, transcript[-3000:])
        return transcript

    def test_mancala_to_the_end(self):
        said = []
        options = Options()

        def answer(screen):
            shown = options(screen)
            if not said:  # once: a hint, then take it back after a move
                said.append("hint")
                return "hint"
            if len(said) == 2 and "sow" in screen:
                said.append("undo")
                return "undo"
            said.append("move")
            return shown[0][0]

        out = self.play(["mancala", "--agents", "human,advanced", "--names",
                         "Ann,Bob"], answer, prompt=rb"Ann> $")
        self.assertRegex(out, r"hint \(strongest\): \d\) pit \d")
        self.assertIn("undone: your last move is taken back", out)
        self.assertRegex(out, r"Bob sows pit \d")
        self.assertRegex(out, r"(Ann|Bob) wins by \d+ seeds\.|A draw")
        self.assertRegex(out, r"1\. (Ann|Bob) +\d+ seeds")

    def test_yacht_to_the_end(self):
        def answer(screen):
            dice = re.findall(r"Dice: ([1-6 ]+?)   rerolls left: 2", screen)
            if dice:  # the first roll of a turn: keep the highest die
                return "HOLD  " + dice[-1].split()[-1]
            return last_options(screen)[0][0]

        out = self.play(["yacht", "--agents", "human,dice8"], answer)
        self.assertRegex(out, r"You keep [1-6], rolling 4 dice again")
        self.assertRegex(out, r"dice8 writes [a-z0-9 ]+ \([1-6 ]+\) for \d+ "
                              r"points?")
        self.assertRegex(out, r"dice8: aims for [a-z0-9 ]+")
        self.assertIn("Round 13/13", out)
        self.assertRegex(out, r"(You win|dice8 wins) by \d+ points\.|A draw")

    def test_linesboard_to_the_end(self):
        def answer(screen):
            first = re.search(r"^  ([a-p]\d+)\([A-H]\).*\n    -> ([a-p]\d+)",
                              screen, re.M)
            return f"{first.group(1)}-{first.group(2)}" if first else "moves"

        out = self.play(["linesboard(max_turns=16)", "--agents",
                         "human,greedy"], answer)
        self.assertRegex(out, r"You move [a-p]\d+-[a-p]\d+")
        self.assertRegex(out, r"greedy moves [a-p]\d+-[a-p]\d+")
        self.assertRegex(out, r"\d+ moves:")
        self.assertRegex(out, r"(You win|greedy wins) by \d+ points\.|A draw")

    def test_minirisk_to_the_end(self):
        def answer(screen):
            cards = re.findall(r"Your bid: one of your cards \(([\d ]+)\)",
                               screen)[-1].split()
            return cards[len(cards) // 2]

        out = self.play(["minirisk(players=3)", "--agents", "human,rl,planner"],
                        answer)
        self.assertEqual(len(re.findall(r"Bids: You \d+, rl \d+, planner \d+",
                                        out)), 15)
        self.assertRegex(out, r"takes? the pot of|carries over")
        self.assertRegex(out, r"planner: bid \d+, expecting about -?\d+")
        self.assertRegex(out, r"wins? by -?\d+ points\.|A draw")

    def test_daifugo_to_the_end(self):
        said = []
        options = Options()

        def answer(screen):
            shown = options(screen)
            if not said:
                said.append("undo")
                return "undo"
            if len(said) == 1:
                said.append("save")
                return "save play-test-never-written.txt"
            return shown[-1][0]  # the last listed option

        out = self.play(["daifugo(games=2)", "--agents",
                         "human,heuristic,heuristic,heuristic,heuristic"],
                        answer)
        self.assertIn("undo refused: it would go back past cards dealt", out)
        self.assertIn("save refused: the file would hold the hidden cards",
                      out)
        self.assertRegex(out, r"Deal 1 is over: 1st 大富豪 ")
        self.assertIn("The match is over (2 deals)", out)
        self.assertRegex(out, r"wins? by [\d.]+ points a deal\.|A draw")


class SaveLoadTest(unittest.TestCase):
    def test_load_takes_back_no_more_than_undo(self):
        # A save before a round of sealed bids, the round, then the save
        # loaded: the programs' bids were seen, so it is refused as undo
        # is (it let a person bid again against them). A Mancala game
        # loads back to an earlier point as before.
        with tempfile.TemporaryDirectory() as tmp:
            saved = os.path.join(tmp, "before_the_bids.txt")
            rc, out = play_driver.run_piped(
                ["minirisk(players=3)", "--agents", "human,rl,planner",
                 "--seed", "4"], [f"save {saved}", "15", f"load {saved}",
                                  "quit"])
            out = out.decode()
            self.assertEqual(rc, 0, out)
            self.assertRegex(out, r"holds this game \d+ moves back, and it "
                                  r"would take back a round of simultaneous "
                                  r"moves")
            saved = os.path.join(tmp, "mancala.txt")
            rc, out = play_driver.run_piped(
                ["mancala", "--agents", "human,greedy"],
                [f"save {saved}", "3", f"load {saved}", "quit"])
            out = out.decode()
            self.assertEqual(rc, 0, out)
            self.assertIn(f"loaded {saved} (0 moves)", out)


class ScreenTest(unittest.TestCase):
    def test_a_slow_hint_says_thinking(self):
        # A search held to 2.5 s by its own budget: the notice is due after
        # one second however fast the machine is.
        rc, out = play_driver.run_piped(
            ["mancala", "--agents", "human,greedy", "--hint",
             "alphabeta(depth=64,time_ms=2500)"], ["hint", "quit"])
        out = out.decode()
        self.assertEqual(rc, 0, out)
        self.assertIn("thinking…", out)
        self.assertRegex(out, r"hint \(alphabeta\(depth=64,time_ms=2500\)\): "
                              r"\d\) pit \d \(4 seeds\) — expects to be about "
                              r"\d+ seeds ahead")

    def test_a_quick_hint_says_nothing_of_thinking(self):
        # greedy looks one move ahead: far below the notice's second even
        # under the sanitizers or an emulator.
        rc, out = play_driver.run_piped(
            ["mancala", "--agents", "human,greedy", "--hint", "greedy"],
            ["hint", "quit"])
        out = out.decode()
        self.assertEqual(rc, 0, out)
        self.assertRegex(out, r"hint \(greedy\): \d\) pit \d")
        self.assertNotIn("thinking…", out)

    def test_yacht_hint_gives_its_reason(self):
        rc, out = play_driver.run_piped(["yacht", "--agents", "human,dice8"],
                                        ["hint", "quit"])
        out = out.decode()
        self.assertEqual(rc, 0, out)
        self.assertRegex(out, r"hint \(optimal\): .* — best: .*, expecting "
                              r"about \d+ points at the end")

    def test_daifugo_hint_gives_its_reason(self):
        rc, out = play_driver.run_piped(
            ["daifugo(games=1)", "--agents",
             "human,heuristic,heuristic,heuristic,heuristic"], ["hint", "quit"])
        self.assertRegex(out.decode(), r"hint \(montecarlo\): \d+\) .* — "
                                       r"expects [-+][0-9.]+ place points")

    def test_minirisk_hint_gives_its_reason(self):
        rc, out = play_driver.run_piped(
            ["minirisk(players=3)", "--agents", "human,rl,planner"],
            ["hint", "quit"])
        self.assertRegex(out.decode(), r"hint \(planner\): bid \d+ — bid \d+, "
                                       r"expecting about")

    def test_yacht_refuses_a_die_not_rolled_and_says_what_is_accepted(self):
        rc, out = play_driver.run_piped(
            ["yacht", "--agents", "human,dice8"], ["hold 7", "fly", "quit"])
        out = out.decode()
        self.assertIn("dice are faces 1..6", out)
        self.assertIn("'fly' is not understood: a number from the list, a "
                      "category", out)

    def test_yacht_scorecard_gives_the_points_of_every_open_category(self):
        rc, out = play_driver.run_piped(["yacht", "--agents", "human,dice8"],
                                        ["quit"])
        options = last_options(out.decode())
        self.assertEqual(len(options), 13)
        self.assertTrue(all(re.search(r" \d+$", label) for _, label in options))

    def test_seat_goes_with_the_default_opponent_only(self):
        rc, out = play_driver.run_piped(
            ["mancala", "--agents", "human,strongest", "--seat", "2"], [])
        self.assertEqual(rc, 2)
        self.assertIn("--seat goes without --agents", out.decode())

    def test_mancala_search_internals_only_with_verbose(self):
        args = ["mancala", "--seat", "2"]  # the computer moves first
        _, plain = play_driver.run_piped(args, ["quit"])
        _, verbose = play_driver.run_piped(args + ["--verbose"], ["quit"])
        plain = plain.decode()
        self.assertIn("strongest sows pit", plain)
        self.assertRegex(plain, r"strongest: (expects|sees a forced)")
        self.assertNotIn("pv:", plain)
        self.assertIn("pv:", verbose.decode())

    def test_play_without_agents_meets_the_strongest(self):
        for game, strongest in [("mancala", "strongest"), ("yacht", "optimal"),
                                ("linesboard", "lookahead"),
                                ("minirisk(players=2)", "planner")]:
            rc, out = play_driver.run_piped([game], ["quit"])
            self.assertEqual(rc, 0, out)
            self.assertIn(strongest, out.decode(), game)

    def test_level_picks_the_opponent(self):
        rc, out = play_driver.run_piped(["mancala", "--level", "easy"],
                                        ["quit"])
        self.assertIn("You vs beginner", out.decode())
        rc, out = play_driver.run_piped(["mancala", "--level", "expert"],
                                        ["quit"])
        self.assertEqual(rc, 2)
        self.assertIn("levels of 'mancala' are easy, medium, hard",
                      out.decode())

    def test_daifugo_melds_typed_as_cards_in_any_order_and_case(self):
        typed = []

        def answer(screen):
            melds = [label for _, label in last_options(screen)
                     if label != "pass" and "(" not in label]
            if not melds:
                return "pass"
            longest = max(melds, key=len)
            typed.append(longest)
            return " ".join(reversed(longest.lower().split()))

        rc, out = play_driver.run_pty(
            ["daifugo(games=1)", "--agents",
             "human,heuristic,heuristic,heuristic,heuristic"], answer)
        self.assertEqual(rc, 0, out[-2000:])
        self.assertTrue(any(" " in meld for meld in typed))
        for meld in typed:
            self.assertIn(f"You play {meld}", out)


if __name__ == "__main__":
    unittest.main()
