"""Huns actions: plain strings that print readably and parse back.

Every action is a short lowercase sentence (card and Wagon ids keep their case):

    "blue rolls 2"          a die shows a value (chance)
    "take red"              take the red die
    "reroll green"          a Diviner rerolls a die still in the pool
    "draw", "pillage"       the turn's one action
    "play ME-01"            play one drawn card
    "curse player 2"        the target of a Curse
    "flee", "accept", "send back"
    "onto wagons", "onto ME-04"                    a Pillage's destination
    "place blue on wagon 1"                        one cube on a matching space of Wagon slot 1
    "place blue on wagon 1 red space"              a wild cube (Broad Wagon, Teamster)
    "return the rest"                              stop when only wild placements are left
    "take wagon from display 2", "take wagon from deck"
    "activate RA-09 blue", "activate RA-06 player 1 wagon 2 blue", "activate RA-08 from red"
    "bonus blue", "bonus blue+red"                 the catch-up Valuables of setup
    "end turn"

`parse` turns a string into a tuple the engine reads; it is cached, so applying an action costs
one dictionary look-up.
"""

from __future__ import annotations

from hench.core import InvalidActionError

from .data import COLOURS

Parsed = tuple

_CACHE: dict[str, Parsed] = {}
_FIXED = {"draw": ("draw",), "pillage": ("pillage",), "flee": ("flee",), "accept": ("accept",),
          "send back": ("sendback",), "return the rest": ("return",), "end turn": ("end",),
          "onto wagons": ("onto", None), "take wagon from deck": ("replace", -1)}


def normalize(text: str) -> str:
    return " ".join(text.split())


def parse(text: str) -> Parsed:
    """The tuple form of an action string, or InvalidActionError naming the problem."""
    hit = _CACHE.get(text)
    if hit is None:
        hit = _parse(normalize(text))
        if len(_CACHE) < 100_000:
            _CACHE[text] = hit
    return hit


def _colour(word: str, text: str) -> int:
    try:
        return COLOURS.index(word.lower())
    except ValueError:
        raise InvalidActionError(f"{text!r}: {word!r} is not a colour; colours are {', '.join(COLOURS)}") from None


def _number(word: str, text: str, lowest: int = 0) -> int:
    if not word.isdigit() or int(word) < lowest:
        raise InvalidActionError(f"{text!r}: expected a number from {lowest}, got {word!r}")
    return int(word)


def _parse(text: str) -> Parsed:
    low = text.lower()
    if low in _FIXED:
        return _FIXED[low]
    w = text.split()
    lw = low.split()
    try:
        return _parse_words(text, w, lw)
    except IndexError:
        raise InvalidActionError(f"{text!r} is incomplete; see hench.huns.actions for the action forms") from None


def _parse_words(text: str, w: list[str], lw: list[str]) -> Parsed:
    head = lw[0]
    if len(lw) == 3 and lw[1] == "rolls":
        return ("roll", _colour(lw[0], text), _number(lw[2], text))
    if head in ("take", "reroll") and len(lw) == 2:
        return (head, _colour(lw[1], text))
    if lw[:4] == ["take", "wagon", "from", "display"] and len(lw) == 5:
        return ("replace", _number(lw[4], text, 1) - 1)
    if head == "play" and len(w) == 2:
        return ("play", w[1])
    if lw[:2] == ["curse", "player"] and len(lw) == 3:
        return ("target", _number(lw[2], text))
    if head == "onto" and len(w) == 2:
        return ("onto", w[1])
    if head == "place" and lw[2:4] == ["on", "wagon"] and len(lw) in (5, 7):
        cube = _colour(lw[1], text)
        space = cube if len(lw) == 5 else _colour(lw[5], text)
        if len(lw) == 7 and lw[6] != "space":
            raise InvalidActionError(f"{text!r}: write 'place <colour> on wagon <n> [<colour> space]'")
        return ("place", cube, _number(lw[4], text, 1) - 1, space)
    if head == "bonus" and len(lw) == 2:
        return ("bonus", tuple(sorted(_colour(c, text) for c in lw[1].split("+"))))
    if head == "activate" and len(w) >= 2:
        return ("activate", w[1], _activate_args(text, lw[2:]))
    raise InvalidActionError(f"{text!r} is not a Huns action; examples: 'take red', 'pillage', 'place blue on wagon 1'")


def _activate_args(text: str, rest: list[str]) -> tuple:
    if not rest:
        return ()
    if len(rest) == 1:
        return (_colour(rest[0], text),)
    if len(rest) == 2 and rest[0] == "from":
        return ("from", _colour(rest[1], text))
    if len(rest) == 5 and rest[0] == "player" and rest[2] == "wagon":
        return (_number(rest[1], text), _number(rest[3], text, 1) - 1, _colour(rest[4], text))
    raise InvalidActionError(f"{text!r}: unknown arguments for activate: {' '.join(rest)!r}")


# -- formatting (the inverse of parse) --------------------------------------------------------
def roll(colour: int, value: int) -> str:
    return f"{COLOURS[colour]} rolls {value}"


def take(colour: int) -> str:
    return f"take {COLOURS[colour]}"


def reroll(colour: int) -> str:
    return f"reroll {COLOURS[colour]}"


def play(card_id: str) -> str:
    return f"play {card_id}"


def target(seat: int) -> str:
    return f"curse player {seat}"


def onto(card_id: str | None) -> str:
    return "onto wagons" if card_id is None else f"onto {card_id}"


def place(cube: int, slot: int, space: int) -> str:
    tail = "" if space == cube else f" {COLOURS[space]} space"
    return f"place {COLOURS[cube]} on wagon {slot + 1}{tail}"


def replace(slot: int) -> str:
    return "take wagon from deck" if slot < 0 else f"take wagon from display {slot + 1}"


def bonus(colours: tuple[int, ...]) -> str:
    return "bonus " + "+".join(COLOURS[c] for c in colours)


def activate(card_id: str, args: tuple = ()) -> str:
    if not args:
        return f"activate {card_id}"
    if args[0] == "from":
        return f"activate {card_id} from {COLOURS[args[1]]}"
    if len(args) == 1:
        return f"activate {card_id} {COLOURS[args[0]]}"
    return f"activate {card_id} player {args[0]} wagon {args[1] + 1} {COLOURS[args[2]]}"
