"""huns: the complete Huns (La Boite de Jeu 2018) rules engine, exact odds and bots.

>>> import hench
>>> state = hench.get_game("huns").new_game(players=3, seed=42)
>>> state.phase_title, [str(a) for a in state.legal_actions()[:2]]
('Setup: catch-up Valuables for the 3rd and 4th players', ['bonus blue', 'bonus red'])

Public API beside the uniform game API (the same names in every game package): `GAME`, `PHASES`, `OPTIONS`,
`READINGS`, `assumptions()`, `card_gallery()`, `odds`, `bots`. Options: `strict_pillage_use` (A5),
`setup_bonus_destination` (A1), `setup_bonus_colours` (HU-028/A1), `raid_same_turn` (A8), `data` (path of your
own TOML data file; None: the placeholders), `first_player` (None: drawn). Besides:

- `actions`: the action classes (`Take(colour)`, `Place(cube, slot, space)`, `Activate(card, ...)`, ...),
  `format_action`, `parse_action`.
- `observation(state, seat)` (also `state.observation(seat)`), `html(obs, clickable)`, `notation(obs)`,
  `action_for_space(obs, slot, index)`.
- `breakdown(state, seat)`, `scoring_sheet(state)`, `wagon_type_bonus(types)`, `CATEGORIES`.
- `load_data(path)`, `default_data()`, `HunsDataError`.

Card effects and Wagon layouts are PLACEHOLDERS (see `assumptions()`), never the publisher's. Importing the
package is cheap: the engine loads on first use of a name (PEP 562), and `hench.get_game` registers `GAME` then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hench.core.lazy import lazy_package

_WHERE = {
    **dict.fromkeys(("GAME", "OPTIONS", "READINGS", "assumptions"), "game"),
    "PHASES": "phases", "HunsState": "state",
    **dict.fromkeys(("COLOURS", "HunsData", "HunsDataError", "default_data", "load_data"), "data"),
    **dict.fromkeys(("action_for_space", "card_gallery", "html", "notation", "observation"), "render"),
    **dict.fromkeys(("CATEGORIES", "breakdown", "scoring_sheet", "wagon_type_bonus"), "scoring"),
}
_MODULES = ("actions", "bots", "odds")
__all__ = [  # every public name, loaded on first use
    "CATEGORIES",
    "COLOURS",
    "GAME",
    "OPTIONS",
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
    "card_gallery",
    "default_data",
    "html",
    "load_data",
    "notation",
    "observation",
    "odds",
    "scoring_sheet",
    "wagon_type_bonus",
]


__getattr__, __dir__ = lazy_package(__name__, _WHERE, _MODULES)


if TYPE_CHECKING:  # what type checkers and editors see (never run)
    from . import actions, bots, odds
    from .data import COLOURS, HunsData, HunsDataError, default_data, load_data
    from .game import GAME, OPTIONS, READINGS, assumptions
    from .phases import PHASES
    from .render import action_for_space, card_gallery, html, notation, observation
    from .scoring import CATEGORIES, breakdown, scoring_sheet, wagon_type_bonus
    from .state import HunsState
