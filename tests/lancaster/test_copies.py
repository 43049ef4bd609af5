"""The fast copy of every container field (state.COPIES: transitions.own_all gives a successor these before a
step that runs phases by itself) is an exact deep copy: equal to the original and sharing no list or dict with
it, on positions of every kind."""

from __future__ import annotations

import pytest

from hench.core import RandomBot, Rng, next_action
from hench.lancaster import GAME
from hench.lancaster.state import COPIES, copy_fields


def containers(value, out: list) -> list:
    if isinstance(value, (list, dict)):
        out.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            containers(item, out)
    return out


@pytest.mark.parametrize("players, options", [(2, {}), (3, {"modules": "KC+KR"}), (5, {}), (4, {"modules": "none"}),
                                              (2, {"modules": "KC+KR+LK"})])
def test_copy_fields_is_an_exact_deep_copy(players, options):
    phases = set()
    for seed in range(3):
        state, rng, bot = GAME.new_game(players=players, seed=seed, **options), Rng.from_seed(seed), RandomBot(seed)
        while not state.is_terminal:
            d = {key: getattr(state, key) for key in COPIES}
            copy = copy_fields(d)
            assert copy == d and list(copy) == list(d)
            assert not {id(x) for x in containers(d, [])} & {id(x) for x in containers(copy, [])}
            phases.add(state.phase)
            state = state.apply(next_action(state, [bot] * players, rng))
        d = {key: getattr(state, key) for key in COPIES}
        final = copy_fields(d)
        assert final == d and final["final"] is not state.final and final["final"][0] is not state.final[0]
    assert {"place", "upgrade"} <= phases
