"""lancaster: the Lancaster expansion "Henry V - The Power of the King" (modules At the King's Court,
The King's Resentment and Laws of the King) on a STAND-IN base game.

The Lancaster base rulebook is not available: the base game here is "Lancaster-Lite" (catalogue section
8.2), the smallest stand-in the expansion needs. Its counties, castle, conflicts, laws and scoring are
placeholders marked assumed in the data files, not the published Lancaster rules.

>>> import hench
>>> state = hench.get_game("lancaster").new_game(players=3, seed=1, modules="KC+KR")
>>> state.phase_title
'Phase 1: place a knight (or your lord)'

Public API (the same names in every game package): `GAME`, `PHASES`, `OPTIONS`, `READINGS`, `assumptions()`,
`card_gallery()`, `odds` (section 7, exact), `bots` (`RandomBot`, `HeuristicBot`, `make_bot`); and beside them
`STAND_IN`, `load_data(path)`, `default_data()`, `LancasterDataError`, `observation`, `notation`, `html`,
`card_texts`, `breakdown`, `actions`, `montecarlo`. Importing the package is cheap: the engine loads on first use
of a name (PEP 562), and `hench.get_game` registers `GAME`.
Options: `modules` ('KC+KR+LK', 'KC+KR', 'KC', 'KR', 'none'; LK alone is refused, LH-003),
`parliament` (False: parliament_mode off), `data` (your own TOML file), `first_player`,
`ally_bishop_mode` ('optional' or 'forced', reading A20), `law_groups` ('replace', LH-103, or 'combine': LH-104
as far as the text allows, see data/modules.toml [combined_laws]). 2 players play with the ally model of catalogue
L12 (assumed: data/two_player.toml): each seat also controls an ally colour (`state.colours`, `state.actor`).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {"GAME": "game", "OPTIONS": "game", "READINGS": "game", "PHASES": "phases", "assumptions": "data",
          "card_gallery": "render", "STAND_IN": "render", "LancasterDataError": "data", "default_data": "data",
          "load_data": "data", "observation": "render", "notation": "render", "html": "render", "card_texts": "render",
          "breakdown": "scoring"}
_MODULES = ("odds", "bots", "actions", "montecarlo")
__all__ = sorted([*_WHERE, *_MODULES])


def __getattr__(name: str) -> Any:
    if name in _MODULES:
        return import_module(f"{__name__}.{name}")
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
