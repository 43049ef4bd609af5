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
    wins = 0
    for seed in range(6):
        state = GAME.new_game(players=3, seed=seed)
        bots = [HeuristicBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]
        final, _ = play_game(state, bots, Rng.from_seed(seed))
        wins += final.scores()[0] > max(final.scores()[1:])
    assert wins >= 4


@pytest.mark.rule("LH-109")
def test_votes_its_interest():
    s = new(3, "KC+KR+LK", parliament=True)
    s.d["res"][0]["dishonor"] = 3  # LK-3 pays the others, not seat 0
    assert law_interest(s, 0, "LK-3") < 0 < law_interest(s, 1, "LK-3")


def test_make_bot():
    assert isinstance(make_bot("heuristic"), HeuristicBot)
    with pytest.raises(ValueError):
        make_bot("genius")
