"""The invariants a saved Hemloch state must keep (wired as `Game.validate_state`, issue 14).

`HemlochState.from_dict` checks every field's type and range; `state.validate_state` checks that cards,
Markers, Items and Week cards are conserved and that the flow fields agree with the stage. This module adds
what a save must also agree on so that it plays on to the end. Every refusal is an InvalidStateError naming
the field.
"""

from __future__ import annotations

from hench.core import InvalidStateError

from .state import HemlochState
from .state import validate_state as validate_pieces


def fail(where: str, why: str) -> InvalidStateError:
    return InvalidStateError(f"state.{where} {why}")


def validate_state(s: HemlochState) -> None:
    validate_pieces(s)
