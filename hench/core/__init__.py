"""The shared core every game stands on (see docs/adding-a-game.md)."""

from .actions import Action, normal_words, parse_number, parse_seat, seat_name
from .bots import Bot, RandomBot, next_action, play_game, random_playout, step
from .chance import CHANCE, outcomes_from_dist, sample_outcome
from .data import Assumption, DataError
from .dist import Dist, format_probability
from .errors import HenchError, IllegalActionError, InvalidActionError, InvalidStateError, UnknownGameError
from .game import Game, InvalidOptionError, Option, State, state_from_json
from .legality import Check, CheckTable, Violation, rule_ids_of
from .phases import Phase, Phases
from .registry import declare, get_game, register, registered
from .rng import Rng
from .session import Session, Step

__all__ = [
    "CHANCE", "Action", "Assumption", "Bot", "Check", "CheckTable", "DataError", "Dist", "Game", "HenchError",
    "IllegalActionError", "InvalidActionError", "InvalidOptionError", "InvalidStateError", "Option", "Phase", "Phases",
    "RandomBot", "Rng", "Session", "State", "Step", "UnknownGameError", "Violation", "declare", "format_probability",
    "get_game", "next_action", "normal_words", "outcomes_from_dist", "parse_number", "parse_seat", "play_game",
    "random_playout", "register", "registered", "rule_ids_of", "sample_outcome", "seat_name", "state_from_json", "step",
]
