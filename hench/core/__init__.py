"""The shared core every game stands on (see docs/adding-a-game.md).

Names are imported on first use (PEP 562), so `import hench` stays cheap; `from hench.core import X`
works as usual.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # typing is not imported at run time: `import hench` stays cheap

_WHERE = {
    "Action": "actions", "normal_words": "actions", "parse_number": "actions", "parse_seat": "actions", "seat_name": "actions",
    "Bot": "bots", "LEVELS": "bots", "RandomBot": "bots", "level_bot": "bots", "next_action": "bots", "play_game": "bots", "random_playout": "bots", "step": "bots",
    "CardText": "cards", "Advice": "coach", "Coach": "coach", "Moment": "coach", "MoveValue": "coach",
    "CHANCE": "chance", "outcomes_from_dist": "chance", "sample_outcome": "chance",
    "Assumption": "data", "DataError": "data",
    "Dist": "dist", "format_probability": "dist",
    "HenchError": "errors", "IllegalActionError": "errors", "InvalidActionError": "errors", "InvalidStateError": "errors",
    "UnknownGameError": "errors",
    "Game": "game", "InvalidOptionError": "game", "Option": "game", "Reading": "game", "ScoreSheet": "game", "State": "game", "state_from_json": "game",
    "Field": "fields", "Fields": "fields", "FieldState": "fields", "Line": "fields",
    "Check": "legality", "CheckTable": "legality", "Violation": "legality", "rule_ids_of": "legality",
    "Phase": "phases", "Phases": "phases",
    "declare": "registry", "get_game": "registry", "register": "registry", "registered": "registry",
    "Rng": "rng", "Session": "session", "Step": "session",
    "ShowMe": "showme", "show_card": "showme", "show_me": "showme",
}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'hench.core' has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])


if TYPE_CHECKING:  # what type checkers and editors see
    from .actions import Action, normal_words, parse_number, parse_seat, seat_name
    from .bots import LEVELS, Bot, RandomBot, level_bot, next_action, play_game, random_playout, step
    from .cards import CardText
    from .chance import CHANCE, outcomes_from_dist, sample_outcome
    from .coach import Advice, Coach, Moment, MoveValue
    from .data import Assumption, DataError
    from .dist import Dist, format_probability
    from .errors import HenchError, IllegalActionError, InvalidActionError, InvalidStateError, UnknownGameError
    from .fields import Field, Fields, FieldState, Line
    from .game import Game, InvalidOptionError, Option, Reading, ScoreSheet, State, state_from_json
    from .legality import Check, CheckTable, Violation, rule_ids_of
    from .phases import Phase, Phases
    from .registry import declare, get_game, register, registered
    from .rng import Rng
    from .session import Session, Step
    from .showme import ShowMe, show_card, show_me
