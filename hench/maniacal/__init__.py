"""Maniacal: the rules engine (2 to 5 players, an assumed range), its data and exact odds.

Not yet registered in `hench.ENGINES` (see docs/maniacal-phases.md for what is done and what is not):
use the package directly.

>>> from hench.maniacal import GAME
>>> state = GAME.new_game(players=3, seed=1)
>>> state.phase_title
'Phase I: choose a Room to build or sell (in secret)'

Public API beside the uniform game API: `PHASES`, `READINGS`, `assumptions()`, `odds`, `bots`,
`default_data`, `load_data`.
"""

from . import bots, odds
from .data import assumptions, default_data, load_data
from .game import GAME, READINGS
from .phases import PHASES

__all__ = ["GAME", "PHASES", "READINGS", "assumptions", "bots", "default_data", "load_data", "odds"]
