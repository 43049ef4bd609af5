"""Random play of 2,000 whole games per player count of Henchmania and Huns (issue 8), and 300 of each
game still being built, raises nothing.

Each game is played to the end by uniformly random moves and dice from its own seed; every final state
must be over, name valid winners, and save and load back to the same position. The games are many but
cheap (a few milliseconds each); the slowest case is printed by pytest --durations.
"""

from __future__ import annotations

import pytest

import hench
from hench.core import random_playout, state_from_json

GAMES_PER_COUNT = 2000  # issue 8's figure, for the two finished games and the template
NEW_GAME_COUNT = 300  # the games still being built: slower playouts (Lancaster ~56 ms a game), fewer games
CASES = [(g, n) for g in hench.GAMES for n in range(hench.get_game(g).min_players, hench.get_game(g).max_players + 1)]


@pytest.mark.slow
@pytest.mark.parametrize("game_id,players", CASES)
def test_random_games_raise_nothing(game_id, players):
    game = hench.get_game(game_id)
    lengths = []
    count = GAMES_PER_COUNT if game_id in ("henchmania", "huns", "tinypig") else NEW_GAME_COUNT
    for seed in range(count):
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
