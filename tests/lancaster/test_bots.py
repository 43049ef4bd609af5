"""Bots: seeded, legal, finishing games; the heuristic bot beats random play on average."""

from __future__ import annotations

import pytest

from hench.core import Rng, play_game
from hench.lancaster import GAME
from hench.lancaster.bots import HeuristicBot, RandomBot, law_interest, make_bot

from .helpers import new


@pytest.mark.parametrize("modules", ["none", "KC+KR+LK"])
def test_heuristic_bots_finish_and_are_seeded(modules):
    def run(seed):
        state = GAME.new_game(players=4, seed=seed, modules=modules)
        final, n = play_game(state, [HeuristicBot(i) for i in range(4)], Rng.from_seed(seed))
        return final.to_json(), n
    a, b = run(3), run(3)
    assert a == b and a[1] > 20


def test_heuristic_beats_random_on_average():
    wins, margin = 0, 0.0
    for seed in range(12):
        state = GAME.new_game(players=3, seed=seed)
        bots = [HeuristicBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]
        final, _ = play_game(state, bots, Rng.from_seed(seed))
        s = final.scores()
        wins += s[0] > max(s[1:])
        margin += s[0] - sum(s[1:]) / 2
    assert wins >= 6 and margin / 12 > 5  # random play would win about 4 of 12 with no margin


@pytest.mark.rule("LH-109")
def test_votes_its_interest():
    s = new(3, "KC+KR+LK")
    s.res[0]["dishonor"] = 3  # LK-3 pays the fewest-dishonor players
    assert law_interest(s, 1, "LK-3") == 0  # seat 1 cannot see seat 0's markers: assumes they equal its own
    assert law_interest(s, 0, "LK-3") == 0
    s.pending = []
    s.res[1]["dishonor"] = 0
    for i in (0, 1):
        s.counties[i] = {"owner": 1, "knight": i, "squires": 0, "shield": False, "tudor": False}
        s.knights[1][i][1] = f"county:{i}"
    assert law_interest(s, 1, "BL-03") > 0 > law_interest(s, 0, "BL-03")  # 3 PP for every 2 counties held


def test_make_bot():
    assert isinstance(make_bot("heuristic"), HeuristicBot)
    with pytest.raises(ValueError):
        make_bot("genius")
