"""Henchmania actions: one frozen dataclass per kind, one `format_action` / `parse_action` pair.

Seats are 0-based fields and print as "Player 1", "Player 2", ... The forms are::

    place Tavern                  place Church with Porter        (phase 1, HM-016, HM-098)
    take extra Castle             skip extra Castle               (domination card, HM-022)
    play Holy Water               play Glove on Player 2          play Drunkard on Player 3 Castle
    play Traitor on Player 2 Armory                               play Prayer replacing Jester
    use Bishop                    use Trick on Player 2 Tavern    use Old Lady on Player 2 Bishop
    pass
    play Guard                    no Guard                        (duel, HM-102)
    fight with Axe                fight bare-handed               (duel, HM-054..056)
    roll 6 4 1                    (a chance node: the dice, any order; HM-057, HM-060)
    use Apothecary                no Apothecary                   use Courtesan    no Courtesan
    borrow from the Old Lady      keep the Old Lady               (a loan that changes the duel, HM-107)
    keep Jester                   keep nothing                    (Nosy Parker, HM-101)
    discard Glove                 (understood, never legal: HM-095)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from hench.core import Action, InvalidActionError, normal_words, parse_number, parse_seat, seat_name

if TYPE_CHECKING:  # pragma: no cover
    from .state import HMState


class HMAction(Action):
    __slots__ = ()

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class Place(HMAction):
    """HM-016: one Henchman pawn on a site; `owner`: the seat whose pawn a Traitor took, placed by its taker (HM-100)."""
    kind: ClassVar[str] = "place"
    site: str
    owner: int | None = None


@dataclass(frozen=True, slots=True)
class PlaceWithPorter(HMAction):
    """HM-098: a pawn on a full site, turning the Porter (`owner` as for Place)."""
    kind: ClassVar[str] = "porter"
    site: str
    owner: int | None = None


@dataclass(frozen=True, slots=True)
class TakeExtra(HMAction):
    """HM-022: the dominating player takes the extra card of the site."""
    kind: ClassVar[str] = "extra"
    site: str


@dataclass(frozen=True, slots=True)
class SkipExtra(HMAction):
    """A4: the dominating player declines the extra card."""
    kind: ClassVar[str] = "skip"
    site: str


@dataclass(frozen=True, slots=True)
class Play(HMAction):
    """HM-025: a card from the hand; `target` an opponent's seat, `at` the site or card named on them,
    `replacing` the Reserve card dropped for it (HM-033)."""
    kind: ClassVar[str] = "play"
    card: str
    target: int | None = None
    at: str | None = None
    replacing: str | None = None


@dataclass(frozen=True, slots=True)
class Use(HMAction):
    """HM-038: an 'At your turn' effect of a Reserve or Trump card as the whole turn."""
    kind: ClassVar[str] = "use"
    card: str
    target: int | None = None
    at: str | None = None


@dataclass(frozen=True, slots=True)
class Pass(HMAction):
    """HM-047: play no more cards today."""
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class PlayGuard(HMAction):
    """HM-102: the Defender's Guard cancels the duel."""
    kind: ClassVar[str] = "guard"


@dataclass(frozen=True, slots=True)
class NoGuard(HMAction):
    kind: ClassVar[str] = "noguard"


@dataclass(frozen=True, slots=True)
class Fight(HMAction):
    """HM-054..056: an Armory card from the hand, or bare hands (`weapon` None)."""
    kind: ClassVar[str] = "weapon"
    weapon: str | None = None


@dataclass(frozen=True, slots=True)
class Roll(HMAction):
    """HM-057 / HM-060: the faces that came up, highest first (a chance outcome)."""
    kind: ClassVar[str] = "roll"
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class UseApothecary(HMAction):
    """HM-096: cancel one wound."""
    kind: ClassVar[str] = "apothecary"


@dataclass(frozen=True, slots=True)
class NoApothecary(HMAction):
    kind: ClassVar[str] = "noapothecary"


@dataclass(frozen=True, slots=True)
class UseCourtesan(HMAction):
    """HM-092: cancel one wound of another player's duel."""
    kind: ClassVar[str] = "courtesan"


@dataclass(frozen=True, slots=True)
class NoCourtesan(HMAction):
    kind: ClassVar[str] = "nocourtesan"


@dataclass(frozen=True, slots=True)
class BorrowOldLady(HMAction):
    """HM-107: take the Old Lady's loan of an opponent's Trump that changes the duel's result (she turns, HM-036)."""
    kind: ClassVar[str] = "oldlady"


@dataclass(frozen=True, slots=True)
class KeepOldLady(HMAction):
    """HM-107: decline the loan; the Old Lady stays unturned for later today."""
    kind: ClassVar[str] = "keepoldlady"


@dataclass(frozen=True, slots=True)
class Keep(HMAction):
    """HM-101: the Nosy Parker keeps one hand card (`card` None: keep nothing)."""
    kind: ClassVar[str] = "keep"
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Discard(HMAction):
    """HM-095: understood so the rule can be named, never legal."""
    kind: ClassVar[str] = "discard"
    card: str


ACTION_TYPES = (Place, PlaceWithPorter, TakeExtra, SkipExtra, Play, Use, Pass, PlayGuard, NoGuard, Fight, Roll,
                UseApothecary, NoApothecary, UseCourtesan, NoCourtesan, BorrowOldLady, KeepOldLady, Keep, Discard)
KINDS = frozenset(t.kind for t in ACTION_TYPES)
PASS, PLAY_GUARD, NO_GUARD = Pass(), PlayGuard(), NoGuard()
WINDOWS = {"apothecary": (UseApothecary(), NoApothecary()), "courtesan": (UseCourtesan(), NoCourtesan()),
           "old_lady": (BorrowOldLady(), KeepOldLady())}
_SIMPLE: dict[type, str] = {Pass: "pass", NoGuard: "no Guard", PlayGuard: "play Guard", UseApothecary: "use Apothecary",
                            NoApothecary: "no Apothecary", UseCourtesan: "use Courtesan", NoCourtesan: "no Courtesan",
                            BorrowOldLady: "borrow from the Old Lady", KeepOldLady: "keep the Old Lady"}
_SIMPLE_PARSE = {text.lower(): cls() for cls, text in _SIMPLE.items()}


def format_action(a: HMAction) -> str:
    """The text a person reads and types (seats from 1)."""
    cls = type(a)
    if cls in _SIMPLE:
        return _SIMPLE[cls]
    if isinstance(a, Place):
        return f"place {a.site}" if a.owner is None else f"place {seat_name(a.owner)}'s pawn on the {a.site}"
    if isinstance(a, PlaceWithPorter):
        return f"place {a.site} with Porter" if a.owner is None else \
            f"place {seat_name(a.owner)}'s pawn on the {a.site} with Porter"
    if isinstance(a, (TakeExtra, SkipExtra)):
        return f"{'take' if cls is TakeExtra else 'skip'} extra {a.site}"
    if isinstance(a, Fight):
        return f"fight with {a.weapon}" if a.weapon else "fight bare-handed"
    if isinstance(a, Roll):
        return "roll " + " ".join(map(str, a.dice))
    if isinstance(a, Discard):
        return f"discard {a.card}"
    if isinstance(a, Keep):
        return f"keep {a.card}" if a.card else "keep nothing"
    if not isinstance(a, (Play, Use)):
        raise InvalidActionError(f"{a!r} is not a Henchmania move")
    text = f"{a.kind} {a.card}"
    if a.target is not None:
        text += f" on {seat_name(a.target)}" + (f" {a.at}" if a.at else "")
    if isinstance(a, Play) and a.replacing:
        text += f" replacing {a.replacing}"
    return text


# A15: translation variants of card names in the rulebook text
ALIASES = {"gauntlet": "glove", "demonstration": "performance"}
_PLAY = re.compile(r"(play|use) (.+?)(?: on player (\S+)(?: (.+?))?)?(?: replacing (.+))?")


def parse_action(state: HMState, text: str) -> HMAction:
    """The action written as `text` (any case and spacing). Names are matched against the data."""
    if not isinstance(text, str):
        raise InvalidActionError(f"an action is written as text, got {text!r}")
    t = " ".join(ALIASES.get(w, w) for w in normal_words(text))
    if t in _SIMPLE_PARSE:
        return _SIMPLE_PARSE[t]
    data = state.data
    site_of, card_of = data.site_lookup, data.card_lookup
    action = _parse_fixed(t, site_of, card_of) or _parse_play(t, site_of, card_of, state.num_players)
    if action is None:
        raise InvalidActionError(f"{text!r} is not a Henchmania move; write e.g. 'place Tavern', 'play Glove on Player 2', "
                                 "'fight bare-handed', 'roll 6 4 1' or 'pass'")
    return action


def _name(word: str, table: dict[str, str], what: str) -> str:
    if word not in table:
        raise InvalidActionError(f"there is no {what} called {word!r}; the {what}s are {sorted(set(table.values()))}")
    return table[word]


_HELD = re.compile(r"player (\d+)'s pawn on (?:the )?(.+)")


def _held_owner(rest: str) -> tuple[str, int | None]:
    """HM-100: "player 2's pawn on the tavern" names a held pawn's owner (seats from 1); else the placer's own pawn."""
    m = _HELD.fullmatch(rest)
    if m is None:
        return rest, None
    return m.group(2), int(m.group(1)) - 1


def _parse_fixed(t: str, site_of: dict[str, str], card_of: dict[str, str]) -> HMAction | None:
    if t.startswith("place "):
        rest, owner = _held_owner(t[6:])
        if rest.endswith(" with porter"):
            return PlaceWithPorter(_name(rest[:-12], site_of, "site"), owner)
        return Place(_name(rest, site_of, "site"), owner)
    for word, cls in (("take extra ", TakeExtra), ("skip extra ", SkipExtra)):
        if t.startswith(word):
            return cls(_name(t[len(word):], site_of, "site"))
    if t == "fight bare-handed":
        return Fight()
    if t.startswith("fight with "):
        return Fight(_name(t[11:], card_of, "card"))
    if t.startswith("discard "):  # never legal (HM-095), but understood so the rule can be named
        return Discard(_name(t[8:], card_of, "card"))
    if t == "keep nothing":
        return Keep()
    if t.startswith("keep "):
        return Keep(_name(t[5:], card_of, "card"))
    if t == "roll" or t.startswith("roll "):
        return _parse_roll(t)
    return None


def _parse_roll(t: str) -> Roll:
    faces = t[4:].replace(",", " ").split()
    if not faces:
        raise InvalidActionError(f"{t!r}: write the dice as numbers, e.g. 'roll 6 4 1'")
    return Roll(tuple(sorted((parse_number(f, "a die face", 1, 99) for f in faces), reverse=True)))


def _parse_play(t: str, site_of: dict[str, str], card_of: dict[str, str], players: int) -> HMAction | None:
    m = _PLAY.fullmatch(t)
    if not m:
        return None
    verb, card, seat, at, replacing = m.groups()
    card = _name(card, card_of, "card")
    if at is not None:
        at = site_of.get(at) or _name(at, card_of, "site or card")
    target = None if seat is None else parse_seat(seat, players)
    if verb == "use":
        if replacing is not None:
            raise InvalidActionError("'replacing' goes with 'play': a used card does not enter the Reserve")
        return Use(card, target, at)
    return Play(card, target, at, None if replacing is None else _name(replacing, card_of, "card"))
