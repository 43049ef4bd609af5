"""A loaded position shows the same as before saving (issue 36): for every game, player count and seat, the
observation of `state_from_json(state.to_json())` equals the original's, on positions of random games.

The observation is of the position alone (what the last move did, `state.narration(seat)`, belongs to the move and
is not saved), so a table reloaded from a save, or an adapter that rebuilds states from saves, shows every seat
exactly what it saw before."""

from __future__ import annotations

import pytest

import hench
from hench.core import RandomBot, Rng, next_action

SEEDS = (11, 12)
PER_GAME = 25  # positions sampled from each game


def positions(game_id: str, players: int, seed: int) -> list:
    """About PER_GAME positions of one random game, spread over it from the set-up to the end."""
    state = hench.get_game(game_id).new_game(players=players, seed=seed)
    rng, bots = Rng.from_seed(seed), [RandomBot(seed)] * players
    states = [state]
    while not state.is_terminal:
        state = state.apply(next_action(state, bots, rng))
        states.append(state)
    step = max(1, len(states) // PER_GAME)
    return [*states[::step], states[-1]]


CASES = [(g, n) for g in hench.GAMES
         for n in range(hench.get_game(g).min_players, hench.get_game(g).max_players + 1)]


@pytest.mark.rule("HM-089", "HU-081", "HL-010", "MA-162", "LB-008")
@pytest.mark.parametrize("game_id,players", CASES)
def test_an_observation_after_save_and_load_equals_the_original(game_id, players):
    compared = 0
    for seed in SEEDS:
        for state in positions(game_id, players, seed):
            loaded = hench.state_from_json(state.to_json())
            for seat in (None, *range(players)):
                assert loaded.observation(seat) == state.observation(seat), (
                    f"{game_id}, {players} players, seed {seed}: seat {seat} sees {state!r} differently after a reload")
                compared += 1
    assert compared > 2 * players * PER_GAME  # the positions were there to compare
