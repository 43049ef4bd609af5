"""What the apps read of a Camp comes from the observation (issue 26: no view opens the engine's state):
`render.cubes_held` and `render.cubes_on_card` agree with the Camp itself, in every position of random games."""

from __future__ import annotations

import pytest

from hench.core import RandomBot, Rng, next_action
from hench.huns.data import COLOURS
from hench.huns.render import cubes_held, cubes_on_card

from .helpers import GAME, give_card, start


@pytest.mark.rule("HU-055", "HU-063")
def test_cubes_held_counts_wagons_stash_and_cards():
    s = start(3)
    before = cubes_held(s.observation(None), 0)
    s = give_card(s, 0, "ME-02", cubes="RG")  # a Mercenary with 4 spaces, two of them filled
    obs = s.observation(1)  # another seat sees it too: cubes in a Camp are public
    assert cubes_held(obs, 0) == before + 2
    assert cubes_on_card(obs, 0, "ME-02") == ["red", "green"]
    assert cubes_on_card(obs, 1, "ME-02") == [] and cubes_on_card(obs, 0, "no such card") == []


@pytest.mark.parametrize("players", [2, 4])
def test_the_observation_readers_agree_with_the_camps(players):
    state, rng, bots = GAME.new_game(players=players, seed=5), Rng.from_seed(5), [RandomBot(5 + i) for i in range(players)]
    seen = 0
    while not state.is_terminal:
        obs = state.observation(None)
        for seat, camp in enumerate(state.camps):
            assert cubes_held(obs, seat) == sum(camp.cube_counts())
            for card, cubes in camp.cubes.items():
                if card not in camp.fled:
                    assert cubes_on_card(obs, seat, state.data.cards[card].id) == [COLOURS[c] for c in cubes]
                    seen += bool(cubes)
        state = state.apply(next_action(state, bots, rng))
    assert seen, "the game should put cubes on some card"
