"""`gameai play` shows a person only what their seat may see.

The games run with --debug-log, which writes the full state after every
transition together with the number of bytes shown to the person before
it. The output shown after transition i (up to transition i + 1) is then
checked against the full state of transition i: Daifugo: no card in
another player's hand (that the person never held in this deal); MiniRisk:
no other seat's bid before the reveal."""

import os
import re
import tempfile
import unittest

import play_driver

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[SHDC][2-9TJQKA]|JK)(?![A-Za-z0-9])")
HAND = re.compile(r"^P(\d+): +\d+ cards (.*?)(?:  |$)")
GAME = re.compile(r"^game (\d+) of")


def daifugo_hands(state):
    """{player: set of cards} and the deal number of a full daifugo state."""
    hands, game = {}, None
    for line in state.splitlines():
        if m := GAME.match(line):
            game = int(m.group(1))
        if m := HAND.match(line):
            cards = m.group(2).strip()
            hands[int(m.group(1))] = set() if cards == "-" else set(
                cards.split())
    return hands, game


def daifugo_leaks(output, entries, me=0):
    """The cards of other hands shown to seat ME: [(offset, card)]."""
    leaks = []
    known, known_game = set(), None
    for i, (start, state) in enumerate(entries):
        hands, game = daifugo_hands(state)
        if game != known_game:
            known, known_game = set(), game
        known |= hands.get(me, set())
        end = entries[i + 1][0] if i + 1 < len(entries) else len(output)
        forbidden = set()
        for player, cards in hands.items():
            if player != me:
                forbidden |= cards
        forbidden -= known
        chunk = output[start:end].decode("utf-8", "replace")
        for m in CARD.finditer(chunk):
            if m.group(0) in forbidden:
                leaks.append((start + m.start(), m.group(0)))
    return leaks


class DaifugoLeakTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        log = os.path.join(cls.dir.name, "daifugo.log")
        # Three deals (the exchange in deals 2 and 3), the person always
        # picks option 1 (a pass where allowed, the first card to give).
        cls.rc, cls.output = play_driver.run_piped(
            ["daifugo(games=3)", "--agents",
             "human,heuristic,heuristic,heuristic,heuristic", "--seed", "7",
             "--debug-log", log], ["1"] * 400)
        cls.entries = play_driver.read_debug_log(log)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_the_match_is_played_to_its_end(self):
        self.assertEqual(self.rc, 0, self.output[-2000:])
        self.assertIn(b"The match is over (3 deals)", self.output)

    def test_the_log_holds_the_other_hands(self):
        # The check below is only worth something if there was something
        # to hide: other hands full of cards while the person played.
        hidden = max(len(cards) for _, state in self.entries
                     for p, cards in daifugo_hands(state)[0].items() if p)
        self.assertGreaterEqual(hidden, 10)

    def test_no_card_of_another_hand_is_shown(self):
        leaks = daifugo_leaks(self.output, self.entries)
        context = (self.output[max(0, leaks[0][0] - 300):leaks[0][0] + 50]
                   .decode("utf-8", "replace") if leaks else "")
        self.assertEqual(leaks, [], context)

    def test_the_check_finds_a_card_of_another_hand(self):
        # A fake leak: a bot's card (still in its hand) pasted into the
        # output right after the deal.
        for i, (start, state) in enumerate(self.entries):
            hands, _ = daifugo_hands(state)
            if hands.get(1) and hands.get(0):
                card = sorted(hands[1] - hands[0])[0]
                break
        leaky = (self.output[:start] + b"P1: " + card.encode() + b"\n"
                 + self.output[start:])
        self.assertTrue(daifugo_leaks(leaky, self.entries[:i + 1]))

    def test_the_person_sees_their_own_hand_and_the_plays(self):
        text = self.output.decode()
        self.assertRegex(text, r"Your hand \(\d+\): (?:[SHDC][2-9TJQKA]|JK)")
        self.assertRegex(text, r"heuristic \d plays (?:[SHDC][2-9TJQKA]|JK)")

    def test_no_deal_is_announced_card_by_card(self):
        self.assertNotRegex(self.output.decode(),
                            r"(?i)chance|deal (?:[SHDC][2-9TJQKA]|JK)\b")


ROUND = re.compile(r"^round +(\d+): prize +(-?\d+), bids((?: +\d+)+)")


def minirisk_rounds(state):
    """{round: [bids by seat]} of a full minirisk state text."""
    return {int(m.group(1)): [int(b) for b in m.group(3).split()]
            for m in map(ROUND.match, state.splitlines()) if m}


class MiniRiskLeakTest(unittest.TestCase):
    NAMES = ["You", "rl", "planner"]

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        log = os.path.join(cls.dir.name, "minirisk.log")
        cls.rc, cls.output = play_driver.run_piped(
            ["minirisk(players=3)", "--agents", "human,rl,planner", "--seed",
             "3", "--debug-log", log],
            [str(card) for card in range(15, 0, -1)])
        cls.entries = play_driver.read_debug_log(log)
        # reveal[r]: (offset where round r's bids are shown, where the
        # transition before it (the prize card) is shown, the bids).
        cls.reveals = {}
        for j, (start, state) in enumerate(cls.entries):
            for r, bids in minirisk_rounds(state).items():
                if r not in cls.reveals:
                    cls.reveals[r] = (start, cls.entries[j - 1][0], bids)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_the_game_is_played_to_its_end(self):
        self.assertEqual(self.rc, 0, self.output[-2000:])
        self.assertIn(b"Game over.", self.output)
        self.assertEqual(len(self.reveals), 15)

    def test_no_bid_is_shown_before_its_reveal(self):
        for r in sorted(self.reveals):
            start, previous, bids = self.reveals[r]
            before = self.output[previous:start].decode()
            self.assertNotIn("Bids:", before, f"round {r}")
            for seat in (1, 2):
                self.assertNotRegex(before, rf"\bbids? {bids[seat]}\b",
                                    f"round {r}: {self.NAMES[seat]}'s bid")

    def test_the_reveal_shows_every_bid_and_the_pot(self):
        for r in sorted(self.reveals):
            start, _, bids = self.reveals[r]
            end = self.output.find(b"Round", start)
            shown = self.output[start:end if end >= 0 else None].decode()
            want = ", ".join(f"{n} {b}" for n, b in zip(self.NAMES, bids))
            self.assertIn(f"Bids: {want}.", shown)
            self.assertRegex(shown, r"takes? the pot of|carries over|discarded")


if __name__ == "__main__":
    unittest.main()
