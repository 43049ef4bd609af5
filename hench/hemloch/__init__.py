"""hemloch: the Hemloch: Midnight Edition (Small Box Games 2014) rules engine, exact odds and bots.

>>> import hench
>>> state = hench.get_game("hemloch").new_game(seed=1)
>>> state.phase_title
'The Start Player turns over the next Week card'

Public API beside the uniform game API (the same names in every game package, docs/adding-a-game.md):

- `GAME` / `hench.get_game("hemloch")`; options `first_player`, `sides` (HL-095), `draft` (HL-088),
  `end_after_weeks_end` (A2), `zero_tie_places` (A8), `score_scepters` (A1), `may_pass` (HL-055), `data` (your own TOML file).
  `READINGS`: the catalogue's readings (`hench.core.Reading`) and the option that changes each.
- `PHASES`: the phase table (`state.phase` is one of its ids; people read `phase.title`).
- `assumptions()` rows (what, value, source, note); `card_gallery()`: every card explained.
- `odds` (exact odds), `bots` (`RandomBot`, `HeuristicBot`).
- Also: `actions`, `observation(state, seat)`, `html(obs, clickable)`, `notation(obs)`, `breakdown(state, seat)`,
  `end_conditions(state)`, `load_data(path)`, `default_data()`, `HemlochData`, `HemlochDataError`, `HemlochState`.

Importing the package is cheap: the engine loads on first use of a name (PEP 562), and `hench.get_game`
registers `GAME` then. The Minion cards, Location homes, icons, abilities and layouts, Item abilities and
Week-card Locations are PLACEHOLDERS (see `assumptions()`), never the publisher's.
"""

from __future__ import annotations

from hench.core.lazy import lazy_package

_WHERE = {
    "GAME": "game", "OPTIONS": "game", "READINGS": "game", "PHASES": "phases", "assumptions": "data",
    "card_gallery": "render", "HemlochData": "data", "HemlochDataError": "data", "default_data": "data",
    "load_data": "data", "HemlochState": "state", "breakdown": "scoring", "end_conditions": "transitions",
    "observation": "render", "html": "render", "notation": "render",
}
_MODULES = ("odds", "bots", "actions", "render")
__all__ = sorted([*_WHERE, *_MODULES])


__getattr__, __dir__ = lazy_package(__name__, _WHERE, _MODULES)
