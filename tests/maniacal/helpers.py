"""Positions for the Maniacal tests: a real setup, then the few fields a scenario needs, kept valid."""

from __future__ import annotations

from hench.maniacal import GAME
from hench.maniacal.state import ManiacalState, Member
from hench.maniacal.table import place_time_tokens
from hench.maniacal.validate import validate_state


def new(players: int = 3, seed: int = 1, **options) -> ManiacalState:
    return GAME.new_game(players=players, seed=seed, **options)


def take(state: ManiacalState, card_id: str) -> None:
    """Remove a card from whichever deck holds it (so it is never in two places)."""
    for deck in state.decks.values():
        if card_id in deck:
            deck.remove(card_id)
    for lair in state.lairs:
        for field in (lair.hand, lair.rooms, lair.schemes):
            if card_id in field:
                field.remove(card_id)


def give(state: ManiacalState, seat: int, card_id: str, **fields) -> Member:
    take(state, card_id)
    m = Member(card_id, **fields)
    state.lairs[seat].crew.append(m)
    return m


def edit(state: ManiacalState, seat: int, card_id: str, **fields) -> Member:
    """Set fields of a crew member (an immutable value: replaced in the crew)."""
    return state.lairs[seat].update(card_id, **fields)


def build(state: ManiacalState, seat: int, room_id: str) -> None:
    take(state, room_id)
    state.lairs[seat].rooms.append(room_id)


def scheme(state: ManiacalState, seat: int, positive: str = "", negative: str = "") -> str:
    """Give `seat` a Scheme card with that positive (or negative) half, from wherever it is."""
    for s in state.data.schemes:
        if (not positive or s.positive == positive) and (not negative or s.negative == negative) and all(
                s.id not in lair.schemes for lair in state.lairs):
            take(state, s.id)
            state.lairs[seat].schemes.append(s.id)
            return s.id
    raise AssertionError("no such Scheme card left")


def set_villain(state: ManiacalState, seat: int, sv: str) -> None:
    """Seat plays Supervillain `sv` (swapping with whoever had it), with the matching Lackey."""
    lairs = state.lairs
    other = next((i for i, lair in enumerate(lairs) if lair.sv == sv), None)
    old = lairs[seat].sv
    for i, new_sv in ((seat, sv), (other, old)):
        if i is None:
            continue
        lairs[i].sv = new_sv
        lairs[i].crew = [m._replace(id=state.data.cards[new_sv].lackey) if state.data.cards[m.id].type == "lackey" else m
                         for m in lairs[i].crew]


def to_contracts(state: ManiacalState, order: list[int] | None = None) -> ManiacalState:
    """Skip the draft and recruitment: hands cleared, the Time tokens placed (MA-080 .. MA-082)."""
    for lair in state.lairs:
        lair.hand, lair.pick = [], None
    if order is not None:
        state.order = list(order)
    place_time_tokens(state)
    state.step = "contract_action"
    state._legal = None
    validate_state(state)
    return state


def contract_on(state: ManiacalState, continent: int, contract_id: str) -> None:
    """Put a chosen contract face down on a continent (the one there goes back to its deck)."""
    old = state.map[continent]
    if contract_id in state.map:
        other = state.map.index(contract_id)
        state.map[other], state.map[continent] = old, contract_id
        return
    take(state, contract_id)
    state.decks[state.data.cards[old].difficulty].append(old)
    state.map[continent] = contract_id


def play(state: ManiacalState, *moves: str) -> ManiacalState:
    for move in moves:
        state = state.apply(move)
    return state


def fresh(state: ManiacalState) -> ManiacalState:
    state._legal = None
    validate_state(state)
    return state


def said(state: ManiacalState, seat: int | None = None) -> list[str]:
    """The lines the move that made `state` said, as `seat` may read them (None: a spectator)."""
    return [line.text for line in state.narration(seat)]
