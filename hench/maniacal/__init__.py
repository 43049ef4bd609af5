"""Maniacal: the rules engine (2 to 5 players, an assumed range), its data and exact odds.

Registered as `maniacal` (docs/maniacal-phases.md maps its phases to the catalogue's state machine).

>>> import hench
>>> state = hench.get_game("maniacal").new_game(players=3, seed=1)
>>> state.phase_title
'Phase I: choose a Room to build or sell (in secret)'

Public API beside the uniform game API: `PHASES`, `READINGS`, `assumptions()`, `odds`, `bots`,
`default_data`, `load_data`.
"""

from hench.core import register

from . import bots, odds, render
from .data import assumptions, default_data, load_data
from .game import GAME, READINGS
from .phases import PHASES

GAME.cards = render.card_texts  # every card explained (hench.core.CardText), for the apps
register(GAME)

__all__ = ["GAME", "PHASES", "READINGS", "assumptions", "bots", "default_data", "load_data", "odds"]
