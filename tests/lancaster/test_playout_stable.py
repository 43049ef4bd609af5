"""Seeded random Lancaster games play exactly as recorded.

The game changed with issue 27 (Lancaster's own base game replaced the stand-in "Lancaster-Lite"), so every row
was re-recorded then from the new engine; from here on they pin it: players, game seed, options, the number of
actions, the final scores, and a digest of every legal-action list met on the way (as text, in order) and the final
saved position. Any change in legal actions, their order, the shuffles or the results changes a row. Issue 36 changed
the moves on purpose (an upgrade names its knight, payments are offered whatever is held, Surrey's choice with every
reward, the most at zero, the shields' return), so every row was re-recorded then. A second test
checks that applying an action never touches the state it was applied to (the successor may share untouched parts
with it).
"""

from __future__ import annotations

import pytest

from hench.lancaster import GAME

from ..playout_record import record, states_changed_later

RECORDED = [  # (players, seed, options, actions, scores, digest)
    (3, 3000, {}, 100, [25, 29, 22], "d843e2163646f987"),
    (4, 3001, {"modules": "KC+KR+LK"}, 187, [4, -12, 29, 12], "7ad878b744bf9203"),
    (5, 3002, {}, 215, [21, 24, 19, 22, 24], "f57e07659079bca5"),
    (3, 3003, {"modules": "KC+KR+LK"}, 123, [20, 7, 0], "6d2c9567689d6951"),
    (4, 3004, {}, 171, [22, 32, 37, 15], "128c1c7c2256cb0f"),
    (5, 3005, {"modules": "KC+KR+LK"}, 209, [-1, 7, -15, 15, 9], "af2f5c964f48ac17"),
    (3, 3006, {"modules": "none"}, 112, [23, 23, 41], "f04641cc6708f60a"),
    (5, 3007, {"modules": "KC"}, 235, [31, 45, 18, 19, 32], "572e7b0a9bb05a73"),
    (4, 3008, {"modules": "KR"}, 163, [-17, 8, 11, 3], "f9654ac096ddab6e"),
    (3, 3009, {"modules": "KC+KR"}, 124, [-20, 7, 12], "8c67a0698ba9f644"),
    (5, 3010, {"modules": "KC+KR"}, 225, [16, -6, 0, 16, -16], "83eca34359c64ee6"),
    (4, 3011, {"modules": "KC"}, 177, [43, 15, 34, 27], "759651a108a9c87b"),
    (5, 3012, {"modules": "none"}, 203, [24, 25, 23, 15, 18], "b1befe705bb7dd9b"),
    (3, 3013, {"modules": "KR"}, 145, [-6, 38, 3], "b06b6fb54bf06645"),
    (2, 3100, {}, 109, [27, 26], "d4bc39add6317d7a"),
    (2, 3101, {"modules": "none"}, 93, [42, 11], "3d3b1b91f14ede5b"),
    (2, 3102, {"modules": "KC"}, 111, [30, 35], "1d393f783eb2f943"),
    (2, 3103, {"modules": "KR"}, 96, [-20, 32], "875b41da8ee6dbc5"),
    (2, 3104, {"modules": "KC+KR", "ally_bishop_mode": "forced"}, 102, [-16, 25], "69ecedcc908822b2"),
    (2, 3105, {}, 106, [15, 26], "6b3f461722744ac6"),
    (3, 3106, {"modules": "KC+KR+LK", "law_groups": "combine"}, 121, [11, 17, -5], "c4329876370608f7"),
]


@pytest.mark.parametrize("players, seed, options, actions, scores, digest", RECORDED)
def test_seeded_random_game_is_unchanged(players, seed, options, actions, scores, digest):
    assert record(GAME, players, seed, **options) == (actions, scores, digest)


@pytest.mark.parametrize("players, seed, options", [(2, 7, {}), (3, 7, {}), (5, 8, {}), (5, 11, {"modules": "KC+KR"}),
                                                    (4, 9, {"modules": "none"})])
def test_apply_leaves_every_earlier_state_untouched(players, seed, options):
    changed = states_changed_later(GAME, players, seed, **options)
    assert changed == [], f"later moves changed the states after steps {changed[:5]}"
