"""hench: exact rules and odds of five board games, for learning them step by step.

>>> import hench
>>> hench.GAMES
('henchmania', 'huns')
>>> hench.get_game("huns").title
'Huns'

Standard library only: no Jupyter, plotting or data-frame import here. A game's engine is imported
the first time it is asked for (`get_game`, or `hench.henchmania`), so `import hench` stays cheap.
"""

from importlib import import_module
from typing import Any

from .core import (
    CHANCE, Dist, Game, HenchError, IllegalActionError, InvalidActionError, InvalidOptionError, InvalidStateError,
    Option, RandomBot, Rng, Session, State, UnknownGameError, declare, format_probability, get_game, registered,
    state_from_json,
)

__version__ = "0.1.0"

# The playable games, each registered by its package when first imported. The other packages of
# GAME_PACKAGES (rules catalogue only) stay on the shelf as "coming", their rules searchable.
ENGINES = {"henchmania": "hench.henchmania", "huns": "hench.huns"}
GAME_PACKAGES = ("henchmania", "huns", "hemloch", "maniacal", "lancaster")
for _id, _module in ENGINES.items():
    declare(_id, _module)


def __getattr__(name: str) -> Any:
    if name == "GAMES":  # ids of the playable games
        return registered()
    if name in GAME_PACKAGES or name in ("rules", "shelf"):
        return import_module(f"{__name__}.{name}")
    raise AttributeError(f"module 'hench' has no attribute {name!r}")


__all__ = [
    "CHANCE", "Dist", "GAMES", "Game", "HenchError", "IllegalActionError", "InvalidActionError",
    "InvalidOptionError", "InvalidStateError", "Option", "RandomBot", "Rng", "Session", "State",
    "UnknownGameError", "format_probability", "get_game", "registered", "rules", "shelf", "state_from_json",
]
