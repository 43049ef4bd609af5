"""Random playouts under every option (the conformance suite runs only the defaults): the checks agree
with the legal moves, saves round-trip, the other player's view ignores hidden cards, invariants hold."""

from __future__ import annotations

import pytest

import hench
from hench.core import CHANCE, RandomBot, Rng, next_action
from hench.hemloch.state import validate_state

from .helpers import GAME

OPTION_SETS = [{"draft": True}, {"sides": "dark"}, {"sides": "LDDL", "zero_tie_places": True},
               {"end_after_weeks_end": False, "score_scepters": False}]


def playout(options, seed):
    s = GAME.new_game(seed=seed, **options)
    rng, bot = Rng.from_seed(seed), RandomBot(seed)
    states = []
    while not s.is_terminal:
        states.append(s)
        s = s.apply(next_action(s, [bot, bot], rng))
        assert len(states) < 5000
    return states, s


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_random_games_under_each_option(options):
    for seed in (1, 2):
        states, final = playout(options, seed)
        assert final.ended and final.winners()
        seen = list(dict.fromkeys(a for s in states for a in s.legal_actions()))
        for i, s in enumerate(states[:: max(1, len(states) // 40)]):
            validate_state(s)
            assert hench.state_from_json(s.to_json()).to_json() == s.to_json()
            legal = s.legal_actions()
            for a in legal:
                assert GAME.checks.first_violation(s, a) is None, (s, a)
                assert GAME.parse_action(s, str(a)) == a
            for a in [a for a in seen if a not in set(legal)][:30]:
                assert GAME.checks.first_violation(s, a) is not None, (s, a)
            if s.current_player != CHANCE:
                for seat in (0, 1):
                    other = s.resample_hidden(seat, seed=i)
                    assert other.observation(1 - seat) == s.observation(1 - seat)
