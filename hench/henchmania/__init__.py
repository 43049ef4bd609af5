"""Henchmania (Jocus 2016): the rules engine, exact odds and bots.

>>> import hench
>>> state = hench.get_game("henchmania").new_game(players=3, seed=42)
>>> state.phase, state.phase_title, state.scores()
('set_henchmen', 'Phase 1: set the Henchmen pawns', [5, 5, 5])

Public API beside the uniform game API (the same names in every game package): `GAME`, `PHASES`,
`OPTIONS`, `READINGS` (how the engine reads the catalogue's ambiguities, hench.core.Reading),
`assumptions(data=None)` (every constant and card in force, with its source), `card_gallery()` (every card
explained), `odds`, `bots`. Henchmania's own: `load_data(path)` (a person's own data file; `new_game(...,
data=path)` uses it), `meter(score)`, the action classes (`Place`, `Play`, `Use`, `Fight`, `Roll`, ...) with
`format_action` and `parse_action`, and `render` (`observation(state, seat)`, `html(obs, clickable)`).
Importing the package is cheap: the engine loads on first use of a name (PEP 562), and `hench.get_game`
registers `GAME` then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hench.core.lazy import lazy_package

_ACTIONS = ("ACTION_TYPES", "Discard", "Fight", "HMAction", "Keep", "NoApothecary", "NoCourtesan", "NoGuard", "Pass",
            "Place", "PlaceWithPorter", "Play", "PlayGuard", "Roll", "SkipExtra", "TakeExtra", "Use", "UseApothecary",
            "UseCourtesan", "format_action", "parse_action")
_WHERE = {
    "GAME": "game", "OPTIONS": "options", "READINGS": "options", "PHASES": "phases", "assumptions": "data",
    "card_gallery": "data", **dict.fromkeys(_ACTIONS, "actions"),
    **dict.fromkeys(("DataError", "GameData", "load_data"), "data"), "meter": "scoring", "HMState": "state",
}
_MODULES = ("odds", "bots", "render", "montecarlo")
__all__ = [  # the names _WHERE and _MODULES serve (written out for linters and editors)
    "ACTION_TYPES",
    "GAME",
    "OPTIONS",
    "PHASES",
    "READINGS",
    "DataError",
    "Discard",
    "Fight",
    "GameData",
    "HMAction",
    "HMState",
    "Keep",
    "NoApothecary",
    "NoCourtesan",
    "NoGuard",
    "Pass",
    "Place",
    "PlaceWithPorter",
    "Play",
    "PlayGuard",
    "Roll",
    "SkipExtra",
    "TakeExtra",
    "Use",
    "UseApothecary",
    "UseCourtesan",
    "assumptions",
    "bots",
    "card_gallery",
    "format_action",
    "load_data",
    "meter",
    "montecarlo",
    "odds",
    "parse_action",
    "render",
]


__getattr__, __dir__ = lazy_package(__name__, _WHERE, _MODULES)


if TYPE_CHECKING:  # what type checkers and editors see
    from . import bots, montecarlo, odds, render
    from .actions import (
        ACTION_TYPES,
        Discard,
        Fight,
        HMAction,
        Keep,
        NoApothecary,
        NoCourtesan,
        NoGuard,
        Pass,
        Place,
        PlaceWithPorter,
        Play,
        PlayGuard,
        Roll,
        SkipExtra,
        TakeExtra,
        Use,
        UseApothecary,
        UseCourtesan,
        format_action,
        parse_action,
    )
    from .data import DataError, GameData, assumptions, card_gallery, load_data
    from .game import GAME
    from .options import OPTIONS, READINGS
    from .phases import PHASES
    from .scoring import meter
    from .state import HMState
