"""What a move did, said by the transition as it happens (issue 26's narration contract): every player's move
says something, every line cites catalogue rules and valid seats, and a hidden card is named only in lines
addressed to a seat that may know it."""

from __future__ import annotations

import json
import re

import pytest

from hench.core import CHANCE, RandomBot, Rng, next_action, seat_name

from .helpers import GAME, act, lines, new

RULES = {rule.id for rule in GAME.rules}


def _seen(obs: dict) -> str:
    """Everything an observation shows but the moves open to the seat, as text."""
    return json.dumps({k: v for k, v in obs.items() if k != "legal_actions"})


def _names(line: str, names: list[str]) -> list[str]:
    return [name for name in names if re.search(rf"\b{re.escape(name)}\b", line)]


@pytest.mark.rule("HM-089")
@pytest.mark.parametrize("players, seed", [(2, 3), (3, 4), (5, 5)])
def test_lines_name_only_cards_their_reader_may_know(players, seed):
    """Each seat reads the public lines and its own: every card they name is one that seat sees before or
    after the move (its hand, the Reserves, Trumps, discards, the duel), or the move itself names it."""
    state, rng, bots = new(players=players, seed=seed), Rng.from_seed(seed), [RandomBot(seed)] * players
    names = [card.name for card in state.data.cards]
    private = 0
    while not state.is_terminal:
        action = next_action(state, bots, rng)
        after = state.apply(action)
        for seat in range(players):
            known = _seen(state.observation(seat)) + _seen(after.observation(seat)) + \
                GAME.public_action(state, action, seat)
            for line in after.narration(seat):
                leaked = [name for name in _names(line.text, names) if name not in known]
                assert not leaked, f"{line.text!r} tells Player {seat + 1} of {leaked} after {action}"
        private += sum(1 for seat in range(players) for line in after.narration(seat) if line.to is not None)
        state = after
    assert private, "the game told no seat a card of its own"


@pytest.mark.rule("HM-016", "HM-089")
def test_a_drawn_card_is_named_to_its_drawer_alone():
    s = new(players=3, seed=1)
    seat = s.current_player
    after = act(s, "place Tavern")
    name = after.name(after.hands[seat][-1])
    assert f"{seat_name(seat)} draws the {name}" in lines(after, seat)
    for other in (None, *(x for x in range(3) if x != seat)):
        assert not any(name in line for line in lines(after, other))
        assert f"{seat_name(seat)} places a pawn on the Tavern and draws a card" in lines(after, other)


@pytest.mark.rule("HM-016", "HM-025", "HM-057")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_players_move_says_what_it_did_citing_its_rules(players):
    state, rng, bots = new(players=players, seed=players), Rng.from_seed(players), [RandomBot(players)] * players
    while not state.is_terminal:
        action = next_action(state, bots, rng)
        after = state.apply(action)
        said = after.narration(None)
        if state.current_player != CHANCE:
            assert said, f"{action} said nothing"
        for line in {line for seat in (None, *range(players)) for line in after.narration(seat)}:
            assert line.rules and set(line.rules) <= RULES, f"{line.text!r} cites {line.rules}"
            assert all(0 <= seat < players for seat in (*line.seats, *(line.to or ())))
        state = after
    assert state.narration(None), "the last move says who won"
