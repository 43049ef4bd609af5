"""What the apps read of a position comes from the observation (issue 26: no view opens the engine's state):
`render.minions_at`, `locations_played` and `items_used` agree with the state, move by move, in random games."""

from __future__ import annotations

import pytest

from hench.core import RandomBot, Rng, next_action
from hench.hemloch.data import ITEMS
from hench.hemloch.render import items_used, locations_played, minions_at

from .helpers import GAME


@pytest.mark.rule("HL-031", "HL-051", "HL-076")
@pytest.mark.parametrize("seed", [3, 8])
def test_the_observation_readers_agree_with_the_state(seed):
    state, rng, bots = GAME.new_game(seed=seed), Rng.from_seed(seed), [RandomBot(seed), RandomBot(seed + 1)]
    played = used = 0
    while not state.is_terminal:
        nxt = state.apply(next_action(state, bots, rng))
        before, after = state.observation(None), nxt.observation(None)
        for seat in (0, 1):
            assert minions_at(after, seat) == [len(nxt.board[loc][seat]) for loc in range(len(nxt.board))]
            grew = [nxt.data.locations[loc].name for loc in range(len(nxt.board))
                    if len(nxt.board[loc][seat]) > len(state.board[loc][seat])]
            assert locations_played(before, after, seat) == grew
            turned = [ITEMS[k] for k in range(len(ITEMS)) if nxt.items[seat][k][1] > state.items[seat][k][1]]
            assert items_used(before, after, seat) == turned
            played, used = played + bool(grew), used + bool(turned)
        state = nxt
    assert played and used, "the game should play Minions and use an Item"
