"""Nothing a seat may not know reaches its screen (issue 9): the board a seat sees, every tooltip in it
and the tour's log are the same for two positions that differ only in what another seat keeps hidden."""

from __future__ import annotations

import pytest

import hench
from hench.core import CHANCE, Rng, next_action
from widgets import henchmania as hm
from widgets import huns as hu

CONFIGS = {"henchmania": hm.CONFIG, "huns": hu.CONFIG}


def positions(game_id: str, players: int, seed: int, every: int = 7, limit: int = 400):
    game, config = hench.get_game(game_id), CONFIGS[game_id]
    state, rng = game.new_game(players, seed=seed), Rng.from_seed(seed)
    bots = [config.bot(seed + i) for i in range(players)]
    for k in range(limit):
        if state.is_terminal:
            return
        if k % every == 0 and state.current_player != CHANCE:
            yield state
        state = state.apply(next_action(state, bots, rng))


@pytest.mark.parametrize("game_id", sorted(CONFIGS))
@pytest.mark.parametrize("players", [2, 3])
def test_a_seats_board_does_not_change_with_others_hidden_cards(game_id, players):
    config, checked, differed = CONFIGS[game_id], 0, 0
    for state in positions(game_id, players, seed=players * 11):
        for viewer in range(players):
            for other in range(players):
                if other == viewer:
                    continue
                twin = state.resample_hidden(other, seed=checked + 1)
                differed += twin.to_json() != state.to_json()
                for clickable in (False, True):
                    assert config.draw(twin, viewer, clickable) == config.draw(state, viewer, clickable), \
                        f"{game_id}: Player {viewer + 1}'s board shows something Player {other + 1} hides"
                checked += 1
    assert checked > 20 and differed > 0, "the test must compare positions that really differ in hidden cards"
