"""Scenario helpers: a fresh game past its setup choices, then the "Given" part set directly on the state's fields."""

from __future__ import annotations

import pytest

from hench.core import IllegalActionError
from hench.lancaster import GAME
from hench.lancaster.state import LancasterState
from hench.lancaster.transitions import resolve_conflict, run_step


def new(players: int = 3, modules: str = "KC+KR", seed: int = 1, **options) -> LancasterState:
    """A new game with seat 0 to start, every player's first extension chosen (the first tile not yet taken)."""
    s = GAME.new_game(players=players, seed=seed, modules=modules, first_player=0, **options)
    while s.phase == "extension":
        s = s.apply(next(a for a in s.legal_actions()))
    return s.clone()


def at_turn(s: LancasterState, seat: int) -> LancasterState:
    s = s.clone()
    s.turn = seat
    return s


def refused(s: LancasterState, move, rule: str) -> IllegalActionError:
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        s.apply(move)
    assert err.value.rule_id == rule, str(err.value)
    assert s.to_json() == before
    return err.value


def res(s: LancasterState, seat: int) -> dict:
    return s.res[seat]


def give_knights(s: LancasterState, colour: int, strengths: list[int]) -> None:
    """Exactly these knights at court; every other knight of the colour (not placed on the board) in the reserve."""
    for k in s.knights[colour]:
        if k[1] == "court":
            k[1] = "reserve"
    for strength in strengths:
        next(k for k in s.knights[colour] if k[0] == strength and k[1] == "reserve")[1] = "court"


def put(s: LancasterState, colour: int, strength: int, where: str) -> int:
    """Move a knight of this strength (from court, else the reserve) to `where` (the board is not updated); its index."""
    ks = s.knights[colour]
    j = next((i for i, k in enumerate(ks) if k[0] == strength and k[1] == "court"), None)
    if j is None:
        j = next(i for i, k in enumerate(ks) if k[0] == strength and k[1] == "reserve")
    ks[j][1] = where
    return j


def at(s: LancasterState, colour: int, strength: int, where: str) -> bool:
    return [strength, where] in s.knights[colour]


def step(s: LancasterState, *tokens: str) -> LancasterState:
    """A copy of the position after the engine ran these automatic steps ('county:4', 'castles', 'offices'...)."""
    s = s.clone()
    for token in tokens:
        before = len(s.agenda)
        run_step(s, token)
        for _ in range(len(s.agenda) - before):  # the castles or conflicts the step lined up
            run_step(s, s.agenda.pop(0))
    return s


def fight(s: LancasterState) -> LancasterState:
    """A copy after every conflict in play was resolved (lower row first)."""
    s = s.clone()
    for row in (True, False):
        for c in [c for c in s.conflicts if c["lower"] == row]:
            resolve_conflict(s, c["card"])
    return s


def with_conflict(s: LancasterState, index: int = 0) -> tuple[dict, str]:
    c = s.conflicts[index]
    return c, f"C{c['card'] + 1}"


def join(s: LancasterState, card: str, colour: int, strengths: list[int], space: int | None = None) -> None:
    """Given: a colour's knights of these strengths stand together on a space of a conflict (the next empty one)."""
    c = s.active_conflict(card)
    j = space if space is not None else next(i for i, sp in enumerate(c["spaces"]) if sp is None)
    c["spaces"][j] = {"owner": colour, "knights": [put(s, colour, k, f"conflict:{card}") for k in strengths],
                      "archer": False, "tudor": 0}


def hard_conflict(s: LancasterState, french: int, index: int = 0) -> tuple[dict, str]:
    """Given: the conflict in play at `index` is the card with this French strength (swapped with the deck)."""
    c = s.conflicts[index]
    want = next(i for i, card in enumerate(s.data.cards) if card.french == french)
    if want != c["card"]:
        for pile in (s.conflict_deck, s.discarded):
            if want in pile:
                pile[pile.index(want)] = c["card"]
        for other in s.conflicts:
            if other["card"] == want:
                other["card"] = c["card"]
        c["card"] = want
    return c, f"C{want + 1}"
