"""Transitions: what each action does to the successor the core hands over (never the state it came from), by
chapter of the rulebook (draft.py, henchmen.py, contracts.py, cleanup.py), said in words as it happens
(`state.say`); and the dice as chance nodes. The core dispatches by action class (HANDLERS)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from . import cleanup, contracts, draft, henchmen
from .actions import (
    Activate,
    Assign,
    Attempt,
    Choose,
    Die,
    Dismiss,
    Done,
    Fire,
    Heal,
    Keep,
    MAAction,
    Mark,
    NoScheme,
    Pass,
    Pick,
    PlayScheme,
    Reroll,
    Roll,
    Visit,
)
from .legality import legal_actions
from .state import ManiacalState
from .table import place_time_tokens, room, who


def chance_outcomes(state: ManiacalState) -> tuple[tuple[MAAction, Fraction], ...]:
    """MA-116, MA-118 (M-01): the next die of the pool shows one of its faces, each equally likely.
    The same tuple every time (read only): the playout reads its weights once."""
    return _dice(state.data.tables["dice"][0])[1]


_DICE: dict[int, tuple[tuple[str, ...], tuple[tuple[MAAction, Fraction], ...]]] = {}


def _dice(faces: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[tuple[MAAction, Fraction], ...]]:
    """(faces, outcomes), found by the faces tuple's identity (one per data) without hashing it."""
    hit = _DICE.get(id(faces))
    if hit is None or hit[0] is not faces:
        if len(_DICE) >= 64:
            _DICE.clear()
        hit = _DICE[id(faces)] = (faces, _outcomes(faces))
    return hit


@lru_cache(maxsize=8)
def _outcomes(faces: tuple[str, ...]) -> tuple[tuple[MAAction, Fraction], ...]:
    counts: dict[str, int] = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    return tuple((Die(f), Fraction(n, len(faces))) for f, n in counts.items())


def _seat(state: ManiacalState) -> int:
    seat = state.current_player
    assert seat is not None and seat >= 0, "a seat acts"
    return seat


def die(state: ManiacalState, action: Die) -> None:
    """MA-116, MA-118: the next die of the pool comes up."""
    contracts.rolled(state, action)
    if state.step == "after_roll":
        _settle_roll(state)


def _settle_roll(state: ManiacalState) -> None:
    """With nothing to do after the roll (no reroll, no Scheme to play), the roll is compared at once (MA-120)."""
    if legal_actions(state) == [Done()]:
        contracts.resolve(state)


def pick(state: ManiacalState, action: Pick) -> None:
    """MA-041 .. MA-048: a secret pick; the last one of a round of picks reveals them all."""
    if draft.pick(state, action, _seat(state)):
        end_pick(state)


def activate(state: ManiacalState, action: Activate) -> None:
    """MA-095 (an Action room, as an action) or MA-130 / MA-136 (a Contract room, during an attempt)."""
    if room(state, action.room).kind == "action":
        contracts.activate_action_room(state, _seat(state), action)
    else:
        contracts.activate_contract_room(state, _seat(state), action)


def scheme(state: ManiacalState, action: PlayScheme) -> None:
    """MA-165 (the negative half, in the window) or MA-172 (the positive half, on your own attempt or turn)."""
    if state.step == "scheme_window":
        contracts.play_negative(state, _seat(state), action)
    else:
        contracts.play_positive(state, _seat(state), action)
        if state.step == "after_roll":
            _settle_roll(state)


def no_scheme(state: ManiacalState, action: NoScheme) -> None:
    """MA-166 (no negative Scheme) or MA-177 (no cancel of the Scheme's Injury)."""
    if state.step == "effect":
        contracts.let_it_pass(state, _seat(state))
    else:
        contracts.decline(state, _seat(state))


def done(state: ManiacalState, action: Done) -> None:
    """MA-120 (compare the roll with the Target) or MA-192 (leave Hoodlum Hospital)."""
    if state.step == "after_roll":
        contracts.resolve(state)
    else:
        seat = _seat(state)
        state.say(f"{who(seat)} leaves Hoodlum Hospital", "MA-192", seats=(seat,))
        contracts.end_action(state, seat)


def roll(state: ManiacalState, action: Roll) -> None:
    contracts.roll(state, _seat(state))
    if state.step == "after_roll":
        _settle_roll(state)


def end_pick(state: ManiacalState) -> None:
    """MA-042 .. MA-048, then Phase II (MA-070 ..) and the start of Phase III (MA-080 ..), all by themselves."""
    draft.reveal(state)
    if state.pick_no < 3:
        draft.pass_hands(state)
        return
    draft.discard_leftovers(state)
    henchmen.recruit(state)
    place_time_tokens(state)
    state.step = "contract_action"


HANDLERS: dict[type, Callable[[Any, Any], None]] = {
    Die: die, Pick: pick, Activate: activate, PlayScheme: scheme, NoScheme: no_scheme, Done: done, Roll: roll,
    Attempt: lambda s, a: contracts.start_attempt(s, _seat(s), a), Assign: lambda s, a: contracts.assign(s, _seat(s), a),
    Visit: lambda s, a: contracts.visit(s, _seat(s), a), Pass: lambda s, a: contracts.pass_turn(s, _seat(s)),
    Reroll: lambda s, a: contracts.lackey_reroll(s, _seat(s)), Mark: lambda s, a: contracts.mark(s, _seat(s), a),
    Choose: lambda s, a: contracts.choose(s, a), Heal: lambda s, a: contracts.heal(s, _seat(s), a),
    Dismiss: lambda s, a: cleanup.dismiss(s, _seat(s), a), Fire: lambda s, a: cleanup.fire(s, _seat(s), a),
    Keep: lambda s, a: cleanup.fire(s, _seat(s), None),
}
"""The transition of each action class (the core dispatches by `action.__class__`)."""
