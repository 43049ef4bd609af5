"""The shared core every game stands on."""

from .bots import RandomBot, next_action, play_game, random_playout, step
from .chance import CHANCE, outcomes_from_dist, sample_outcome
from .dist import Dist, format_probability
from .errors import HenchError, IllegalActionError, InvalidActionError, InvalidStateError, UnknownGameError
from .game import Game, InvalidOptionError, Option, State, state_from_json
from .registry import get_game, register, registered
from .rng import Rng
from .session import Session, Step

__all__ = [
    "CHANCE", "Dist", "Game", "HenchError", "IllegalActionError", "InvalidActionError", "InvalidOptionError",
    "InvalidStateError", "Option", "RandomBot", "Rng", "Session", "State", "Step", "UnknownGameError",
    "format_probability", "get_game", "next_action", "outcomes_from_dist", "play_game", "random_playout", "register",
    "registered", "sample_outcome", "state_from_json", "step",
]
