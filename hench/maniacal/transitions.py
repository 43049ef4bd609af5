"""Transitions: what each action does to a fresh clone of the state, by chapter of the rulebook
(draft.py, henchmen.py, contracts.py, cleanup.py); and the dice as chance nodes."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

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
from .table import place_time_tokens, room


def chance_outcomes(state: ManiacalState) -> tuple[tuple[MAAction, Fraction], ...]:
    """MA-116, MA-118 (M-01): the next die of the pool shows one of its faces, each equally likely.
    The same tuple every time (read only): the playout reads its weights once."""
    return _dice(state.data.tables["dice"][0])[1]


_DICE: dict[int, tuple[tuple[str, ...], tuple[tuple[MAAction, Fraction], ...], tuple[MAAction, ...]]] = {}


def _dice(faces: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[tuple[MAAction, Fraction], ...], tuple[MAAction, ...]]:
    """(faces, outcomes, their actions), found by the faces tuple's identity (one per data) without hashing it."""
    hit = _DICE.get(id(faces))
    if hit is None or hit[0] is not faces:
        outcomes = _outcomes(faces)
        if len(_DICE) >= 64:
            _DICE.clear()
        hit = _DICE[id(faces)] = (faces, outcomes, tuple(die for die, _ in outcomes))
    return hit


@lru_cache(maxsize=8)
def _outcomes(faces: tuple[str, ...]) -> tuple[tuple[MAAction, Fraction], ...]:
    counts: dict[str, int] = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    return tuple((Die(f), Fraction(n, len(faces))) for f, n in counts.items())


def apply(state: ManiacalState, action: MAAction) -> None:
    kind = type(action)
    if kind is Die:  # the commonest action first (no seat needed)
        contracts.rolled(state, action)
    else:
        seat = state.current_player
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(state, seat, action)
        else:
            _apply_other(state, action, seat)
    step = state.step
    if step == "rolling":  # the next die's outcomes are the legal moves: hand them over (as the core would list them)
        state._legal = list(_dice(state.data.tables["dice"][0])[2])
    elif step == "after_roll":
        legal = legal_actions(state)
        if legal == [Done()]:
            contracts.resolve(state)  # nothing to do after the roll: compare at once
        else:
            state._legal = legal  # the legal moves of the state this transition makes


def _pick(state: ManiacalState, seat: int, action: Pick) -> None:
    if draft.pick(state, action, seat):
        end_pick(state)


def _activate(state: ManiacalState, seat: int, action: Activate) -> None:
    if room(state, action.room).kind == "action":
        contracts.activate_action_room(state, seat, action)
    else:
        contracts.activate_contract_room(state, seat, action)


def _scheme(state: ManiacalState, seat: int, action: PlayScheme) -> None:
    if state.step == "scheme_window":
        contracts.play_negative(state, seat, action)
    else:
        contracts.play_positive(state, seat, action)


def _no_scheme(state: ManiacalState, seat: int, action: NoScheme) -> None:
    if state.step == "effect":
        contracts.let_it_pass(state, seat)
    else:
        contracts.decline(state, seat)


def _done(state: ManiacalState, seat: int, action: Done) -> None:
    if state.step == "after_roll":
        contracts.resolve(state)
    else:
        contracts.end_action(state, seat)


# One handler per action class, called (state, seat, action): the same branches as `_apply_other`, found by
# the exact class.
_HANDLERS = {
    Pick: _pick, Activate: _activate, Attempt: contracts.start_attempt, Assign: contracts.assign, Visit: contracts.visit,
    Pass: lambda s, seat, a: contracts.pass_turn(s, seat), PlayScheme: _scheme,
    Reroll: lambda s, seat, a: contracts.lackey_reroll(s, seat), Mark: lambda s, seat, a: contracts.mark(s, a),
    NoScheme: _no_scheme, Roll: lambda s, seat, a: contracts.roll(s), Choose: lambda s, seat, a: contracts.choose(s, a),
    Heal: contracts.heal, Done: _done, Dismiss: cleanup.dismiss, Fire: cleanup.fire,
    Keep: lambda s, seat, a: cleanup.fire(s, seat, None),
}


def _apply_other(state: ManiacalState, action: MAAction, seat: int | None) -> None:
    if isinstance(action, Pick):
        if draft.pick(state, action, seat):
            end_pick(state)
    elif isinstance(action, Activate):
        if room(state, action.room).kind == "action":
            contracts.activate_action_room(state, seat, action)
        else:
            contracts.activate_contract_room(state, seat, action)
    elif isinstance(action, Attempt):
        contracts.start_attempt(state, seat, action)
    elif isinstance(action, Assign):
        contracts.assign(state, seat, action)
    elif isinstance(action, Visit):
        contracts.visit(state, seat, action)
    elif isinstance(action, Pass):
        contracts.pass_turn(state, seat)
    elif isinstance(action, PlayScheme):
        if state.step == "scheme_window":
            contracts.play_negative(state, seat, action)
        else:
            contracts.play_positive(state, seat, action)
    elif isinstance(action, Reroll):
        contracts.lackey_reroll(state, seat)
    elif isinstance(action, Mark):
        contracts.mark(state, action)
    elif isinstance(action, NoScheme):
        if state.step == "effect":
            contracts.let_it_pass(state, seat)
        else:
            contracts.decline(state, seat)
    elif isinstance(action, Roll):
        contracts.roll(state)
    elif isinstance(action, Die):
        contracts.rolled(state, action)
    elif isinstance(action, Choose):
        contracts.choose(state, action)
    elif isinstance(action, Heal):
        contracts.heal(state, seat, action)
    elif isinstance(action, Done):
        if state.step == "after_roll":
            contracts.resolve(state)
        else:
            contracts.end_action(state, seat)
    elif isinstance(action, Dismiss):
        cleanup.dismiss(state, seat, action)
    elif isinstance(action, (Fire, Keep)):
        cleanup.fire(state, seat, action if isinstance(action, Fire) else None)


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
