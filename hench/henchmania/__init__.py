"""Henchmania (Jocus 2016): the rules engine, exact odds and bots.

>>> import hench
>>> game = hench.get_game("henchmania")
>>> state = game.new_game(players=3, seed=42)
>>> state.phase, state.phase_title, state.scores()
('set_henchmen', 'Phase 1: set the Henchmen pawns', [5, 5, 5])

Public API beside the uniform game API:
- `PHASES` the phase table (hench.core.Phases: id, title, actor, rules, actions, help);
- `OPTIONS`, `READINGS` (how the engine reads the catalogue's ambiguities: id, reading, option);
- `assumptions(data=None)` rows (what, value, source, note) of every constant and card in force;
- `load_data(path)` a person's own data file (`new_game(..., data=path)` uses it);
- the action classes (`Place`, `Play`, `Use`, `Fight`, `Roll`, ...), `format_action`, `parse_action`;
- `render.observation(state, seat)`, `render.html(state, seat)`, `meter(score)`; `odds`, `bots`.
"""

from hench.core import register

from . import bots, odds, render
from .actions import (
                      ACTION_TYPES,
                      Discard,
                      Fight,
                      HMAction,
                      Keep,
                      NoApothecary,
                      NoCourtesan,
                      NoGuard,
                      Pass,
                      Place,
                      PlaceWithPorter,
                      Play,
                      PlayGuard,
                      Roll,
                      SkipExtra,
                      TakeExtra,
                      Use,
                      UseApothecary,
                      UseCourtesan,
                      format_action,
                      parse_action,
)
from .data import DataError, GameData, assumptions, load_data
from .game import GAME, OPTIONS, READINGS
from .phases import PHASES
from .scoring import meter
from .state import HMState

register(GAME)

__all__ = [
                      "ACTION_TYPES",
                      "GAME",
                      "OPTIONS",
                      "PHASES",
                      "READINGS",
                      "DataError",
                      "Discard",
                      "Fight",
                      "GameData",
                      "HMAction",
                      "HMState",
                      "Keep",
                      "NoApothecary",
                      "NoCourtesan",
                      "NoGuard",
                      "Pass",
                      "Place",
                      "PlaceWithPorter",
                      "Play",
                      "PlayGuard",
                      "Roll",
                      "SkipExtra",
                      "TakeExtra",
                      "Use",
                      "UseApothecary",
                      "UseCourtesan",
                      "assumptions",
                      "bots",
                      "format_action",
                      "load_data",
                      "meter",
                      "odds",
                      "parse_action",
                      "render",
]
