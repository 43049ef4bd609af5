"""hench: exact rules and odds of five board games, for learning them step by step.

>>> import hench
>>> hench.GAMES[:2]  # the playable games, in shelf order
('henchmania', 'huns')
>>> hench.get_game("huns").title
'Huns'

Standard library only: no Jupyter, plotting or data-frame import here. Importing hench is cheap:
names are imported on first use, and a game's engine the first time it is asked for
(`get_game`, or `hench.henchmania`).
"""

from __future__ import annotations

from importlib import import_module

from .core.registry import declare, registered

TYPE_CHECKING = False  # typing is not imported at run time: `import hench` stays cheap

__version__ = "0.1.0"

# The playable games, each registered by its package when first imported. The other packages of
# GAME_PACKAGES (rules catalogue only) stay on the shelf as "coming", their rules searchable.
ENGINES = {"henchmania": "hench.henchmania", "huns": "hench.huns", "hemloch": "hench.hemloch", "lancaster": "hench.lancaster", "maniacal": "hench.maniacal"}
GAME_PACKAGES = ("henchmania", "huns", "hemloch", "maniacal", "lancaster")
for _id, _module in ENGINES.items():
    declare(_id, _module)

_FROM_CORE = ("CHANCE", "Dist", "Game", "HenchError", "IllegalActionError", "InvalidActionError", "InvalidOptionError",
              "InvalidStateError", "Option", "RandomBot", "Rng", "Session", "State", "UnknownGameError",
              "format_probability", "get_game", "state_from_json")
_FROM_FRAMES = ("history_frame", "odds_frame", "odds_table", "rules_frame", "score_sheet_frame", "simulate")  # pandas when called


def __getattr__(name: str) -> object:
    if name == "GAMES":  # ids of the playable games
        return registered()
    if name in _FROM_CORE:
        return getattr(import_module(".core", __name__), name)
    if name in _FROM_FRAMES:
        return getattr(import_module(".frames", __name__), name)
    if name in GAME_PACKAGES or name in ("frames", "rules", "shelf"):
        return import_module(f"{__name__}.{name}")
    raise AttributeError(f"module 'hench' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])


__all__ = [*_FROM_CORE, *_FROM_FRAMES, "GAMES", "frames", "registered", "rules", "shelf"]

if TYPE_CHECKING:
    from . import frames, rules, shelf
    from .core import (
        CHANCE,
        Dist,
        Game,
        HenchError,
        IllegalActionError,
        InvalidActionError,
        InvalidOptionError,
        InvalidStateError,
        Option,
        RandomBot,
        Rng,
        Session,
        State,
        UnknownGameError,
        format_probability,
        get_game,
        state_from_json,
    )
    from .frames import history_frame, odds_frame, odds_table, rules_frame, score_sheet_frame, simulate
