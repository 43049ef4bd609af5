"""Maniacal: the rules engine (2 to 5 players, an assumed range), its data and exact odds.

Registered as `maniacal` (docs/maniacal-phases.md maps its phases to the catalogue's state machine).

>>> import hench
>>> state = hench.get_game("maniacal").new_game(players=3, seed=1)
>>> state.phase_title
'Phase I: choose a Room to build or sell (in secret)'

Public API beside the uniform game API (the same names in every game package): `GAME`, `PHASES`,
`OPTIONS`, `READINGS`, `assumptions()`, `card_gallery()`, `odds`, `bots`; and Maniacal's own data loaders
`default_data()` and `load_data(path)`. Importing the package is cheap: the engine loads on first use of a
name (PEP 562), and `hench.get_game` registers `GAME` then.
"""

from __future__ import annotations

from hench.core.lazy import lazy_package

_WHERE = {"GAME": "game", "OPTIONS": "game", "READINGS": "game", "PHASES": "phases", "assumptions": "game",
          "card_gallery": "data", "default_data": "data", "load_data": "data"}
_MODULES = ("odds", "bots")
__all__ = sorted([*_WHERE, *_MODULES])


__getattr__, __dir__ = lazy_package(__name__, _WHERE, _MODULES)
