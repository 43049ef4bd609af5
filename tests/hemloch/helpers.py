"""Arranging Hemloch positions for tests: cards move between piles (never appear from nowhere), and every
arranged state passes validate_state, so tests see positions a real game could reach."""

from __future__ import annotations

import hench
from hench.hemloch.actions import Reveal
from hench.hemloch.data import ITEMS
from hench.hemloch.state import HemlochState, validate_state

GAME = hench.get_game("hemloch")
COURTYARD, BONEYARD, ALLEY, LOC4 = "Courtyard", "The Boneyard", "Alley Maze", "Location 4"


def new(seed: int = 1, **options) -> HemlochState:
    """A new game with Player 1 as the first Start Player, before the first Week card."""
    options.setdefault("first_player", 0)
    return GAME.new_game(seed=seed, **options)


def loc(s: HemlochState, name: str) -> int:
    return s.data.location_index(name)


def card(s: HemlochState, name: str) -> int:
    return s.data.minion_index(name)


def edit(s: HemlochState) -> HemlochState:
    out = s.clone()
    out._legal = None
    return out


def _take(s: HemlochState, seat: int, c: int) -> None:
    """Remove one copy of card c from the seat's deck, else discards, else hand."""
    for pile in (s.decks[seat], s.discards[seat], s.hands[seat]):
        if c in pile:
            pile.remove(c)
            return
    raise AssertionError(f"Player {seat + 1} has no spare {s.data.minions[c].name}")


def arrange(s: HemlochState, hands=None, board=None, items=None, markers=None, deck_top=None) -> HemlochState:
    """A copy of `s` with: hands {seat: [names]} (the old hand goes back to the deck), board
    {(loc name, seat): [names]}, items {seat: {kind: (up, down)}} from the supply, markers
    {loc name: {(row, col): seat}}, deck_top {seat: [names]} (drawn first, in that order)."""
    s = edit(s)
    for seat, names in (hands or {}).items():
        s.decks[seat].extend(s.hands[seat])
        s.hands[seat] = []
        for name in names:
            _take(s, seat, card(s, name))
            s.hands[seat].append(card(s, name))
    for (where, seat), names in (board or {}).items():
        for name in names:
            _take(s, seat, card(s, name))
            s.board[loc(s, where)][seat].append(card(s, name))
    for seat, kinds in (items or {}).items():
        for kind, (up, down) in kinds.items():
            k = ITEMS.index(kind)
            s.supply[k] += sum(s.items[seat][k]) - up - down
            s.items[seat][k] = [up, down]
    for where, cells in (markers or {}).items():
        i = loc(s, where)
        for (r, c), seat in cells.items():
            s.spaces[i][s.data.locations[i].spaces.index((r, c))] = seat
    for seat, names in (deck_top or {}).items():
        for name in reversed(names):
            _take(s, seat, card(s, name))
            s.decks[seat].append(card(s, name))
    validate_state(s)
    return s


def reveal(s: HemlochState, where: str, day: bool = False) -> HemlochState:
    return s.apply(Reveal(where, day))


def names(s: HemlochState, cards) -> list[str]:
    return sorted(s.data.minions[c].name for c in cards)


def play_turn_drawing(s: HemlochState) -> HemlochState:
    """The current player spends every Action on Draw."""
    seat = s.current_player
    while s.current_player == seat and s.phase == "turn_actions":
        s = s.apply("draw")
    return s
