"""Lancaster actions: one frozen dataclass per kind, one format_action / parse_action pair.

Knights are named by their strength (knights of one strength at court are interchangeable); an upgrade names its
knight's strength and place ('upgrade knight 2 in Stafford', LB-051, LB-072). With 2 players
a move for the ally starts with "ally" (LB-092).

    knight 2 to Stafford +1 squire +shield +tudor     knight 1 to castle K2      ally knight 2 to CountyA
    knight 3 to conflict C4 +archer +tudor           knight 2 to tower
    lord to Chancellor knights 1 2 bishops 1 +tudor  lord to treasury take gold
    vote yes +2 vm     vote no     upgrade knight 2 in Stafford     take bishop     decline     favor KF-3
    take noble     take reward     take both     noble from D     start player 2     extension E3
    pay     refuse     dorset to conflict C4     dorset to court     choose 2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from hench.core import Action, IllegalActionError, InvalidActionError, normal_words, parse_number

if TYPE_CHECKING:
    from .state import LancasterState

OFFICES = ("Chancellor", "Constable", "Chamberlain")
TREASURY_TYPES = ("vm", "squires", "gold")
REWARD_OPTIONS = ("noble", "reward", "both")


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
    ally: bool = False


@dataclass(frozen=True, slots=True)
class Castle(LAction):
    kind: ClassVar[str] = "castle"
    strength: int
    space: int  # 1-based castle knight space
    ally: bool = False


@dataclass(frozen=True, slots=True)
class Conflict(LAction):
    kind: ClassVar[str] = "conflict"
    strength: int
    card: str
    archer: bool = False
    tudor: bool = False
    ally: bool = False


@dataclass(frozen=True, slots=True)
class Tower(LAction):
    kind: ClassVar[str] = "tower"
    strength: int
    tudor: bool = False
    ally: bool = False


@dataclass(frozen=True, slots=True)
class Apply(LAction):
    kind: ClassVar[str] = "apply"
    office: str
    knights: tuple[int, ...] = ()  # strengths of the supporting knights, ascending
    bishops: int = 0
    tudor: bool = False
    ally: bool = False


@dataclass(frozen=True, slots=True)
class Treasury(LAction):
    kind: ClassVar[str] = "treasury"
    take: str
    ally: bool = False


@dataclass(frozen=True, slots=True)
class Vote(LAction):
    kind: ClassVar[str] = "vote"
    yes: bool
    vm: int = 0


@dataclass(frozen=True, slots=True)
class Upgrade(LAction):
    """LB-051, LB-072: the player's choice of knight: its strength and where it stands, as a move names it: 'court',
    a county's name, 'K1' (a castle space), 'C4' (a conflict), 'tower', an office, 'captivity' (knight_place gives the
    state's form). Two knights of one strength in one place are the same choice."""

    kind: ClassVar[str] = "upgrade"
    strength: int
    place: str = "court"


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


@dataclass(frozen=True, slots=True)
class Favor(LAction):
    kind: ClassVar[str] = "favor"
    tile: str


@dataclass(frozen=True, slots=True)
class Reward(LAction):
    kind: ClassVar[str] = "reward"
    option: str  # noble, reward or both (LB-047)


@dataclass(frozen=True, slots=True)
class Noble(LAction):
    kind: ClassVar[str] = "noble"
    letter: str


@dataclass(frozen=True, slots=True)
class StartPlayer(LAction):
    kind: ClassVar[str] = "start"
    seat: int


@dataclass(frozen=True, slots=True)
class Extend(LAction):
    kind: ClassVar[str] = "extension"
    tile: str


@dataclass(frozen=True, slots=True)
class Pay(LAction):
    kind: ClassVar[str] = "pay"
    yes: bool


ACTION_TYPES = (County, Castle, Conflict, Tower, Apply, Treasury, Vote, Upgrade, Bishop, Decline, Dorset, Choose, Favor,
                Reward, Noble, StartPlayer, Extend, Pay)
PLACEMENTS = (County, Castle, Conflict, Tower, Apply, Treasury)


def _extras(*flags: tuple[bool, str]) -> str:
    return "".join(f" +{name}" for on, name in flags if on)


def _placement(a: LAction) -> str:
    if isinstance(a, County):
        sq = f" +{a.squires} squire{'s' if a.squires != 1 else ''}" if a.squires else ""
        return f"knight {a.strength} to {a.county}{sq}" + _extras((a.shield, "shield"), (a.tudor, "tudor"))
    if isinstance(a, Castle):
        return f"knight {a.strength} to castle K{a.space}"
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
    assert isinstance(a, Treasury)
    return f"lord to treasury take {a.take}"


def format_action(a: LAction) -> str:
    if isinstance(a, PLACEMENTS):
        return ("ally " if a.ally else "") + _placement(a)
    if isinstance(a, Vote):
        return f"vote {'yes' if a.yes else 'no'}" + (f" +{a.vm} vm" if a.vm else "")
    if isinstance(a, Upgrade):
        return f"upgrade knight {a.strength} {place_words(a.place)}"
    if isinstance(a, Bishop):
        return "take bishop"
    if isinstance(a, Decline):
        return "decline"
    if isinstance(a, Dorset):
        return f"dorset to conflict {a.card}" if a.card else "dorset to court"
    if isinstance(a, Choose):
        return f"choose {a.amount}"
    if isinstance(a, Favor):
        return f"favor {a.tile}"
    if isinstance(a, Reward):
        return f"take {a.option}"
    if isinstance(a, Noble):
        return f"noble from {a.letter}"
    if isinstance(a, StartPlayer):
        return f"start player {a.seat + 1}"
    if isinstance(a, Extend):
        return f"extension {a.tile}"
    if isinstance(a, Pay):
        return "pay" if a.yes else "refuse"
    raise InvalidActionError(f"{a!r} is not a Lancaster action")


def place_words(place: str) -> str:
    """Where an upgraded knight stands, as a move writes it: 'at court', 'in Stafford', 'in castle K1', 'in conflict
    C4', 'in tower', 'at Chancellor', 'in captivity'."""
    if place in ("court",) + OFFICES:
        return f"at {place}"
    if place[:1] == "K" and place[1:].isdigit():
        return f"in castle {place}"
    if place[:1] == "C" and place[1:].isdigit():
        return f"in conflict {place}"
    return f"in {place}"


def knight_place(state: LancasterState, place: str) -> str:
    """An Upgrade's place as the state writes a knight's place ('Stafford' -> 'county:4', 'K1' -> 'castle:0')."""
    if place in ("court", "tower"):
        return place
    if place == "captivity":
        return "captured"
    if place in OFFICES:
        return f"office:{OFFICES.index(place)}"
    if place[:1] == "K" and place[1:].isdigit():
        return f"castle:{int(place[1:]) - 1}"
    if place[:1] == "C" and place[1:].isdigit():
        return f"conflict:{place}"
    return f"county:{state.data.county_index(place)}"


def move_place(state: LancasterState, where: str) -> str:
    """A knight's place in the state as an Upgrade names it (the inverse of knight_place)."""
    kind, _, arg = where.partition(":")
    if kind == "county":
        return state.data.counties[int(arg)].name
    if kind == "castle":
        return f"K{int(arg) + 1}"
    if kind == "conflict":
        return arg
    if kind == "office":
        return OFFICES[int(arg)]
    return "captivity" if where == "captured" else where


def _parse_place(state: LancasterState, words: list[str]) -> str:
    """The place after 'upgrade knight K': 'at court', 'in Stafford' (or its letter), 'in castle K1', 'in conflict
    C4', 'in tower', 'at Chancellor', 'in captivity'."""
    data, text = state.data, " ".join(words)
    if words in (["at", "court"], ["in", "court"]):
        return "court"
    if words in (["in", "tower"], ["in", "captivity"]):
        return words[1]
    if len(words) == 3 and words[:2] == ["in", "castle"] and words[2].upper().startswith("K") and words[2][1:].isdigit():
        return f"K{parse_number(words[2][1:], 'a castle space', 1, 9)}"
    if len(words) == 3 and words[:2] == ["in", "conflict"]:
        return _card(words[2], len(data.cards))
    if len(words) == 2 and words[0] == "at":
        office = next((o for o in OFFICES if o.lower() == words[1]), None)
        if office is not None:
            return office
    if len(words) == 2 and words[0] == "in":
        county = next((c.name for c in data.counties if words[1] in (c.name.lower(), c.letter.lower())), None)
        if county is not None:
            return county
    raise InvalidActionError(f"{text!r} is not a place for a knight to upgrade; write e.g. 'upgrade knight 2 at court', "
                             "'... in Stafford', '... in castle K1', '... in conflict C4', '... in tower' or '... at Chancellor'")


def _parse_upgrade(state: LancasterState, words: list[str]) -> LAction:
    """'upgrade knight 2 in Stafford'; 'upgrade knight 2' alone when the chooser's strength-2 knights (not in the
    reserve) all stand in one place (else the places to choose from are named)."""
    k = _strength(words[2])
    if len(words) > 3:
        return Upgrade(k, _parse_place(state, words[3:]))
    places = sorted({move_place(state, where) for strength, where in state.knights[state.actor]
                     if strength == k and where != "reserve"}) if state.phase == "upgrade" else []
    if len(places) == 1:
        return Upgrade(k, places[0])
    if not places:
        raise InvalidActionError(f"name the knight to upgrade and where it stands, e.g. 'upgrade knight {k} at court'")
    raise InvalidActionError(f"you have strength-{k} knights in several places; name one: "
                             + ", ".join(f"'{Upgrade(k, p)}'" for p in places))


HELP = ("write e.g. 'knight 2 to Stafford', 'knight 1 to castle K1', 'knight 3 to conflict C4 +archer', "
        "'ally knight 2 to Surrey', 'knight 2 to tower', 'lord to Chancellor knights 2', 'lord to treasury take gold', "
        "'vote yes +1 vm', 'upgrade knight 2 at court', 'take bishop', 'decline', 'favor KF-2', 'take noble', 'take both', "
        "'noble from D', 'start player 2', 'extension E3', 'pay', 'refuse', 'dorset to conflict C4', 'choose 2'")


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


def _card(word: str, cards: int) -> str:
    card = word.upper()
    if not (card.startswith("C") and card[1:].isascii() and card[1:].isdigit() and card == f"C{int(card[1:])}"
            and 1 <= int(card[1:]) <= cards):
        raise InvalidActionError(f"{word!r} is not a conflict card; they are C1 to C{cards}")
    return card


def _parse_knight(state: LancasterState, w: list[str], ally: bool) -> LAction:
    data = state.data
    k = _strength(w[1])
    dest, rest = w[3], w[4:]
    if dest == "castle" and len(rest) == 1:
        word = rest[0].upper()
        if word.startswith("K") and word[1:].isascii() and word[1:].isdigit():
            return Castle(k, parse_number(word[1:], "a castle space", 1, 9), ally)
        raise InvalidActionError(f"the castle's knight spaces are K1, K2, ..., not {rest[0]!r}")
    if dest == "conflict" and rest:
        if any(word in ("squire", "squires") for word in rest):
            raise IllegalActionError("LB-026", f"sending a knight to conflict {rest[0].upper()} with squires",
                                     "squires never go to a conflict; they go only with a knight into a county",
                                     f"'knight {k} to conflict {rest[0].upper()}'")
        f = _flags(rest[1:], ("archer", "tudor"))
        return Conflict(k, _card(rest[0], len(data.cards)), f["archer"], f["tudor"], ally)
    if dest == "tower":
        return Tower(k, _flags(rest, ("tudor",))["tudor"], ally)
    for county in data.counties:
        if dest in (county.name.lower(), county.letter.lower()):
            squires = 0
            if len(rest) >= 2 and rest[0].startswith("+") and rest[1] in ("squire", "squires"):
                squires = parse_number(rest[0][1:], "a number of squires", 1, 99)
                rest = rest[2:]
            f = _flags(rest, ("shield", "tudor"))
            return County(k, county.name, squires, f["shield"], f["tudor"], ally)
    raise InvalidActionError(f"{dest!r} is not a place for a knight; the counties are "
                             f"{[c.name for c in data.counties]}, or castle, conflict, tower")


def _parse_lord(w: list[str], text: str, ally: bool) -> LAction:
    if w[2] == "treasury":
        if len(w) == 5 and w[3] == "take" and w[4] in TREASURY_TYPES:
            return Treasury(w[4], ally)
        raise InvalidActionError(f"write 'lord to treasury take vm', '... take squires' or '... take gold'; {text!r}")
    office = next((o for o in OFFICES if o.lower() == w[2]), None)
    if office is None:
        raise InvalidActionError(f"{w[2]!r} is not an office; the offices are {list(OFFICES)} (or the treasury)")
    rest, knights, bishops = w[3:], [], 0
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
    return Apply(office, tuple(sorted(knights)), bishops, tudor, ally)


def _parse_choice(state: LancasterState, w: list[str], text: str) -> LAction | None:
    data = state.data
    if len(w) in (2, 4) and w[0] == "vote" and w[1] in ("yes", "no"):
        vm = 0
        if len(w) == 4:
            if not (w[2].startswith("+") and w[3] == "vm"):
                raise InvalidActionError(f"write 'vote yes', 'vote no' or 'vote yes +2 vm'; {text!r}")
            vm = parse_number(w[2][1:], "a number of voting markers", 1, 99)
        return Vote(w[1] == "yes", vm)
    if len(w) >= 3 and w[:2] == ["upgrade", "knight"]:
        return _parse_upgrade(state, w)
    simple: dict[tuple[str, ...], LAction] = {("take", "bishop"): Bishop(), ("decline",): Decline(), ("pay",): Pay(True),
                                              ("refuse",): Pay(False), ("dorset", "to", "court"): Dorset("")}
    if tuple(w) in simple:
        return simple[tuple(w)]
    if len(w) == 4 and w[:3] == ["dorset", "to", "conflict"]:
        return Dorset(_card(w[3], len(data.cards)))
    if len(w) == 2 and w[0] == "choose":
        return Choose(parse_number(w[1], "an amount", 0, 999))
    if len(w) == 2 and w[0] == "favor":
        tile = next((t.id for t in data.favors if t.id.lower() == w[1]), None)
        if tile is None:
            raise InvalidActionError(f"{w[1]!r} is not a favor tile; they are {[t.id for t in data.favors]}")
        return Favor(tile)
    if len(w) == 2 and w[0] == "take" and w[1] in REWARD_OPTIONS:
        return Reward(w[1])
    if len(w) == 3 and w[:2] == ["noble", "from"] and w[2].upper() in [c.letter for c in data.counties]:
        return Noble(w[2].upper())
    if len(w) == 3 and w[:2] == ["start", "player"]:
        return StartPlayer(parse_number(w[2], "a player", 1, state.players) - 1)
    if len(w) == 2 and w[0] == "extension":
        tile = next((t.id for t in data.extensions if t.id.lower() == w[1]), None)
        if tile is None:
            raise InvalidActionError(f"{w[1]!r} is not an extension tile; they are {[t.id for t in data.extensions]}")
        return Extend(tile)
    return None


def parse_action(state: LancasterState, text: str) -> LAction:
    w = normal_words(text)
    ally = w[:1] == ["ally"]
    if ally:
        w = w[1:]
    if len(w) >= 4 and w[0] == "knight" and w[2] == "to":
        return _parse_knight(state, w, ally)
    if len(w) >= 3 and w[:2] == ["lord", "to"]:
        return _parse_lord(w, text, ally)
    found = None if ally else _parse_choice(state, w, text)
    if found is None:
        raise InvalidActionError(f"{text!r} is not a Lancaster move; {HELP}")
    return found
