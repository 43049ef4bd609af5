"""hemloch: the Hemloch: Midnight Edition (Small Box Games 2014) rules engine, exact odds and bots.

>>> import hench
>>> state = hench.get_game("hemloch").new_game(seed=1)
>>> state.phase_title
'The Start Player turns over the next Week card'

Public API beside the uniform game API (docs/adding-a-game.md):

- `GAME` / `hench.get_game("hemloch")`; options `first_player`, `sides` (HL-095), `draft` (HL-088),
  `end_after_weeks_end` (A2), `zero_tie_places` (A8), `score_scepters` (A1), `data` (your own TOML file).
  `READINGS`: the catalogue's readings and the option that changes each.
- `PHASES`: the phase table (`state.phase` is one of its ids; people read `phase.title`).
- `actions`: the action classes and `format_action` / `parse_action`.
- `observation(state, seat)`, `html(obs)`, `notation(obs)`; `breakdown(state, seat)`, `end_conditions(state)`.
- `assumptions()` rows (what, value, source, note); `load_data(path)`; `HemlochDataError`.
- `hench.hemloch.odds` (exact odds), `hench.hemloch.bots` (`RandomBot`, `HeuristicBot`).

The Minion cards, Location homes, icons, abilities and layouts, Item abilities and Week-card Locations
are PLACEHOLDERS (see `assumptions()`), never the publisher's.
"""

from operator import attrgetter

from hench.core import register

from . import actions, bots, odds, render
from .data import HemlochData, HemlochDataError, assumptions, default_data, load_data
from .game import GAME, OPTIONS, READINGS
from .phases import PHASES
from .render import html, notation, observation
from .scoring import breakdown
from .state import HemlochState
from .transitions import end_conditions

GAME.cards = render.card_texts  # every card explained for the apps (hench.core.cards)
GAME.card_key = attrgetter("sides")  # a Location's text names the side it shows in this game: cached per data and sides
register(GAME)

__all__ = [
    "GAME", "OPTIONS", "PHASES", "READINGS", "HemlochData", "HemlochDataError", "HemlochState", "actions",
    "assumptions", "bots", "breakdown", "default_data", "end_conditions", "html", "load_data", "notation",
    "observation", "odds",
]
