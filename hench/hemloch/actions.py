"""Hemloch actions: one frozen dataclass per kind, one format/parse pair. Names are the data's names
(any case when typed); rows and columns of Influence Spaces are counted from 1 for people.

    draw                                     play Unfair Lady at Courtyard       use Potion
    pass (option may_pass)
    mark Courtyard row 1 column 3            festival to Alley Maze              steal face-up Potion
    recall Horned Advisor from Courtyard     move Fan Dancer from Courtyard to Alley Maze
    retreat Fan Dancer from Courtyard        swap Alley Maze                     reveal Alley Maze Night
    keep Unfair Lady (Draft variant)         turn up Potion                      leave Potion face-down
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from hench.core import Action, InvalidActionError, normal_words, parse_number

from .data import ITEMS, MAX_COORD

if TYPE_CHECKING:
    from .data import HemlochData
    from .state import HemlochState


class HLAction(Action):
    __slots__ = ()

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class Draw(HLAction):
    """HL-056: spend an Action to draw 1 Minion card."""
    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Pass(HLAction):
    """HL-055 (option `may_pass`): take no more Actions this turn; the turn ends."""
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Play(HLAction):
    """HL-057: spend an Action to play a Minion from hand on your side of a Location."""
    kind: ClassVar[str] = "play"
    card: str
    location: str


@dataclass(frozen=True, slots=True)
class Use(HLAction):
    """HL-064, HL-065: use one face-up Item's ability (once per turn)."""
    kind: ClassVar[str] = "use"
    item: str


@dataclass(frozen=True, slots=True)
class Mark(HLAction):
    """HL-078, HL-080 or an ability: put one of your Markers on an empty Influence Space (row, column from 0)."""
    kind: ClassVar[str] = "mark"
    location: str
    row: int
    column: int


@dataclass(frozen=True, slots=True)
class Festival(HLAction):
    """A move_festival ability: the Festival Piece goes to another Location."""
    kind: ClassVar[str] = "festival"
    location: str


@dataclass(frozen=True, slots=True)
class Steal(HLAction):
    """HL-029: a steal_item ability takes one of the opponent's Items (it keeps its facing)."""
    kind: ClassVar[str] = "steal"
    item: str
    face_up: bool


@dataclass(frozen=True, slots=True)
class Recall(HLAction):
    """A return_own_minion_to_hand ability: one of your other Minions goes back to your hand."""
    kind: ClassVar[str] = "recall"
    card: str
    location: str


@dataclass(frozen=True, slots=True)
class Move(HLAction):
    """The Scepter (M6): move one of your Minions to another Location without the Festival."""
    kind: ClassVar[str] = "move"
    card: str
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Retreat(HLAction):
    """HL-069: at Week's End, discard one of your Minions from a Location (half of them, rounded down)."""
    kind: ClassVar[str] = "retreat"
    card: str
    location: str


@dataclass(frozen=True, slots=True)
class Swap(HLAction):
    """HL-071: the Start Player swaps a Night in the Week deck for its Corresponding Day."""
    kind: ClassVar[str] = "swap"
    location: str


@dataclass(frozen=True, slots=True)
class Reveal(HLAction):
    """HL-050 (a chance outcome): the Week card turned over."""
    kind: ClassVar[str] = "reveal"
    location: str
    day: bool


@dataclass(frozen=True, slots=True)
class Keep(HLAction):
    """HL-090 (Draft variant): keep one card of the pack you hold and pass the rest."""
    kind: ClassVar[str] = "keep"
    card: str


@dataclass(frozen=True, slots=True)
class Flip(HLAction):
    """HL-033: none of an Item an ability gives is left, so you may turn one of yours of that kind face up (or not)."""
    kind: ClassVar[str] = "flip"
    item: str
    up: bool


ACTION_TYPES = (Draw, Play, Use, Mark, Festival, Steal, Recall, Move, Retreat, Swap, Reveal, Keep, Flip, Pass)


def format_action(a: HLAction) -> str:
    if isinstance(a, Draw):
        return "draw"
    if isinstance(a, Pass):
        return "pass"
    if isinstance(a, Play):
        return f"play {a.card} at {a.location}"
    if isinstance(a, Use):
        return f"use {a.item}"
    if isinstance(a, Mark):
        return f"mark {a.location} row {a.row + 1} column {a.column + 1}"
    if isinstance(a, Festival):
        return f"festival to {a.location}"
    if isinstance(a, Steal):
        return f"steal {'face-up' if a.face_up else 'face-down'} {a.item}"
    if isinstance(a, Recall):
        return f"recall {a.card} from {a.location}"
    if isinstance(a, Move):
        return f"move {a.card} from {a.source} to {a.target}"
    if isinstance(a, Retreat):
        return f"retreat {a.card} from {a.location}"
    if isinstance(a, Swap):
        return f"swap {a.location}"
    if isinstance(a, Reveal):
        return f"reveal {a.location} {'Day' if a.day else 'Night'}"
    if isinstance(a, Keep):
        return f"keep {a.card}"
    if isinstance(a, Flip):
        return f"turn up {a.item}" if a.up else f"leave {a.item} face-down"
    raise InvalidActionError(f"{a!r} is not a Hemloch action")


EXAMPLES = ("'draw', 'pass' (option may_pass), 'play Unfair Lady at Courtyard', 'use Potion', 'mark Courtyard row 1 column 3', "
            "'festival to Alley Maze', 'steal face-up Potion', 'recall Fan Dancer from Courtyard', "
            "'move Fan Dancer from Courtyard to Alley Maze', 'retreat Fan Dancer from Courtyard', "
            "'swap Alley Maze', 'reveal Alley Maze Night', 'keep Unfair Lady', 'turn up Potion' or 'leave Potion face-down'")


def _name(words: list[str], names: dict[str, str], what: str) -> str:
    key = " ".join(words)
    if key not in names:
        raise InvalidActionError(f"{key!r} is not a {what}; the {what}s are {', '.join(sorted(names.values()))}")
    return names[key]


def _split(words: list[str], sep: str, text: str) -> tuple[list[str], list[str]]:
    if words.count(sep) != 1:
        raise InvalidActionError(f"{text!r}: expected one '{sep}' in this move; write {EXAMPLES}")
    i = words.index(sep)
    return words[:i], words[i + 1:]


def parse_action(state: HemlochState, text: str) -> HLAction:
    return parse_with(state.data, text)


def parse_with(data: HemlochData, text: str) -> HLAction:
    words = normal_words(text)
    if not words:
        raise InvalidActionError(f"an empty move; write {EXAMPLES}")
    verb, rest = words[0], words[1:]
    cards = {m.name.lower(): m.name for m in data.minions}
    places = {loc.name.lower(): loc.name for loc in data.locations}
    items = {k.lower(): k for k in ITEMS}
    if verb == "draw" and not rest:
        return Draw()
    if verb == "pass" and not rest:
        return Pass()
    if verb == "play":
        card, place = _split(rest, "at", text)
        return Play(_name(card, cards, "Minion"), _name(place, places, "Location"))
    if verb == "use":
        return Use(_name(rest, items, "Item"))
    if verb == "mark" and len(rest) >= 5 and rest[-4] == "row" and rest[-2] == "column":
        row = parse_number(rest[-3], "a row", 1, MAX_COORD + 1) - 1
        col = parse_number(rest[-1], "a column", 1, MAX_COORD + 1) - 1
        return Mark(_name(rest[:-4], places, "Location"), row, col)
    if verb == "festival" and rest[:1] == ["to"]:
        return Festival(_name(rest[1:], places, "Location"))
    if verb == "steal" and len(rest) == 2 and rest[0] in ("face-up", "face-down"):
        return Steal(_name(rest[1:], items, "Item"), rest[0] == "face-up")
    if verb in ("recall", "retreat"):
        card, place = _split(rest, "from", text)
        cls = Recall if verb == "recall" else Retreat
        return cls(_name(card, cards, "Minion"), _name(place, places, "Location"))
    if verb == "move":
        card, where = _split(rest, "from", text)
        source, target = _split(where, "to", text)
        return Move(_name(card, cards, "Minion"), _name(source, places, "Location"), _name(target, places, "Location"))
    if verb == "swap":
        return Swap(_name(rest, places, "Location"))
    if verb == "reveal" and rest and rest[-1] in ("night", "day"):
        return Reveal(_name(rest[:-1], places, "Location"), rest[-1] == "day")
    if verb == "keep":
        return Keep(_name(rest, cards, "Minion"))
    if verb == "turn" and rest[:1] == ["up"]:
        return Flip(_name(rest[1:], items, "Item"), True)
    if verb == "leave" and rest[-1:] == ["face-down"]:
        return Flip(_name(rest[:-1], items, "Item"), False)
    raise InvalidActionError(f"{text!r} is not a Hemloch move; write {EXAMPLES}")
