"""Seeded random Henchmania games play exactly as they did before the playout speed-ups (issue 7).

Each row was recorded from the engine before any optimisation (commit 71f7899): players, game seed, the
number of actions, the final scores, and a digest of every legal-action list met on the way (as text, in
order), every action taken and the final saved state. Any change in legal actions, their order, the dice,
the shuffles or the results changes a row. A second test checks that applying an action never touches the
state it was applied to (the successor may share untouched parts with it).
"""

from __future__ import annotations

import pytest

from hench.henchmania import GAME

from ..playout_record import record, states_changed_later

RECORDED = [  # (players, seed, actions, scores, digest)
    (2, 1000, 123, [16, 22], "751a701bd45df96e"),
    (3, 1001, 204, [17, 19, 25], "97769a522de67e27"),
    (4, 1002, 257, [25, 13, 30, 20], "416948906b020ec5"),
    (5, 1003, 330, [16, 30, 32, 12, 30], "f1c10a738de0fa91"),
    (2, 1004, 148, [22, 23], "be130e85dc225348"),
    (3, 1005, 203, [17, 14, 25], "aa71994fe0f76ecb"),
    (4, 1006, 249, [6, 7, 25, 27], "d6a2b25dbfd101df"),
    (5, 1007, 338, [35, 20, 5, 20, 21], "30a7968c8bd39b9e"),
    (2, 1008, 102, [7, 7], "27c52a07c475904e"),
    (3, 1009, 199, [8, 20, 21], "ad1e7bd965635d49"),
    (4, 1010, 219, [23, 35, 18, 10], "1391200e77ca2f47"),
    (5, 1011, 353, [23, 23, 27, 18, 23], "f20c998166778640"),
    (2, 1012, 128, [4, 29], "59d05930fe2b0f8c"),
    (3, 1013, 202, [14, 21, 21], "87ba7578561c4992"),
    (4, 1014, 264, [27, 14, 12, 17], "034d87effac66de8"),
    (5, 1015, 339, [20, 16, 17, 19, 29], "5565763bf6289ccc"),
]


@pytest.mark.parametrize("players, seed, actions, scores, digest", RECORDED)
def test_seeded_random_game_is_unchanged(players, seed, actions, scores, digest):
    assert record(GAME, players, seed) == (actions, scores, digest)


@pytest.mark.parametrize("players, seed", [(GAME.min_players, 7), (GAME.max_players, 8), (GAME.max_players, 11)])
def test_apply_leaves_every_earlier_state_untouched(players, seed):
    changed = states_changed_later(GAME, players, seed)
    assert changed == [], f"later moves changed the states after steps {changed[:5]}"
