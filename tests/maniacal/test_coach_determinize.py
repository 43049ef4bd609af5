"""The coach's Maniacal determinization hides the other seats' locked draft picks (MA-041)."""

from __future__ import annotations

import pytest

import hench
from hench.core import Rng, next_action
from hench.core.coach import determinize
from hench.maniacal.bots import HeuristicBot


@pytest.mark.rule("MA-041")
def test_a_locked_pick_of_another_seat_does_not_reach_the_coach():
    game = hench.get_game("maniacal")
    state, rng, bots = game.new_game(players=3, seed=4), Rng.from_seed(4), [HeuristicBot(i) for i in range(3)]
    checked = 0
    while not state.is_terminal and state.round == 1 and checked < 4:
        seat = state.current_player
        locked = [p for p, lair in enumerate(state.lairs) if p != seat and lair.pick is not None] if seat is not None and seat >= 0 else []
        if state.step == "draft" and locked:
            twin = state.clone()
            lair = twin.lairs[locked[0]]
            other = next(c for c in lair.hand if c != lair.pick[0])
            lair.pick = [other, "sell"]
            assert twin.observation(seat) == state.observation(seat)
            assert determinize(twin, seat, 5).to_dict() == determinize(state, seat, 5).to_dict()
            checked += 1
        state = state.apply(next_action(state, bots, rng))
    assert checked, "no draft position with another seat's locked pick"
