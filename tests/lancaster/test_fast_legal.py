"""The direct move generator equals the reference (every candidate filtered through every check), on many
positions of random games with every module combination and 2 to 5 players."""

from __future__ import annotations

import random

import pytest

from hench.lancaster import GAME
from hench.lancaster.game import MODULE_CHOICES
from hench.lancaster.legality import legal_actions, legal_by_checks


@pytest.mark.parametrize("modules", MODULE_CHOICES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fast_legal_actions_equal_the_checked_candidates(modules, players):
    rng, positions, kinds = random.Random(players * 7 + len(modules)), 0, set()
    for seed in range(4):
        state = GAME.new_game(players=players, seed=seed, modules=modules)
        while not state.is_terminal:
            fast, ref = legal_actions(state), legal_by_checks(state)
            assert fast == ref, f"seed {seed}, {state.phase}: {set(map(str, fast)) ^ set(map(str, ref))}"
            positions += 1
            kinds.add(state.phase)
            kinds.update(w for a in fast for w in ("+archer", "+shield", "+tudor", "lord to", "to tower", "ally ") if w in str(a))
            state = state.apply(fast[rng.randrange(len(fast))])
    assert positions > 300 and {"place", "vote", "upgrade", "favor", "county"} <= kinds
    if "KC" in modules:  # the privileges and the offices were really generated and compared
        assert {"+archer", "+shield", "+tudor", "lord to"} <= kinds
    if "KR" in modules:
        assert "to tower" in kinds
    if players == 2:
        assert "ally " in kinds
