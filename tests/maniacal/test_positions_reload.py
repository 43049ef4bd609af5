"""Issue 42: positions random play reaches that the save check used to refuse now reload."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import hench
from hench.core import RandomBot, Rng, next_action


def _first(found: Callable, seed: int, players: int, bots: list) -> object:
    """The first position of a random game (`bots` for the seats, the dice from `seed`) where `found` holds."""
    state = hench.get_game("maniacal").new_game(players=players, seed=seed)
    rng = Rng.from_seed(seed)
    while not state.is_terminal:
        if found(state):
            return state
        state = state.apply(next_action(state, bots, rng))
    pytest.fail("the game no longer comes to the position (the engine's play changed): pick another seed")


def _reloads(state) -> None:
    text = state.to_json()
    loaded = hench.state_from_json(text)
    assert loaded.to_json() == text and loaded.legal_actions()


@pytest.mark.rule("MA-177", "MA-172")
def test_the_moment_after_a_contract_reloads_once_a_scheme_gave_weeks_back():
    """The contract used the last weeks; a Scheme's "gain two weeks" played in the moment after it put weeks back."""
    def after_with_weeks(s) -> bool:
        return s.step == "after_contract" and bool(s.lairs[s.attempt["seat"]].weeks)

    _reloads(_first(after_with_weeks, seed=38, players=4, bots=[RandomBot(38)] * 4))


@pytest.mark.rule("MA-177", "MA-172")
def test_a_cancel_window_reloads_after_its_holder_played_their_last_scheme():
    def window_without_scheme(s) -> bool:
        a = s.attempt
        return (s.step == "effect" and a["effects"][0] == ["cancel_window"] and not s.lairs[a["seat"]].schemes)

    _reloads(_first(window_without_scheme, seed=30, players=3, bots=[RandomBot(i) for i in range(3)]))
