"""Lancaster actions: one frozen dataclass per kind, one format_action / parse_action pair.

Knights are named by their strength (knights of one strength at court are interchangeable):

    knight 2 to Kent +1 squire +shield +tudor     knight 1 to castle income
    knight 3 to conflict C4 +archer +tudor       knight 2 to tower
    lord to Chancellor knights 1 2 bishops 1 +tudor     lord to treasury take gold
    vote yes +2 vm     vote no     upgrade knight 2     take bishop     decline
    dorset to conflict C4     dorset to court     choose 2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from hench.core import Action, InvalidActionError, normal_words, parse_number

if TYPE_CHECKING:
    from .state import LancasterState

OFFICES = ("Chancellor", "Constable", "Chamberlain")
TREASURY_TYPES = ("vm", "squires", "gold")


class LAction(Action):
    __slots__ = ()

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class County(LAction):
    kind: ClassVar[str] = "county"
    strength: int
    county: str
    squires: int = 0
    shield: bool = False
    tudor: bool = False


@dataclass(frozen=True, slots=True)
class Castle(LAction):
    kind: ClassVar[str] = "castle"
    strength: int
    space: str


@dataclass(frozen=True, slots=True)
class Conflict(LAction):
    kind: ClassVar[str] = "conflict"
    strength: int
    card: str
    archer: bool = False
    tudor: bool = False


@dataclass(frozen=True, slots=True)
class Tower(LAction):
    kind: ClassVar[str] = "tower"
    strength: int
    tudor: bool = False


@dataclass(frozen=True, slots=True)
class Apply(LAction):
    kind: ClassVar[str] = "apply"
    office: str
    knights: tuple[int, ...] = ()  # strengths of the supporting knights, ascending
    bishops: int = 0
    tudor: bool = False


@dataclass(frozen=True, slots=True)
class Treasury(LAction):
    kind: ClassVar[str] = "treasury"
    take: str


@dataclass(frozen=True, slots=True)
class Vote(LAction):
    kind: ClassVar[str] = "vote"
    yes: bool
    vm: int = 0


@dataclass(frozen=True, slots=True)
class Upgrade(LAction):
    kind: ClassVar[str] = "upgrade"
    strength: int


@dataclass(frozen=True, slots=True)
class Bishop(LAction):
    kind: ClassVar[str] = "bishop"


@dataclass(frozen=True, slots=True)
class Decline(LAction):
    kind: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Dorset(LAction):
    kind: ClassVar[str] = "dorset"
    card: str  # a conflict card ("C4"), or "" for back to court


@dataclass(frozen=True, slots=True)
class Choose(LAction):
    kind: ClassVar[str] = "choose"
    amount: int


ACTION_TYPES = (County, Castle, Conflict, Tower, Apply, Treasury, Vote, Upgrade, Bishop, Decline, Dorset, Choose)


def _extras(*flags: tuple[bool, str]) -> str:
    return "".join(f" +{name}" for on, name in flags if on)


def format_action(a: LAction) -> str:
    if isinstance(a, County):
        sq = f" +{a.squires} squire{'s' if a.squires != 1 else ''}" if a.squires else ""
        return f"knight {a.strength} to {a.county}{sq}" + _extras((a.shield, "shield"), (a.tudor, "tudor"))
    if isinstance(a, Castle):
        return f"knight {a.strength} to castle {a.space}"
    if isinstance(a, Conflict):
        return f"knight {a.strength} to conflict {a.card}" + _extras((a.archer, "archer"), (a.tudor, "tudor"))
    if isinstance(a, Tower):
        return f"knight {a.strength} to tower" + _extras((a.tudor, "tudor"))
    if isinstance(a, Apply):
        text = f"lord to {a.office}"
        if a.knights:
            text += " knights " + " ".join(map(str, a.knights))
        if a.bishops:
            text += f" bishops {a.bishops}"
        return text + _extras((a.tudor, "tudor"))
    if isinstance(a, Treasury):
        return f"lord to treasury take {a.take}"
    if isinstance(a, Vote):
        return f"vote {'yes' if a.yes else 'no'}" + (f" +{a.vm} vm" if a.vm else "")
    if isinstance(a, Upgrade):
        return f"upgrade knight {a.strength}"
    if isinstance(a, Bishop):
        return "take bishop"
    if isinstance(a, Decline):
        return "decline"
    if isinstance(a, Dorset):
        return f"dorset to conflict {a.card}" if a.card else "dorset to court"
    if isinstance(a, Choose):
        return f"choose {a.amount}"
    raise InvalidActionError(f"{a!r} is not a Lancaster action")


HELP = ("write e.g. 'knight 2 to Kent', 'knight 1 to castle income', 'knight 3 to conflict C4 +archer', "
        "'knight 2 to tower', 'lord to Chancellor knights 2', 'lord to treasury take gold', 'vote yes +1 vm', "
        "'upgrade knight 2', 'take bishop', 'decline', 'dorset to conflict C4', 'choose 2'")


def _flags(words: list[str], allowed: tuple[str, ...]) -> dict[str, bool]:
    out = {name: False for name in allowed}
    for w in words:
        name = w[1:] if w.startswith("+") else w
        if name not in out or out[name]:
            raise InvalidActionError(f"{w!r} is not understood here; {HELP}")
        out[name] = True
    return out


def _strength(word: str) -> int:
    return parse_number(word, "a knight's strength", 1, 4)


def parse_action(state: LancasterState, text: str) -> LAction:
    w = normal_words(text)
    data = state.data
    if len(w) >= 4 and w[0] == "knight" and w[2] == "to":
        k = _strength(w[1])
        dest, rest = w[3], w[4:]
        if dest == "castle" and len(rest) == 1:
            for space in data.castle:
                if rest[0] == space:
                    return Castle(k, space)
            raise InvalidActionError(f"the castle spaces are {list(data.castle)}, not {rest[0]!r}")
        if dest == "conflict" and rest:
            card = rest[0].upper()
            if not (card.startswith("C") and card[1:].isascii() and card[1:].isdigit()
                    and 1 <= int(card[1:]) <= len(data.french) and card == f"C{int(card[1:])}"):
                raise InvalidActionError(f"{rest[0]!r} is not a conflict card; they are C1 to C{len(data.french)}")
            f = _flags(rest[1:], ("archer", "tudor"))
            return Conflict(k, card, f["archer"], f["tudor"])
        if dest == "tower":
            return Tower(k, _flags(rest, ("tudor",))["tudor"])
        for county in data.counties:
            if dest == county.name.lower():
                squires = 0
                if len(rest) >= 2 and rest[0].startswith("+") and rest[1] in ("squire", "squires"):
                    squires = parse_number(rest[0][1:], "a number of squires", 1, 99)
                    rest = rest[2:]
                f = _flags(rest, ("shield", "tudor"))
                return County(k, county.name, squires, f["shield"], f["tudor"])
        raise InvalidActionError(f"{dest!r} is not a place for a knight; the counties are "
                                 f"{[c.name for c in data.counties]}, or castle, conflict, tower")
    if len(w) >= 3 and w[:2] == ["lord", "to"]:
        if w[2] == "treasury":
            if len(w) == 5 and w[3] == "take" and w[4] in TREASURY_TYPES:
                return Treasury(w[4])
            raise InvalidActionError(f"write 'lord to treasury take vm', '... take squires' or '... take gold'; {text!r}")
        office = next((o for o in OFFICES if o.lower() == w[2]), None)
        if office is None:
            raise InvalidActionError(f"{w[2]!r} is not an office; the offices are {list(OFFICES)} (or the treasury)")
        rest, knights, bishops, tudor = w[3:], [], 0, False
        if rest[:1] == ["knights"]:
            rest = rest[1:]
            while rest and rest[0].isascii() and rest[0].isdigit():
                knights.append(_strength(rest.pop(0)))
            if not knights:
                raise InvalidActionError("'knights' is followed by the strengths of the supporting knights, e.g. 'knights 1 2'")
        if rest[:1] == ["bishops"] and len(rest) >= 2:
            bishops = parse_number(rest[1], "a number of bishops", 1, 9)
            rest = rest[2:]
        tudor = _flags(rest, ("tudor",))["tudor"]
        return Apply(office, tuple(sorted(knights)), bishops, tudor)
    if len(w) in (2, 4) and w[0] == "vote" and w[1] in ("yes", "no"):
        vm = 0
        if len(w) == 4:
            if not (w[2].startswith("+") and w[3] == "vm"):
                raise InvalidActionError(f"write 'vote yes', 'vote no' or 'vote yes +2 vm'; {text!r}")
            vm = parse_number(w[2][1:], "a number of voting markers", 1, 99)
        return Vote(w[1] == "yes", vm)
    if len(w) == 3 and w[:2] == ["upgrade", "knight"]:
        return Upgrade(_strength(w[2]))
    if w == ["take", "bishop"]:
        return Bishop()
    if w == ["decline"]:
        return Decline()
    if w == ["dorset", "to", "court"]:
        return Dorset("")
    if len(w) == 4 and w[:3] == ["dorset", "to", "conflict"]:
        card = w[3].upper()
        if not (card[1:].isascii() and card[1:].isdigit() and card == f"C{int(card[1:])}" and 1 <= int(card[1:]) <= len(data.french)):
            raise InvalidActionError(f"{w[3]!r} is not a conflict card; they are C1 to C{len(data.french)}")
        return Dorset(card)
    if len(w) == 2 and w[0] == "choose":
        return Choose(parse_number(w[1], "an amount", 0, 999))
    raise InvalidActionError(f"{text!r} is not a Lancaster move; {HELP}")
