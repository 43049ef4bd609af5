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

from hench.core import register
from hench.core.data import Assumption

from . import actions, bots, odds
from .data import COLOURS, HunsData, HunsDataError, default_data, load_data
from .data import assumptions as _assumptions
from .game import GAME, READINGS
from .phases import PHASES
from .render import action_for_space, html, notation, observation
from .scoring import CATEGORIES, breakdown, scoring_sheet, wagon_type_bonus
from .state import HunsState

register(GAME)


def assumptions(data: HunsData | None = None) -> list[Assumption]:
    """Rows (what, value, source, note) of the component data in force (placeholders are 'assumed')."""
    return _assumptions(data)


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
