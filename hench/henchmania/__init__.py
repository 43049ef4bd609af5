"""Henchmania (Jocus 2016): the rules engine, exact odds and bots.

>>> import hench
>>> game = hench.get_game("henchmania")
>>> state = game.new_game(players=3, seed=42)
>>> state.phase, state.phase_title, state.scores()
('set_henchmen', 'Phase 1: set the Henchmen pawns', [5, 5, 5])

Public API beside the uniform game API:
- `PHASES` the phase table (hench.core.Phases: id, title, actor, rules, actions, help);
- `OPTIONS`, `READINGS` (how the engine reads the catalogue's ambiguities: id, reading, option);
- `assumptions(data=None)` rows (what, value, source, note) of every constant and card in force;
- `load_data(path)` a person's own data file (`new_game(..., data=path)` uses it);
- the action classes (`Place`, `Play`, `Use`, `Fight`, `Roll`, ...), `format_action`, `parse_action`;
- `render.observation(state, seat)`, `render.html(state, seat)`, `meter(score)`; `odds`, `bots`.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # typing is not imported at run time

# Names are imported on first use (PEP 562): `from hench.henchmania import odds` loads the odds and the
# core Dist only, not the engine. The engine is imported (and the game registered) on first use of
# `GAME` or of any engine name, or by `hench.get_game("henchmania")`.
_ACTIONS = ("ACTION_TYPES", "Discard", "Fight", "HMAction", "Keep", "NoApothecary", "NoCourtesan", "NoGuard", "Pass",
            "Place", "PlaceWithPorter", "Play", "PlayGuard", "Roll", "SkipExtra", "TakeExtra", "Use", "UseApothecary",
            "UseCourtesan", "format_action", "parse_action")
_WHERE = {
    **dict.fromkeys(_ACTIONS, "actions"),
    **dict.fromkeys(("DataError", "GameData", "assumptions", "load_data"), "data"),
    **dict.fromkeys(("GAME", "OPTIONS", "READINGS"), "game"),
    "PHASES": "phases", "meter": "scoring", "HMState": "state",
}
_SUBMODULES = ("bots", "odds", "render")


def __getattr__(name: str) -> object:
    if name in _SUBMODULES:
        value: object = import_module(f"{__name__}.{name}")
    elif name in _WHERE:
        value = getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])


if TYPE_CHECKING:  # what type checkers and editors see
    from . import bots, odds, render
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
    from .data import DataError, GameData, assumptions, load_data
    from .game import GAME, OPTIONS, READINGS
    from .phases import PHASES
    from .scoring import meter
    from .state import HMState

__all__ = [
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
                      "format_action",
                      "load_data",
                      "meter",
                      "odds",
                      "parse_action",
                      "render",
]
