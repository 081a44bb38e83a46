"""The built-in games of this build. A build of some games
(-DGAMEAI_GAMES) skips a test that needs a game it lacks instead of
failing it; in a build of all five, a missing game is a failure as ever.

Test classes derive from build_games.TestCase: an error naming a built-in
game that this build does not register ("unknown game 'yacht'") turns the
test into a skip that says so."""
import functools
import re
import unittest

import gameai

BUILT_IN = ("mancala", "yacht", "linesboard", "minirisk", "daifugo")


def missing_game(error):
    """The built-in game `error` names as unknown, if this build lacks it."""
    match = re.search(r"unknown game '(\w+)'", str(error))
    if match and match.group(1) in BUILT_IN and (
            match.group(1) not in set(gameai.registered_games())):
        return match.group(1)
    return None


def _skip_missing(test):
    @functools.wraps(test)
    def run(self, *args, **kwargs):
        try:
            return test(self, *args, **kwargs)
        except Exception as error:  # noqa: BLE001 (re-raised unless a skip)
            game = missing_game(error)
            if game is None:
                raise
            raise unittest.SkipTest(f"this build has no '{game}'") from error
    return run


class TestCase(unittest.TestCase):
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name, value in list(vars(cls).items()):
            if name.startswith("test") and callable(value):
                setattr(cls, name, _skip_missing(value))
