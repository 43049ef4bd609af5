"""Chapter I, Base Building: the 5-card Room draft with three secret picks (build or sell), the reveal,
the passes and the discard (MA-040 .. MA-056)."""

from __future__ import annotations

from .actions import Pick
from .data import TYPES
from .state import ManiacalState
from .table import room, who


def deal(state: ManiacalState) -> None:
    """MA-040: five Room cards to each player, face down (hidden from the others)."""
    rooms = state.own_item("decks", "rooms")
    for seat in range(len(state.lairs)):
        lair = state.own_item("lairs", seat)
        lair.hand = [rooms.pop(0) for _ in range(5)]
        lair.pick = None
    state.pick_no, state.step = 1, "draft"
    state.say(f"Round {state.round} Base Building: each player is dealt 5 Room cards", "MA-040")


def pick(state: ManiacalState, action: Pick, seat: int) -> bool:
    """MA-041: lock a secret pick. True once every player has locked one (then `reveal` runs)."""
    state.own_item("lairs", seat).pick = [action.room, "build" if action.build else "sell"]
    state.say(f"{who(seat)} locks a secret pick", "MA-041", seats=(seat,))
    state.say(f"you lock your pick: {'build' if action.build else 'sell'} {room(state, action.room).name}", "MA-041",
              seats=(seat,), to=(seat,))
    for lair in state.lairs:
        if lair.pick is None:
            return False
    return True


def reveal(state: ManiacalState) -> None:
    """MA-042: everybody reveals at once; builds (MA-049, MA-050, MA-053) and sells (MA-056) resolve together."""
    for seat in range(len(state.lairs)):
        lair = state.own_item("lairs", seat)
        room_id, how = lair.pick
        r = room(state, room_id)
        lair.hand.remove(room_id)
        if how == "build":
            lair.money -= r.cost
            lair.rooms.append(room_id)
            lair.attraction[TYPES.index(r.attract_type)] += r.attract_value  # MA-053 (MA-055: ties share a space)
            state.say(f"{who(seat)} builds {r.name} for ${r.cost}: +{r.attract_value} {r.attract_type} attraction", "MA-042", "MA-049", "MA-053", seats=(seat,))
        else:
            lair.money += r.cost
            state.say(f"{who(seat)} sells {r.name} for ${r.cost}", "MA-042", "MA-056", seats=(seat,))
        lair.pick = None


def pass_hands(state: ManiacalState) -> None:
    """MA-043, MA-044, MA-046: hands go to the neighbour, clockwise in rounds 1 and 3, counter-clockwise in
    round 2 (AMB-09: both passes of a round go the same way). Seat i's clockwise neighbour is seat i + 1."""
    n = len(state.lairs)
    step = -1 if state.round == 2 else 1
    hands = [lair.hand for lair in state.lairs]
    for seat in range(n):
        state.own_item("lairs", (seat + step) % n).hand = hands[seat][:]
    state.pick_no += 1
    state.say(f"the hands are passed {'counter-clockwise' if step < 0 else 'clockwise'}", "MA-043", "MA-044", "MA-046")


def discard_leftovers(state: ManiacalState) -> None:
    """MA-047, MA-048: after the third build/sell each player discards the 2 cards left."""
    for seat in range(len(state.lairs)):
        state.own_item("lairs", seat).hand = []
    state.say("each player discards the 2 Room cards left; Base Building ends", "MA-047", "MA-048")
