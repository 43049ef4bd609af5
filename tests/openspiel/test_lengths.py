"""Issue 38: each game's declared most moves (hench/<game>/codec.py `max_moves`, OpenSpiel's max_game_length)
holds in random games and in games of the heuristic bots, at every player count. Standard library only."""

from __future__ import annotations

import importlib

import pytest

import hench
from hench.core.bots import level_bot
from hench.core.chance import CHANCE, sample_outcome
from hench.core.rng import Rng

from .test_codec import COUNTS


def _player_moves(game: hench.Game, players: int, level: str, seed: int) -> int:
    """Moves the seats make in one game (chance outcomes not counted, as OpenSpiel counts a game's length)."""
    state, rng = game.new_game(players=players, seed=seed), Rng.from_seed(seed)
    bots = [level_bot(game, level, seed * 10 + i) for i in range(players)]
    moves = 0
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state = state.apply(sample_outcome(state._chance_outcomes(), rng))
        else:
            state = state.apply(bots[state.current_player].choose(state))
            moves += 1
    return moves


@pytest.mark.parametrize(("game_id", "players"), COUNTS)
def test_random_and_heuristic_games_stay_within_the_declared_length(game_id, players):
    game = hench.get_game(game_id)
    bound = importlib.import_module(f"hench.{game_id}.codec").max_moves(players)
    lengths = [_player_moves(game, players, level, seed) for level in ("easy", "medium") for seed in range(3)]
    assert min(lengths) > 20
    assert max(lengths) <= bound, f"a game took {max(lengths)} moves; the declared most is {bound}"
