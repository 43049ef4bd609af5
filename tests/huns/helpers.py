"""Scenario builders for Huns tests. They edit a copy of a real position and keep every cube, card
and Wagon accounted for, so each built state still passes the saved-state consistency check."""

from __future__ import annotations

import hench
from hench.huns.data import COLOURS, LETTERS
from hench.huns.state import validate_state

GAME = hench.get_game("huns")
C = {name: i for i, name in enumerate(COLOURS)}


def new(players: int = 3, seed: int = 1, first: int = 0, **options):
    return GAME.new_game(players=players, seed=seed, first_player=first, **options)


def past_setup(state):
    """Give catch-up Valuables (first legal choice, first placement) until the dice are to roll."""
    while state.phase != "round_roll_dice":
        state = state.apply(state.legal_actions()[0])
    return state


def roll(state, values: dict[str, int] | list[int]):
    """Roll the dice to the given values (a dict by colour name or a list in B R G K Y order)."""
    vals = [values[c] for c in COLOURS] if isinstance(values, dict) else values
    for c, v in enumerate(vals):
        state = state.apply(f"{COLOURS[c]} rolls {v}")
    return state


def start(players: int = 3, seed: int = 1, dice=(2, 2, 2, 2, 2), **options):
    """A position at the first player's first 'take a die' of round 1."""
    return roll(past_setup(new(players, seed, **options)), list(dice))


def edit(state, fn):
    """A copy of `state` changed by fn(copy); checked for conservation afterwards."""
    s = state.clone()  # every field and Camp its own
    fn(s)
    for camp in s.camps:
        camp.fx = None
    s._legal = None
    validate_state(s)
    return s


def _take_card_from_anywhere(s, card: int) -> None:
    for c, deck in enumerate(s.decks):
        if card in deck:
            s.decks[c] = tuple(x for x in deck if x != card)
            return
    if card in s.removed:
        raise ValueError("that card is out of the game at this player count")
    raise ValueError("card is not in a deck")


def give_card(state, seat: int, card_id: str, cubes: str = "", fled: bool = False):
    """Put a card from its deck into a Camp, with cubes (letters) taken from the Reserve."""
    def fn(s):
        card = s.data.card_index(card_id)
        _take_card_from_anywhere(s, card)
        camp = s.camps[seat]
        camp.cards.append(card)
        if fled:
            camp.fled.append(card)
        if cubes:
            camp.cubes[card] = [LETTERS.index(ch) for ch in cubes]
            for ch in cubes:
                s.reserve[LETTERS.index(ch)] -= 1
    return edit(state, fn)


def set_wagon(state, seat: int, slot: int, wagon_id: str, load: str = ""):
    """Swap `wagon_id` into a Camp's slot (its old Wagon goes where the new one was) and load it:
    `load` is one character per space, a cube letter or '.', cubes taken from the Reserve."""
    def fn(s):
        w = s.data.wagon_ids[wagon_id]
        camp = s.camps[seat]
        old = camp.wagons[slot]
        for c in camp.loads[slot]:
            if c >= 0:
                s.reserve[c] += 1
        _swap_wagon(s, w, old)
        camp.wagons[slot] = w
        spaces = s.data.wagons[w].spaces
        text = load or "." * len(spaces)
        assert len(text) == len(spaces), f"{wagon_id} has {len(spaces)} spaces"
        camp.loads[slot] = [-1 if ch == "." else LETTERS.index(ch) for ch in text]
        for x in camp.loads[slot]:
            if x >= 0:
                s.reserve[x] -= 1
    return edit(state, fn)


def _swap_wagon(s, w: int, old: int) -> None:
    if w in s.wagon_deck:
        s.wagon_deck = tuple(old if x == w else x for x in s.wagon_deck)
    elif w in s.display:
        s.display = tuple(old if x == w else x for x in s.display)
    else:
        for camp in s.camps:
            if w in camp.wagons:
                i = camp.wagons.index(w)
                camp.wagons[i] = old
                camp.loads[i] = [-1] * len(s.data.wagons[old].spaces)
                return
        raise ValueError("wagon not found in deck, display or camps")


def set_display(state, slot: int, wagon_id: str):
    def fn(s):
        w = s.data.wagon_ids[wagon_id]
        old = s.display[slot]
        if w in s.wagon_deck:
            s.wagon_deck = tuple(old if x == w else x for x in s.wagon_deck)
        else:
            raise ValueError("put a wagon from the deck on display")
        s.display = s.display[:slot] + (w,) + s.display[slot + 1:]
    return edit(state, fn)


def set_reserve(state, colour: str, n: int, sink_seat: int = 0):
    """Move cubes between the Reserve and a seat's Stash so that the pile holds n cubes."""
    def fn(s):
        c = C[colour]
        delta = s.reserve[c] - n
        if s.camps[sink_seat].stash[c] + delta < 0:
            raise ValueError("not enough cubes in that stash to refill the reserve")
        s.reserve[c] -= delta
        s.camps[sink_seat].stash[c] += delta
    return edit(state, fn)


def top_of_deck(state, colour: str, card_ids: list[str]):
    """Reorder a deck so these cards are on top, in this order."""
    def fn(s):
        c = C[colour]
        want = [s.data.card_index(x) for x in card_ids]
        s.decks[c] = tuple(want) + tuple(x for x in s.decks[c] if x not in want)
    return edit(state, fn)


def play(state, *actions: str):
    for a in actions:
        state = state.apply(a)
    return state


def seq(state, *actions: str):
    """Apply actions, returning every state along the way (the first is `state`)."""
    out = [state]
    for a in actions:
        out.append(out[-1].apply(a))
    return out


def deck_to_camp(state, colour: str, keep: int, seat: int):
    """Leave only `keep` cards in a deck; the others go into a Camp (as if played earlier)."""
    def fn(s):
        c = C[colour]
        moved, s.decks[c] = s.decks[c][keep:], s.decks[c][:keep]
        s.camps[seat].cards.extend(moved)
    return edit(state, fn)


def texts(state) -> list[str]:
    """The legal moves as people read them."""
    return [str(a) for a in state.legal_actions()]
