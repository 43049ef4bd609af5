"""What every game's actions share: the `Action` base, seat names for people, and safe number parsing.

Actions are frozen, hashable dataclasses, one class per kind, with typed, named fields::

    @dataclass(frozen=True, slots=True)
    class Place(HMAction):
        kind: ClassVar[str] = "place"
        site: str

Each game writes one `format_action(action) -> str` and one `parse_action(state, text) -> Action`;
`str(action)` prints with the first and `game.parse_action` reads it back. Seats are 0-based in the
API and named from 1 wherever a person reads them ("Player 1"), in action text too.
"""

from __future__ import annotations

from typing import ClassVar

from .chance import CHANCE
from .errors import InvalidActionError


class Action:
    """Base of every game's action classes (frozen dataclasses). `kind` names the class for the checks table."""

    __slots__ = ()
    kind: ClassVar[str] = ""


def seat_name(seat: int | None) -> str:
    """'Player 1' for seat 0; the dice for the chance player; 'nobody' when the game is over."""
    if seat is None:
        return "nobody"
    if seat == CHANCE:
        return "the dice"
    return f"Player {seat + 1}"


def parse_number(word: str, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number typed by a person: ASCII digits only (no '²', no '٣'), within lo..hi."""
    if not (isinstance(word, str) and word.isascii() and word.isdigit()) or len(word) > 6:
        raise InvalidActionError(f"{what} should be a number, got {word!r}")
    value = int(word)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        span = f"{lo} to {hi}" if hi is not None else f"at least {lo}"
        raise InvalidActionError(f"{what} should be {span}, got {value}")
    return value


def parse_seat(word: str, players: int) -> int:
    """The 0-based seat of 'Player N' as typed ('2' -> seat 1), refused unless 1 <= N <= players."""
    return parse_number(word, "a player number", 1, players) - 1


def normal_words(text: str) -> list[str]:
    """Lower-case words of typed text, any spacing (non-breaking spaces included)."""
    return text.lower().split()
