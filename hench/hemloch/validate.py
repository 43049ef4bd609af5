"""The invariants a saved Hemloch state must keep (wired as `Game.validate_state`, issue 14).

`HemlochState.from_dict` checks every field's type and range; `state.validate_state` checks that cards,
Markers, Items and Week cards are conserved and that the flow fields agree with the stage. This module adds
what a save must also agree on: the Actions of the turn in progress. Every refusal is an InvalidStateError
naming the field.
"""

from __future__ import annotations

from hench.core import InvalidStateError

from .state import HemlochState
from .state import validate_state as validate_pieces


def fail(where: str, why: str) -> InvalidStateError:
    return InvalidStateError(f"state.{where} {why}")


def validate_state(s: HemlochState) -> None:
    validate_pieces(s)
    _turn(s)


def _turn(s: HemlochState) -> None:
    """HL-055, HL-056, HL-058, HL-064, HL-065: a turn starts with the game's Actions; each Minion played
    spends one, at a Location not played this turn; one Item per turn, which may give one Action back."""
    if s.stage != "turn":
        return
    most = s.data.actions + (1 if s.item_used else 0)
    if len(s.played) + s.actions > most:
        raise fail("actions", f"is {s.actions} after {len(s.played)} Minions played (state.played), but a turn has "
                              f"{s.data.actions} Actions" + (" and one more from an Item" if s.item_used else ""))
