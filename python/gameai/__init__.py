"""gameai: game rules and game-playing agents with a pyspiel-shaped API
(registered_games() lists the games).

    import gameai
    game = gameai.load_game("mancala(pits=6,seeds=4)")
    state = game.new_initial_state()
    state.observation_tensor()        # numpy float32
    env = gameai.VectorEnv("mancala", n=1024, seed=1)

load_game(spec) is the entry point; docs/python.md has the reference.
"""
from ._gameai import *  # noqa: F401,F403
from ._gameai import __doc__ as _extension_doc  # noqa: F401



def _game_from_pickle(spec):
    """A pickled Game read back (Game.__reduce__)."""
    return load_game(spec)  # noqa: F405


def _state_from_pickle(spec, text, viewer=None):
    """A pickled State read back (State.__reduce__): a seat's view when
    `viewer` is that seat."""
    game = load_game(spec)  # noqa: F405
    if viewer is None:
        return game.deserialize_state(text)
    return game.deserialize_view(text, viewer)


def yacht_value(game, scorecard, solver="", **options):
    """Deprecated: position_value for a Yacht game (ValueError for another
    game): the points still to come from the start of a turn with
    `scorecard`, 'OPEN TOTAL UPPER YACHT50'."""
    if isinstance(game, str):
        game = load_game(game)  # noqa: F405
    if isinstance(game, Game) and game.name() != "yacht":  # noqa: F405
        raise ValueError(f"game '{game.name()}' is not a yacht game "
                         "(position_value takes every game with a position "
                         "text)")
    return position_value(game, scorecard, solver, **options)  # noqa: F405


__all__ = [
    "CHANCE_PLAYER", "SIMULTANEOUS_PLAYER", "TERMINAL_PLAYER",
    "Agent", "Game", "GameType", "State", "VectorEnv",
    "load_agent", "load_game", "match", "position_value",
    "registered_games", "solve", "sprt", "tournament", "yacht_value",
]
