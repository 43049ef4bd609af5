"""Seeded random games play exactly as they did before the playout speed-ups (issue 7).

Each row was recorded from the engine before any optimisation: players, game seed, Bodyguard option,
the number of actions, the final scores, and a digest of every legal-action list met on the way, every
action taken and the final saved state. Any change in legal actions, their order, the dice, the shuffles
or the results changes a row. A second test checks that applying an action never touches the state it
was applied to (the successor may share untouched parts with it).
"""

from __future__ import annotations

import pytest

from hench.maniacal import GAME

from ..playout_record import record, states_changed_later

RECORDED = [  # (players, seed, bodyguard, actions, scores, digest)
    (2, 1000, False, 81, [8, 6], "6c20883abc82d95a"),
    (3, 1001, False, 174, [14, 18, 8], "1e336d631f84eb8d"),
    (4, 1002, True, 306, [17, 12, 17, 15], "ec39cb02b3505f26"),
    (5, 1003, False, 313, [6, 11, 21, 21, 9], "0b254a6ae49b4d7f"),
    (2, 1004, False, 89, [10, 20], "3808ec81179fdb25"),
    (3, 1005, True, 182, [7, 15, 12], "846d2289acd47bcf"),
    (4, 1006, False, 199, [10, 12, 11, 6], "6b99579a7a465f05"),
    (5, 1007, False, 205, [11, 8, 15, 5, 16], "be7bc788aef98f7d"),
    (2, 1008, True, 142, [17, 29], "63880ee0ad4377d4"),
    (3, 1009, False, 206, [21, 12, 28], "a430dd2ae63d9eeb"),
    (4, 1010, False, 255, [12, 11, 12, 19], "879ce30d3ba0e147"),
    (5, 1011, True, 368, [26, 9, 10, 21, 13], "636d979c56f7fd27"),
    (2, 1012, False, 165, [15, 27], "8d55a51a98c82799"),
    (3, 1013, False, 192, [19, 8, 16], "8253b9e5c77e3d52"),
    (4, 1014, True, 243, [9, 14, 16, 17], "0c9a15e872624bdd"),
    (5, 1015, False, 244, [7, 16, 5, 16, 14], "4204d60267f7f122"),
    (2, 1016, False, 173, [33, 20], "a4301ce9ef674bbf"),
    (3, 1017, True, 188, [6, 9, 21], "ccab876c0abc8e7e"),
    (4, 1018, False, 248, [11, 12, 12, 19], "e392cef2c25764f3"),
    (5, 1019, False, 216, [7, 16, 10, 12, 14], "af5c488d8c860271"),
]


@pytest.mark.parametrize("players, seed, bodyguard, actions, scores, digest", RECORDED)
def test_seeded_random_game_is_unchanged(players, seed, bodyguard, actions, scores, digest):
    assert record(GAME, players, seed, bodyguard=bodyguard) == (actions, scores, digest)


@pytest.mark.parametrize("players, seed", [(2, 7), (3, 12), (4, 9), (5, 8), (5, 11)])
def test_apply_leaves_every_earlier_state_untouched(players, seed):
    changed = states_changed_later(GAME, players, seed, bodyguard=seed % 2 == 0)
    assert changed == [], f"later moves changed the states after steps {changed[:5]}"
