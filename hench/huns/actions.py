"""Huns actions: one frozen dataclass per kind, one `format_action` / `parse_action` pair.

Colours are indices into `COLOURS` (blue, red, green, black, yellow); seats are 0-based and print as
"Player 1"; Wagon slots and display slots are 0-based and print from 1.

    blue rolls 2                      Roll(colour, value)          a die shows a value (chance)
    take red                          Take(colour)
    reroll green                      Reroll(colour)               a Diviner rerolls a die in the pool
    draw / pillage                    Draw() / Pillage()           the turn's one action
    play ME-01                        Play(card)
    curse Player 2                    Curse(target)                the opponent who receives a Curse
    flee / accept / send back         Flee() / Accept() / SendBack()
    onto wagons / onto ME-04          Onto(card=None) / Onto(card)
    place blue on wagon 1 [red space] Place(cube, slot, space)     a wild cube when space != cube
    return the rest                   ReturnRest()
    take wagon from display 2         TakeWagon(display=1); TakeWagon(None) for the deck top
    activate RA-09 [blue]             Activate(card, colour)
    activate RA-08 from red           Activate(card, colour, from_deck=True)
    activate RA-06 Player 1 wagon 2 blue   Activate(card, colour, seat, slot)
    bonus blue+red                    Bonus(colours)               the catch-up Valuables of setup
    first blight                      Order(effect)                which of two effects firing together resolves first (HU-075)
    end turn                          EndTurn()
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from hench.core import Action, InvalidActionError, normal_words, parse_number, parse_seat, seat_name

from .data import COLOURS

if TYPE_CHECKING:  # pragma: no cover
    from .state import HunsState


class HunsAction(Action):
    __slots__ = ()

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class Roll(HunsAction):
    kind: ClassVar[str] = "roll"
    colour: int
    value: int


@dataclass(frozen=True, slots=True)
class Take(HunsAction):
    kind: ClassVar[str] = "take"
    colour: int


@dataclass(frozen=True, slots=True)
class Reroll(HunsAction):
    kind: ClassVar[str] = "reroll"
    colour: int


@dataclass(frozen=True, slots=True)
class Draw(HunsAction):
    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Pillage(HunsAction):
    kind: ClassVar[str] = "pillage"


@dataclass(frozen=True, slots=True)
class Play(HunsAction):
    kind: ClassVar[str] = "play"
    card: str


@dataclass(frozen=True, slots=True)
class Curse(HunsAction):
    kind: ClassVar[str] = "curse"
    target: int


@dataclass(frozen=True, slots=True)
class Flee(HunsAction):
    kind: ClassVar[str] = "flee"


@dataclass(frozen=True, slots=True)
class Accept(HunsAction):
    kind: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class SendBack(HunsAction):
    kind: ClassVar[str] = "send back"


@dataclass(frozen=True, slots=True)
class Onto(HunsAction):
    kind: ClassVar[str] = "onto"
    card: str | None = None  # None: onto the Wagons


@dataclass(frozen=True, slots=True)
class Place(HunsAction):
    kind: ClassVar[str] = "place"
    cube: int
    slot: int
    space: int


@dataclass(frozen=True, slots=True)
class ReturnRest(HunsAction):
    kind: ClassVar[str] = "return"


@dataclass(frozen=True, slots=True)
class TakeWagon(HunsAction):
    kind: ClassVar[str] = "take wagon"
    display: int | None = None  # None: the top of the Wagon deck


@dataclass(frozen=True, slots=True)
class Activate(HunsAction):
    kind: ClassVar[str] = "activate"
    card: str
    colour: int | None = None
    seat: int | None = None
    slot: int | None = None
    from_deck: bool = False


@dataclass(frozen=True, slots=True)
class Bonus(HunsAction):
    kind: ClassVar[str] = "bonus"
    colours: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Order(HunsAction):
    kind: ClassVar[str] = "order"
    first: str  # the effect that resolves first: "bonus" or "penalty"


@dataclass(frozen=True, slots=True)
class EndTurn(HunsAction):
    kind: ClassVar[str] = "end turn"


ACTION_TYPES = (Roll, Take, Reroll, Draw, Pillage, Play, Curse, Flee, Accept, SendBack, Onto, Place, ReturnRest,
                TakeWagon, Activate, Bonus, Order, EndTurn)
_FIXED: dict[str, HunsAction] = {"draw": Draw(), "pillage": Pillage(), "flee": Flee(), "accept": Accept(),
                                 "send back": SendBack(), "return the rest": ReturnRest(), "end turn": EndTurn(),
                                 "onto wagons": Onto(None), "take wagon from deck": TakeWagon(None),
                                 "first bonus": Order("bonus"), "first penalty": Order("penalty")}
_TEXT = {type(a): text for text, a in _FIXED.items() if not isinstance(a, (Onto, TakeWagon, Order))}


# -- formatting ----------------------------------------------------------------------------------
def format_action(action: HunsAction) -> str:
    """The text a person reads and types for `action` (seats from 1, slots from 1)."""
    fixed = _TEXT.get(type(action))
    if fixed is not None:
        return fixed
    return _FORMAT[type(action)](action)


def _activate_text(a: Activate) -> str:
    out = f"activate {a.card}"
    if a.seat is not None:
        return f"{out} {seat_name(a.seat)} wagon {(a.slot or 0) + 1} {COLOURS[a.colour or 0]}"
    if a.colour is None:
        return out
    return f"{out} from {COLOURS[a.colour]}" if a.from_deck else f"{out} {COLOURS[a.colour]}"


def _place_text(a: Place) -> str:
    tail = "" if a.space == a.cube else f" {COLOURS[a.space]} space"
    return f"place {COLOURS[a.cube]} on wagon {a.slot + 1}{tail}"


_FORMAT = {
    Roll: lambda a: f"{COLOURS[a.colour]} rolls {a.value}",
    Take: lambda a: f"take {COLOURS[a.colour]}",
    Reroll: lambda a: f"reroll {COLOURS[a.colour]}",
    Play: lambda a: f"play {a.card}",
    Curse: lambda a: f"curse {seat_name(a.target)}",
    Onto: lambda a: "onto wagons" if a.card is None else f"onto {a.card}",
    Place: _place_text,
    TakeWagon: lambda a: "take wagon from deck" if a.display is None else f"take wagon from display {a.display + 1}",
    Activate: _activate_text,
    Bonus: lambda a: "bonus " + "+".join(COLOURS[c] for c in a.colours),
    Order: lambda a: f"first {a.first}",
}


# -- parsing -------------------------------------------------------------------------------------
def parse_action(state: HunsState, text: str) -> HunsAction:
    """The action written as `text` (any case and spacing), or InvalidActionError saying why not."""
    words = normal_words(text)
    fixed = _FIXED.get(" ".join(words))
    if fixed is not None:
        return fixed
    try:
        return _parse_words(state, words, text)
    except IndexError:
        raise InvalidActionError(f"{text!r} is incomplete; see hench.huns.actions for the move forms") from None


def _colour(word: str, text: str) -> int:
    try:
        return COLOURS.index(word)
    except ValueError:
        raise InvalidActionError(f"{text!r}: {word!r} is not a colour; colours are {', '.join(COLOURS)}") from None


def _card(state: HunsState, word: str, text: str) -> str:
    card = state.data.lower_ids.get(word)
    if card is None:
        raise InvalidActionError(f"{text!r}: there is no card {word!r} in this game's data")
    return card


def _parse_words(state: HunsState, w: list[str], text: str) -> HunsAction:
    head, n = w[0], len(w)
    if n == 3 and w[1] == "rolls":
        return Roll(_colour(w[0], text), parse_number(w[2], "a die value", 1, 6))
    if head in ("take", "reroll") and n == 2:
        return (Take if head == "take" else Reroll)(_colour(w[1], text))
    if w[:4] == ["take", "wagon", "from", "display"] and n == 5:
        return TakeWagon(parse_number(w[4], "a display slot", 1, 4) - 1)
    if head == "play" and n == 2:
        return Play(_card(state, w[1], text))
    if w[:2] == ["curse", "player"] and n == 3:
        return Curse(parse_seat(w[2], state.n))
    if head == "onto" and n == 2:
        return Onto(_card(state, w[1], text))
    if head == "place" and w[2:4] == ["on", "wagon"] and n in (5, 7):
        return _parse_place(w, text)
    if head == "bonus" and n == 2:
        return Bonus(tuple(sorted(_colour(c, text) for c in w[1].split("+"))))
    if head == "activate" and n >= 2:
        return _parse_activate(state, _card(state, w[1], text), w[2:], text)
    raise InvalidActionError(f"{text!r} is not a Huns move; examples: 'take red', 'pillage', 'place blue on wagon 1'")


def _parse_place(w: list[str], text: str) -> Place:
    cube = _colour(w[1], text)
    if len(w) == 7 and w[6] != "space":
        raise InvalidActionError(f"{text!r}: write 'place <colour> on wagon <n> [<colour> space]'")
    space = cube if len(w) == 5 else _colour(w[5], text)
    return Place(cube, parse_number(w[4], "a Wagon number", 1, 2) - 1, space)


def _parse_activate(state: HunsState, card: str, rest: list[str], text: str) -> Activate:
    if not rest:
        return Activate(card)
    if len(rest) == 1:
        return Activate(card, _colour(rest[0], text))
    if len(rest) == 2 and rest[0] == "from":
        return Activate(card, _colour(rest[1], text), from_deck=True)
    if len(rest) == 5 and rest[0] == "player" and rest[2] == "wagon":
        return Activate(card, _colour(rest[4], text), parse_seat(rest[1], state.n),
                        parse_number(rest[3], "a Wagon number", 1, 2) - 1)
    raise InvalidActionError(f"{text!r}: unknown arguments for activate: {' '.join(rest)!r}")
