"""hench: exact rules and odds of five board games, for learning them step by step.

>>> import hench
>>> sorted(hench.GAMES) == sorted(hench.registered())
True

Standard library only: no Jupyter, plotting or data-frame import here.
"""

from importlib import import_module

from . import rules, shelf
from .core import (
    CHANCE, Dist, Game, HenchError, IllegalActionError, InvalidActionError, InvalidOptionError, InvalidStateError,
    Option, RandomBot, Rng, Session, State, UnknownGameError, format_probability, get_game, registered,
    state_from_json,
)

__version__ = "0.1.0"

# Every game package is imported; those with an engine register themselves on import. The others
# (rules catalogue only) stay on the shelf as "coming", their rules searchable.
for _name in rules.GAME_PACKAGES:
    import_module(f"{__name__}.{_name}")


def __getattr__(name: str):
    if name == "GAMES":  # ids of the registered games, in registration order
        return registered()
    raise AttributeError(f"module 'hench' has no attribute {name!r}")

__all__ = [
    "CHANCE", "Dist", "GAMES", "Game", "HenchError", "IllegalActionError", "InvalidActionError",
    "InvalidOptionError", "InvalidStateError", "Option", "RandomBot", "Rng", "Session", "State",
    "UnknownGameError", "format_probability", "get_game", "registered", "rules", "shelf", "state_from_json",
]
