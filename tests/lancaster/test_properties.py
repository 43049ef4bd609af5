"""The conformance properties for every module combination at 2 (the ally model), 3 and 5 players (the
core suite runs only the default options, at 2 and 5 players): invariants on every state, exact save round trips, checks agreeing with
legal moves, moves printing and parsing back, hidden information."""

from __future__ import annotations

import json

import pytest

from hench.core import IllegalActionError, RandomBot, Rng, next_action
from hench.lancaster import GAME
from hench.lancaster.validate import validate_state

COMBOS = ["none", "KC", "KR", "KC+KR", "KC+KR+LK"]


def walk(modules, players, seed):
    state = GAME.new_game(players=players, seed=seed, modules=modules)
    rng, bot = Rng.from_seed(seed), RandomBot(seed)
    out = []
    while not state.is_terminal:
        action = next_action(state, [bot] * players, rng)
        nxt = state.apply(action)
        out.append((state, action, nxt))
        state = nxt
    return out


@pytest.mark.rule("LH-002")
@pytest.mark.parametrize("modules", COMBOS)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_conformance_for_each_combination(modules, players):
    steps = walk(modules, players, seed=players)
    seen = list(dict.fromkeys(a for _, a, _ in steps))
    final = steps[-1][2]
    validate_state(final)
    assert GAME.load_state(json.loads(final.to_json())["state"]).to_json() == final.to_json()
    for i, (state, _, _) in enumerate(steps[:: max(1, len(steps) // 40)]):
        validate_state(state)
        before = state.to_json()
        assert GAME.load_state(json.loads(before)["state"]).to_json() == before
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        for a in legal:
            assert GAME.checks.first_violation(state, a) is None
            assert GAME.parse_action(state, f" {str(a).upper()} ") == a
        for a in [x for x in seen if x not in set(legal)][:25]:
            with pytest.raises(IllegalActionError):
                state.apply(a)
        assert state.to_json() == before
        for seat in range(players):
            other = state.resample_hidden(seat, seed=i)
            for viewer in [None, *range(players)]:
                if viewer != seat:
                    assert other.observation(viewer) == state.observation(viewer)
