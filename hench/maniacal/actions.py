"""Maniacal actions: one frozen dataclass per kind, one format/parse pair.

    build R01            sell R01                 (Phase I, a secret pick)
    activate R02 with SV1        activate R07 with BE03 as brawn   (an Action or Contract room)
    attempt C            assign BE03              assign LK1 as brawn
    visit underground    visit hospital           visit lounge          pass
    scheme SH04          scheme SH09 on BE03      no scheme             roll        die icon
    lackey reroll        mark die 3               done (compare the dice with the Target)
    choose BE03          heal BE03                done
    dismiss BE03         fire BE03                keep
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from hench.core import Action, InvalidActionError, normal_words, parse_number

from .data import CONTINENTS, FACES, TRAITS

if TYPE_CHECKING:
    from .state import ManiacalState

PLACES = ("underground", "hospital", "lounge")  # MA-190


class MAAction(Action):
    __slots__ = ()

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class Pick(MAAction):
    """MA-041: a secret pick of one Room, to build or to sell."""
    room: str
    build: bool

    @property
    def kind(self) -> str:  # type: ignore[override]
        return "build" if self.build else "sell"


@dataclass(frozen=True, slots=True)
class Activate(MAAction):
    kind: ClassVar[str] = "activate"
    room: str
    by: str  # the Supervillain's id or a crew member's
    trait: str = ""  # the die a Contract room adds (MA-136)


@dataclass(frozen=True, slots=True)
class Attempt(MAAction):
    kind: ClassVar[str] = "attempt"
    continent: str


@dataclass(frozen=True, slots=True)
class Assign(MAAction):
    kind: ClassVar[str] = "assign"
    member: str
    trait: str = ""  # MA-152: the one trait a Lackey uses


@dataclass(frozen=True, slots=True)
class Visit(MAAction):
    kind: ClassVar[str] = "visit"
    place: str


@dataclass(frozen=True, slots=True)
class Pass(MAAction):
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class PlayScheme(MAAction):
    """A Scheme card: its negative half in an opponent's window (MA-165), else its positive half (MA-172);
    `member` names the henchman a positive refresh wakes up."""
    kind: ClassVar[str] = "scheme"
    scheme: str
    member: str = ""


@dataclass(frozen=True, slots=True)
class Reroll(MAAction):
    """Start a reroll with the Lackey on the team (MA-153)."""
    kind: ClassVar[str] = "reroll"


@dataclass(frozen=True, slots=True)
class Mark(MAAction):
    """Mark one rolled die (1-based, as the pool is shown) to be rerolled."""
    kind: ClassVar[str] = "mark"
    die: int


@dataclass(frozen=True, slots=True)
class NoScheme(MAAction):
    kind: ClassVar[str] = "no_scheme"


@dataclass(frozen=True, slots=True)
class Roll(MAAction):
    kind: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Die(MAAction):
    kind: ClassVar[str] = "die"
    face: str


@dataclass(frozen=True, slots=True)
class Choose(MAAction):
    kind: ClassVar[str] = "choose"
    member: str


@dataclass(frozen=True, slots=True)
class Heal(MAAction):
    kind: ClassVar[str] = "heal"
    member: str


@dataclass(frozen=True, slots=True)
class Done(MAAction):
    kind: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class Dismiss(MAAction):
    kind: ClassVar[str] = "dismiss"
    member: str


@dataclass(frozen=True, slots=True)
class Fire(MAAction):
    kind: ClassVar[str] = "fire"
    member: str


@dataclass(frozen=True, slots=True)
class Keep(MAAction):
    kind: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True)
class Recruit(MAAction):
    """AMB-05 (option optional_recruit): the top attraction takes the face-up henchman (MA-072, MA-073)."""
    kind: ClassVar[str] = "recruit"


@dataclass(frozen=True, slots=True)
class Decline(MAAction):
    """AMB-05 (option optional_recruit): the top attraction leaves the offer; like MA-076, the type ends this round."""
    kind: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Remove(MAAction):
    """MA-170b: the 'remove one die' Scheme's player takes one die of this trait out of the pool."""
    kind: ClassVar[str] = "remove"
    trait: str


ACTION_TYPES = (Pick, Activate, Attempt, Assign, Visit, Pass, PlayScheme, NoScheme, Roll, Die, Choose, Heal, Done,
                Dismiss, Fire, Keep, Reroll, Mark, Remove, Recruit, Decline)
_ONE_CARD = {Choose: "choose", Heal: "heal", Dismiss: "dismiss", Fire: "fire"}
_BARE = {"pass": Pass, "roll": Roll, "done": Done, "keep": Keep, "recruit": Recruit, "decline": Decline}


def format_action(action: MAAction) -> str:
    if isinstance(action, Pick):
        return f"{action.kind} {action.room}"
    if isinstance(action, Remove):
        return f"remove {action.trait} die"
    if isinstance(action, Activate):
        return f"activate {action.room} with {action.by}" + (f" as {action.trait}" if action.trait else "")
    if isinstance(action, Assign):
        return f"assign {action.member}" + (f" as {action.trait}" if action.trait else "")
    if isinstance(action, Attempt):
        return f"attempt {action.continent}"
    if isinstance(action, Visit):
        return f"visit {action.place}"
    if isinstance(action, Die):
        return f"die {action.face}"
    if isinstance(action, NoScheme):
        return "no scheme"
    if isinstance(action, PlayScheme):
        return f"scheme {action.scheme}" + (f" on {action.member}" if action.member else "")
    if isinstance(action, Reroll):
        return "lackey reroll"
    if isinstance(action, Mark):
        return f"mark die {action.die}"
    if isinstance(action, (Choose, Heal, Dismiss, Fire)):
        return f"{_ONE_CARD[type(action)]} {action.member}"
    return action.kind


def _card(state: ManiacalState, word: str, text: str) -> str:
    """A card id as typed (any case) -> as printed; unknown ids are malformed, not illegal."""
    found = _ids(state).get(word.lower())
    if found is None:
        raise InvalidActionError(f"{text!r}: there is no card {word!r} in this game")
    return found


def _ids(state: ManiacalState) -> dict[str, str]:
    return {k.lower(): k for k in state.data.cards}


def _trait(word: str, text: str) -> str:
    if word not in TRAITS:
        raise InvalidActionError(f"{text!r}: {word!r} is not a trait; the traits are {', '.join(TRAITS)}")
    return word


def parse_action(state: ManiacalState, text: str) -> MAAction:
    w = normal_words(text)
    if len(w) == 1 and w[0] in _BARE:
        return _BARE[w[0]]()
    if w == ["no", "scheme"]:
        return NoScheme()
    if w == ["lackey", "reroll"]:
        return Reroll()
    if len(w) == 3 and w[:2] == ["mark", "die"]:
        return Mark(parse_number(w[2], "a die of the pool", 1, 999))
    if len(w) in (2, 4) and w[0] == "scheme" and (len(w) == 2 or w[2] == "on"):
        return PlayScheme(_card(state, w[1], text), _card(state, w[3], text) if len(w) == 4 else "")
    if len(w) == 2 and w[0] in ("build", "sell"):
        return Pick(_card(state, w[1], text), w[0] == "build")
    if len(w) in (4, 6) and w[0] == "activate" and w[2] == "with" and (len(w) == 4 or w[4] == "as"):
        return Activate(_card(state, w[1], text), _card(state, w[3], text), _trait(w[5], text) if len(w) == 6 else "")
    if len(w) in (2, 4) and w[0] == "assign" and (len(w) == 2 or w[2] == "as"):
        return Assign(_card(state, w[1], text), _trait(w[3], text) if len(w) == 4 else "")
    if len(w) == 2 and w[0] == "attempt" and w[1].upper() in CONTINENTS:
        return Attempt(w[1].upper())
    if len(w) == 2 and w[0] == "visit" and w[1] in PLACES:
        return Visit(w[1])
    if len(w) == 3 and w[0] == "remove" and w[2] == "die":
        return Remove(_trait(w[1], text))
    if len(w) == 2 and w[0] == "die" and w[1] in FACES:
        return Die(w[1])
    for cls, word in _ONE_CARD.items():
        if len(w) == 2 and w[0] == word:
            return cls(_card(state, w[1], text))
    raise InvalidActionError(f"{text!r} is not a Maniacal move; write e.g. 'build R01', 'attempt C', 'assign BE03', "
                             "'visit lounge', 'pass', 'scheme SH04', 'no scheme', 'roll', 'choose BE03', 'fire BE03' or 'keep'")
