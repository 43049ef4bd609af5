"""Seeded random Lancaster games play exactly as recorded.

The game changed with issue 27 (Lancaster's own base game replaced the stand-in "Lancaster-Lite"), so every row
was re-recorded then from the new engine; from here on they pin it: players, game seed, options, the number of
actions, the final scores, and a digest of every legal-action list met on the way (as text, in order) and the final
saved position. Any change in legal actions, their order, the shuffles or the results changes a row. A second test
checks that applying an action never touches the state it was applied to (the successor may share untouched parts
with it).
"""

from __future__ import annotations

import pytest

from hench.lancaster import GAME

from ..playout_record import record, states_changed_later

RECORDED = [  # (players, seed, options, actions, scores, digest)
    (3, 3000, {}, 98, [24, 30, 18], "e454010dc6bede8f"),
    (4, 3001, {"modules": "KC+KR+LK"}, 167, [-2, -1, 0, 3], "525b0a5755674b54"),
    (5, 3002, {}, 179, [41, 17, 14, 22, 12], "c95314c588f78ebe"),
    (3, 3003, {"modules": "KC+KR+LK"}, 128, [17, -7, -10], "ecfd31fc1d4e26ef"),
    (4, 3004, {}, 170, [28, 18, 36, 20], "9a3bcfd6daaae999"),
    (5, 3005, {"modules": "KC+KR+LK"}, 201, [23, 11, 5, -21, -1], "788be4d32cefc729"),
    (3, 3006, {"modules": "none"}, 114, [24, 20, 38], "31222537326a193a"),
    (5, 3007, {"modules": "KC"}, 236, [24, 33, 24, 23, 37], "245129ded502f4d5"),
    (4, 3008, {"modules": "KR"}, 163, [-6, 12, 18, 11], "9bce4dd72ac030fe"),
    (3, 3009, {"modules": "KC+KR"}, 129, [-9, 29, 23], "64e1aaeb208e1a8d"),
    (5, 3010, {"modules": "KC+KR"}, 212, [10, 11, 6, -16, -13], "2e3e8458cfed66c9"),
    (4, 3011, {"modules": "KC"}, 168, [26, 24, 21, 25], "98b07c6412dd2bbd"),
    (5, 3012, {"modules": "none"}, 206, [26, 27, 31, 20, 15], "9b57ce6bfa0400a1"),
    (3, 3013, {"modules": "KR"}, 131, [-19, 19, 12], "e47d1299336ef8df"),
    (2, 3100, {}, 112, [25, 35], "6ec4248ed315c134"),
    (2, 3101, {"modules": "none"}, 83, [43, 13], "ef35ec7fc5d20073"),
    (2, 3102, {"modules": "KC"}, 109, [38, 32], "f432224388072633"),
    (2, 3103, {"modules": "KR"}, 94, [-16, 17], "057ccb6006614e95"),
    (2, 3104, {"modules": "KC+KR", "ally_bishop_mode": "forced"}, 103, [-14, 23], "be2c9d45810dc43c"),
    (2, 3105, {}, 106, [15, 26], "e7680a67161745cb"),
    (3, 3106, {"modules": "KC+KR+LK", "law_groups": "combine"}, 117, [2, 10, -10], "37f16d06a3cd143a"),
]


@pytest.mark.parametrize("players, seed, options, actions, scores, digest", RECORDED)
def test_seeded_random_game_is_unchanged(players, seed, options, actions, scores, digest):
    assert record(GAME, players, seed, **options) == (actions, scores, digest)


@pytest.mark.parametrize("players, seed, options", [(2, 7, {}), (3, 7, {}), (5, 8, {}), (5, 11, {"modules": "KC+KR"}),
                                                    (4, 9, {"modules": "none"})])
def test_apply_leaves_every_earlier_state_untouched(players, seed, options):
    changed = states_changed_later(GAME, players, seed, **options)
    assert changed == [], f"later moves changed the states after steps {changed[:5]}"
