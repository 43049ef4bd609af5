"""huns: the complete Huns (La Boite de Jeu 2018) rules engine, exact odds and bots.

>>> import hench
>>> state = hench.get_game("huns").new_game(players=3, seed=42)
>>> state.phase
'setup_catchup_valuables'

Card effects and Wagon layouts are PLACEHOLDERS (see `assumptions()`); load your own with
`load_data(path)` or `new_game(data=path)`.
"""

from hench.core import register

from .data import COLOURS, HunsData, HunsDataError, assumptions as _assumptions, default_data, load_data
from .game import GAME, HunsState
from .scoring import CATEGORIES, breakdown, scoring_sheet, wagon_type_bonus
from .state import PHASES

register(GAME)


def assumptions(data: HunsData | None = None) -> list[tuple[str, str, str, str]]:
    """Rows (what, value, source, note) of the component data in force (placeholders are 'assumed')."""
    return _assumptions(data)


__all__ = ["CATEGORIES", "COLOURS", "GAME", "HunsData", "HunsDataError", "HunsState", "PHASES", "assumptions",
           "breakdown", "default_data", "load_data", "scoring_sheet", "wagon_type_bonus"]
