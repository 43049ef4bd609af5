"""The Hemloch bots' quick score (the coach's playouts call it for every move) equals the rules' scoring."""

from __future__ import annotations

import pytest

from hench.core import Rng, next_action
from hench.hemloch.bots import HeuristicBot, quick_scores
from hench.hemloch.game import GAME
from hench.hemloch.scoring import scores


@pytest.mark.rule("HL-083", "HL-084", "HL-082")
def test_quick_scores_equal_the_scoring_all_game_long():
    for seed in range(3):
        state, rng, bots = GAME.new_game(seed=seed), Rng.from_seed(seed), [HeuristicBot(seed), HeuristicBot(seed + 1)]
        checked = 0
        while not state.is_terminal:
            assert quick_scores(state) == scores(state)
            checked += any(scores(state))
            state = state.apply(next_action(state, bots, rng))
        assert quick_scores(state) == scores(state) and checked


@pytest.mark.rule("HL-089", "HL-090")
def test_the_draft_reaches_the_coach_only_as_the_seat_sees_it():
    """In the Draft, two states that differ in the other player's kept cards (swapped with the pool) give the
    coach the same determinization; the seat's own pack and kept cards stay as they are."""
    from hench.core.coach import determinize

    state, rng, bots = GAME.new_game(seed=3, draft=True), Rng.from_seed(3), [HeuristicBot(1), HeuristicBot(2)]
    checked = 0
    while not state.is_terminal and state.draft_round < 5 and checked < 5:
        seat = state.current_player
        if seat is not None and seat >= 0 and state.kept[1 - seat] and state.pool:
            twin = state.clone()
            twin.kept[1 - seat][0], twin.pool[0] = twin.pool[0], twin.kept[1 - seat][0]
            assert twin.observation(seat) == state.observation(seat)
            a, b = determinize(state, seat, 4), determinize(twin, seat, 4)
            assert a.to_dict() == b.to_dict()
            assert a.packs[seat] == state.packs[seat] and a.kept[seat] == state.kept[seat]
            checked += 1
        state = state.apply(next_action(state, bots, rng))
    assert checked, "no Draft position where the other had kept a card"
