"""huns: the complete Huns (La Boite de Jeu 2018) rules engine, exact odds and bots.

>>> import hench
>>> state = hench.get_game("huns").new_game(players=3, seed=42)
>>> state.phase, state.legal_actions()[:2]
('setup_catchup_valuables', ['bonus blue', 'bonus red'])

Public API for notebooks and widgets:

- `GAME` / `hench.get_game("huns")`; options `strict_pillage_use` (A5), `setup_bonus_destination`
  (A1), `raid_same_turn` (A8), `data` (path of your own TOML data file), `first_player`.
- `PHASES`: [(phase id, label, rule IDs)] in play order, for a phase stepper.
- A state: `notation()`, `_repr_html_()`, `breakdown(seat)`, `scoring_sheet()`,
  `action_for_space(slot, index)` (the action a click on a Wagon space stands for).
- `breakdown(state, seat)`, `scoring_sheet(state)`, `wagon_type_bonus(types)`, `CATEGORIES`.
- `assumptions()` rows (what, value, source, note); `load_data(path)`; `HunsDataError`.
- `hench.huns.odds` (exact odds), `hench.huns.bots` (`RandomBot`, `HeuristicBot`, `make_bot`).

Card effects and Wagon layouts are PLACEHOLDERS (see `assumptions()`), never the publisher's.
"""

from hench.core import register

from . import bots, odds
from .data import COLOURS, HunsData, HunsDataError, default_data, load_data
from .data import assumptions as _assumptions
from .game import GAME, HunsState
from .scoring import CATEGORIES, breakdown, scoring_sheet, wagon_type_bonus
from .state import PHASES

register(GAME)


def assumptions(data: HunsData | None = None) -> list[tuple[str, str, str, str]]:
    """Rows (what, value, source, note) of the component data in force (placeholders are 'assumed')."""
    return _assumptions(data)


__all__ = ["CATEGORIES", "COLOURS", "GAME", "HunsData", "HunsDataError", "HunsState", "PHASES", "assumptions",
           "bots", "breakdown", "default_data", "load_data", "odds", "scoring_sheet", "wagon_type_bonus"]
