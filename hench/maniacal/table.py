"""Small table chores every chapter shares: dealing, drawing with reshuffles, the Time track, crew lookups.
No rule decides anything here; each helper cites the rule it carries out."""

from __future__ import annotations

from hench.core import seat_name

from .data import Card, Contract, Room
from .state import Lair, ManiacalState, Member


class _Names(dict):
    """Seat -> 'Player N' (hench.core.seat_name), the usual seats read from the table."""

    def __missing__(self, seat: int) -> str:
        return seat_name(seat)


who = _Names({seat: seat_name(seat) for seat in range(8)}).__getitem__  # who(seat): 'Player 1' for seat 0


def draw(state: ManiacalState, deck: str, discard: str | None = None) -> str | None:
    """The top card of `deck`; an empty deck is first rebuilt from its discards, shuffled (MA-163, M-16)."""
    decks = state.decks
    if not decks[deck] and discard and decks[discard]:
        decks = state.own("decks")
        decks[deck], decks[discard] = state._shuffled(decks[discard]), []
    return state.own_item("decks", deck).pop(0) if state.decks[deck] else None


def draw_card(state: ManiacalState, deck: str, discard: str | None = None) -> str:
    """`draw` from a deck the rules keep from running out (contracts and Mercenaries are checked before)."""
    drawn = draw(state, deck, discard)
    if drawn is None:
        raise ValueError(f"the {deck} deck is empty" + (f" and so is {discard}" if discard else ""))
    return drawn


def draw_scheme(state: ManiacalState, seat: int) -> None:
    """MA-145, MA-191: draw a Scheme card into a hidden hand (MA-162)."""
    card = draw(state, "schemes", "scheme_discard")
    if card is None:
        state.say(f"{who(seat)} would draw a Scheme card, but none are left", "MA-163", seats=(seat,))
        return
    state.own_item("lairs", seat).schemes.append(card)
    state.say(f"{who(seat)} draws a Scheme card", "MA-145", "MA-162", seats=(seat,))
    drawn = state.data.cards[card]
    state.say(f"you draw Scheme {card}: {drawn.negative.replace('_', ' ')} against others, "
              f"{drawn.positive.replace('_', ' ')} for you", "MA-162", "MA-164", seats=(seat,), to=(seat,))


def room(state: ManiacalState, room_id: str) -> Room:
    found: Room = state.data.cards[room_id]
    return found


def card(state: ManiacalState, card_id: str) -> Card:
    """A henchman, Lackey or Mercenary card."""
    card: Card = state.data.cards[card_id]
    return card


def contract(state: ManiacalState, contract_id: str) -> Contract:
    found: Contract = state.data.cards[contract_id]
    return found


def on_map(state: ManiacalState, slot: int) -> Contract:
    """The contract on continent `slot` (0..5, A..F), MA-105."""
    found: Contract = state.data.cards[state.map[slot]]
    return found


def kind_of_member(state: ManiacalState, m: Member) -> str:
    """beast / criminal / scientist / mystic / lackey / mercenary (MA-004); a Bodyguard counts as a Mercenary card
    but follows no Mercenary rule (MA-232)."""
    return card(state, m.id).type


def traits_of(state: ManiacalState, m: Member) -> list[int]:
    """Printed traits plus every attached Power (MA-181, MA-184)."""
    out = list(card(state, m.id).traits)
    for p in m.powers:
        for i, v in enumerate(state.data.cards[p].traits):
            out[i] += v
    return out


def remove_member(state: ManiacalState, lair: Lair, m: Member) -> None:
    """A henchman leaves the game; its Power cards are discarded (MA-183). `lair` is the state's own (`own_lair`)."""
    lair.crew.remove(m)
    if m.powers:
        state.own_item("decks", "power_discard").extend(m.powers)


def spend(state: ManiacalState, seat: int, weeks: int) -> None:
    """MA-084, MA-085: the token moves `weeks` spaces right and lands on top of any tokens there."""
    lair: Lair = state.own_item("lairs", seat)
    lair.weeks = max(0, lair.time_left() - weeks)
    state.counter += 1
    lair.placed = state.counter


def place_time_tokens(state: ManiacalState) -> None:
    """MA-080, MA-081, MA-082: every token to the round's Time track start, 1st player's on top."""
    weeks = state.data.tables["time_track"][state.round - 1]
    n = len(state.order)
    for k, seat in enumerate(state.order):
        lair: Lair = state.own_item("lairs", seat)
        lair.weeks = weeks
        lair.placed = state.counter + n - k
    state.counter += n
    state.next_order = []
    state.say(f"Round {state.round} Contract Phase: every Time token starts on {weeks} weeks, "
              f"{who(state.order[0])} on top", "MA-080", "MA-081", "MA-082")


def deal(state: ManiacalState) -> None:
    """MA-040: five Room cards to each player, face down (hidden from the others)."""
    rooms = state.own_item("decks", "rooms")
    for seat in range(len(state.lairs)):
        lair: Lair = state.own_item("lairs", seat)
        lair.hand = [rooms.pop(0) for _ in range(5)]
        lair.pick = None
    state.pick_no, state.step = 1, "draft"
    state.say(f"Round {state.round} Base Building: each player is dealt 5 Room cards", "MA-040")
