"""Seeded random Huns games play exactly as they did before the playout speed-ups (issue 7).

Each row was recorded from the engine before any optimisation (commit 71f7899): players, game seed, the
number of actions, the final scores, and a digest of every legal-action list met on the way (as text, in
order), every action taken and the final saved state. Any change in legal actions, their order, the dice,
the shuffles or the results changes a row. A second test checks that applying an action never touches the
state it was applied to (the successor may share untouched parts with it).
"""

from __future__ import annotations

import pytest

from hench.huns import GAME

from ..playout_record import record, states_changed_later

RECORDED = [  # (players, seed, actions, scores, digest)
    (2, 1000, 365, [14, 21], "2d578a176aeeffbe"),
    (3, 1001, 502, [13, 18, 30], "4555e53cb71572a2"),
    (4, 1002, 453, [11, 24, 7, 14], "1ded5f5fb9ad1099"),  # issue 28 (Huns 1): the catch-up Valuable stays in the Stash; was 453, [11, 24, 7, 14], c4afb50434f9370e
    (2, 1003, 328, [20, 28], "b24c1fe28346f752"),
    (3, 1004, 370, [-4, 9, 14], "7ef054ab8fcd31e8"),
    (4, 1005, 340, [-2, -6, 2, 3], "8d88967caf4cf2da"),
    (2, 1006, 338, [25, 13], "14c833a08cc6e3f0"),
    (3, 1007, 397, [3, 7, 11], "02263eab1a2e7722"),
    (4, 1008, 436, [13, 11, 29, 28], "9191cf9fdbddee88"),  # issue 28 (Huns 1): the catch-up Valuable stays in the Stash; was 436, [13, 11, 29, 28], 825e3777a2dc5d56
    (2, 1009, 418, [22, 27], "c7c5abe62c0c0096"),
    (3, 1010, 509, [6, 12, 28], "29f0c0809b3d8f0c"),
    (4, 1011, 533, [12, 12, 39, 27], "e9616d42769d9567"),  # issue 28 (Huns 1): the catch-up Valuable stays in the Stash; was 533, [12, 12, 39, 27], e0231a833d8708fd
    (2, 1012, 365, [19, 15], "ede8c106367e6950"),
    (3, 1013, 396, [16, 9, 20], "603d98905a54c8d9"),
    (4, 1014, 428, [6, 21, 14, 0], "0a84531bd48b69dc"),
    (2, 1015, 338, [23, 23], "174866474dde5f10"),
]


@pytest.mark.parametrize("players, seed, actions, scores, digest", RECORDED)
def test_seeded_random_game_is_unchanged(players, seed, actions, scores, digest):
    assert record(GAME, players, seed) == (actions, scores, digest)


@pytest.mark.parametrize("players, seed", [(GAME.min_players, 7), (GAME.max_players, 8), (GAME.max_players, 11)])
def test_apply_leaves_every_earlier_state_untouched(players, seed):
    changed = states_changed_later(GAME, players, seed)
    assert changed == [], f"later moves changed the states after steps {changed[:5]}"
