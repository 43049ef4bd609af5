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
