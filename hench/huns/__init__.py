"""huns: the complete Huns (La Boite de Jeu 2018) rules engine, exact odds and bots.

>>> import hench
>>> state = hench.get_game("huns").new_game(players=3, seed=42)
>>> state.phase_title, [str(a) for a in state.legal_actions()[:2]]
('Setup: catch-up Valuables for the 3rd and 4th players', ['bonus blue', 'bonus red'])

Public API beside the uniform game API (docs/adding-a-game.md):

- `GAME` / `hench.get_game("huns")`; options `strict_pillage_use` (A5), `setup_bonus_destination` (A1),
  `setup_bonus_colours` (HU-028/A1), `raid_same_turn` (A8), `data` (path of your own TOML data file;
  None: the placeholders), `first_player` (None: drawn). `READINGS`: the readings and their options.
- `PHASES`: the `Phases` table (`state.phase` is one of its ids; people read `phase.title`).
- `actions`: the action classes (`Take(colour)`, `Place(cube, slot, space)`, `Activate(card, ...)`, ...),
  `format_action`, `parse_action`.
- `observation(state, seat)` (also `state.observation(seat)`), `html(state, seat, clickable)`,
  `notation(obs)`, `action_for_space(state, slot, index)`.
- `breakdown(state, seat)`, `scoring_sheet(state)`, `wagon_type_bonus(types)`, `CATEGORIES`.
- `assumptions()` rows (what, value, source, note); `load_data(path)`; `HunsDataError`.
- `hench.huns.odds` (exact odds), `hench.huns.bots` (`RandomBot`, `HeuristicBot`, `make_bot`).

Card effects and Wagon layouts are PLACEHOLDERS (see `assumptions()`), never the publisher's.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # typing is not imported at run time

# Names are imported on first use (PEP 562): `from hench.huns import odds` loads the odds, the data and
# the core Dist only, not the engine. The engine is imported (and the game registered) on first use of
# `GAME` or of any engine name, or by `hench.get_game("huns")`.
_WHERE = {
    **dict.fromkeys(("COLOURS", "HunsData", "HunsDataError", "default_data", "load_data"), "data"),
    **dict.fromkeys(("GAME", "READINGS"), "game"),
    "PHASES": "phases", "HunsState": "state",
    **dict.fromkeys(("action_for_space", "html", "notation", "observation"), "render"),
    **dict.fromkeys(("CATEGORIES", "breakdown", "scoring_sheet", "wagon_type_bonus"), "scoring"),
}
_SUBMODULES = ("actions", "bots", "odds")


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
    from hench.core.data import Assumption

    from . import actions, bots, odds
    from .data import COLOURS, HunsData, HunsDataError, default_data, load_data
    from .game import GAME, READINGS
    from .phases import PHASES
    from .render import action_for_space, html, notation, observation
    from .scoring import CATEGORIES, breakdown, scoring_sheet, wagon_type_bonus
    from .state import HunsState


def assumptions(data: HunsData | None = None) -> list[Assumption]:
    """Rows (what, value, source, note) of the component data in force (placeholders are 'assumed')."""
    from .data import assumptions as rows

    return rows(data)


__all__ = [
    "CATEGORIES",
    "COLOURS",
    "GAME",
    "PHASES",
    "READINGS",
    "HunsData",
    "HunsDataError",
    "HunsState",
    "action_for_space",
    "actions",
    "assumptions",
    "bots",
    "breakdown",
    "default_data",
    "html",
    "load_data",
    "notation",
    "observation",
    "odds",
    "scoring_sheet",
    "wagon_type_bonus",
]
