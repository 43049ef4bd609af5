"""Random play of 2,000 whole games per player count of every playable game raises nothing (issue 8).

Each game is played to the end by uniformly random moves and dice from its own seed; every final state
must be over, name valid winners, and save and load back to the same position. The games are many but
cheap (a few milliseconds each); the slowest case is printed by pytest --durations.
"""

from __future__ import annotations

import pytest

import hench
from hench.core import random_playout, state_from_json

GAMES_PER_COUNT = 2000
CASES = [(g, n) for g in hench.GAMES for n in range(hench.get_game(g).min_players, hench.get_game(g).max_players + 1)]


@pytest.mark.slow
@pytest.mark.parametrize("game_id,players", CASES)
def test_random_games_raise_nothing(game_id, players):
    game = hench.get_game(game_id)
    lengths = []
    for seed in range(GAMES_PER_COUNT):
        final, steps = random_playout(game.new_game(players, seed=seed), seed=seed)
        assert final.is_terminal, (game_id, players, seed)
        winners = final.winners()
        assert winners and set(winners) <= set(range(players)), (game_id, players, seed, winners)
        assert len(final.scores()) == players
        lengths.append(steps)
        if seed % 500 == 0:  # saving is slower than playing: every 500th final position
            again = state_from_json(final.to_json())
            assert again.to_json() == final.to_json() and again.is_terminal
    assert min(lengths) > 0
