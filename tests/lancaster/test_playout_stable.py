"""Seeded random Lancaster games play exactly as they did before the playout speed-ups (issue 11).

Each row was recorded from the engine before any optimisation (commit 2ae6be3, the ally model and LH-104
in; the 3-5 player rows also match the engine before the ally model, commit a2ecd64): players, game seed,
options, the number of actions, the final scores, and a digest of every legal-action list met on the way
(as text, in order) and the final saved state. Any change in legal actions, their order, the shuffles or
the results changes a row. A second test checks that applying an action never touches the state it was
applied to (the successor may share untouched parts with it).

The 3-5 player digests were re-taken once when the state moved onto the one game contract (issue 26): the save
of a 3-5 player game now holds the field `ally_bishop_mode` as null (every declared field is saved). Every one
of those rows was checked then to give the old digest with that null key left out: same actions, same order,
same shuffles, same scores.
"""

from __future__ import annotations

import pytest

from hench.lancaster import GAME

from ..playout_record import record, states_changed_later

RECORDED = [  # (players, seed, options, actions, scores, digest)
    (3, 3000, {}, 101, [-8, -3, 2], "ce2eeb0408af098c"),
    (4, 3001, {}, 126, [16, -5, -6, 16], "2cafb1ceb8861df9"),
    (5, 3002, {}, 180, [21, -17, 15, 11, -7], "00d1fb1e09213d18"),
    (3, 3003, {}, 94, [-23, 4, 17], "feb5740a61d62eb2"),
    (4, 3004, {}, 143, [10, 25, 22, -10], "4f4303b8f9c78790"),
    (5, 3005, {}, 166, [13, 4, -7, -8, -20], "d12ca7e7055b9a8e"),
    (3, 3006, {"modules": "none"}, 89, [20, 8, 24], "53f9e8566bc5e5cd"),
    (5, 3007, {"modules": "KC"}, 163, [14, 10, 35, 24, 20], "14a3c3bf615e819c"),
    (4, 3008, {"modules": "KR"}, 124, [-7, 12, 26, 15], "2aa08f0c76b759ea"),
    (3, 3009, {"modules": "KC+KR"}, 114, [6, -3, -7], "db8a5f0710176308"),
    (5, 3010, {"modules": "KC+KR", "parliament": False}, 74, [-5, -7, 4, -25, -13], "c87a518954d950dc"),
    (4, 3011, {"modules": "KC", "parliament": False}, 60, [11, 15, 8, 21], "cf05e8dcf17bb9af"),
    (5, 3012, {"modules": "none"}, 162, [7, 22, 7, 12, 13], "a9f8bd7fcdac17b2"),
    (3, 3013, {"modules": "KR"}, 95, [-19, 16, 1], "3b53de992934e701"),
    (2, 3100, {}, 101, [-14, 26], "6312715147c1ad76"),
    (2, 3101, {"modules": "none"}, 86, [11, 32], "d2f2fecadf9fca06"),
    (2, 3102, {"modules": "KC"}, 100, [41, 13], "588b754b19d4e1f3"),
    (2, 3103, {"modules": "KR"}, 89, [14, -25], "c508e326ad58aa3e"),
    (2, 3104, {"modules": "KC+KR", "ally_bishop_mode": "forced"}, 87, [-2, -3], "15fe506404fe5f98"),
    (2, 3105, {"parliament": False}, 52, [-16, -3], "601e6832d87c923c"),
    (3, 3106, {"law_groups": "combine"}, 108, [-26, 2, -7], "ddb2270917778a34"),
]


@pytest.mark.parametrize("players, seed, options, actions, scores, digest", RECORDED)
def test_seeded_random_game_is_unchanged(players, seed, options, actions, scores, digest):
    assert record(GAME, players, seed, **options) == (actions, scores, digest)


@pytest.mark.parametrize("players, seed, options", [(2, 7, {}), (3, 7, {}), (5, 8, {}), (5, 11, {"modules": "KC+KR"}),
                                                    (4, 9, {"modules": "none", "parliament": False})])
def test_apply_leaves_every_earlier_state_untouched(players, seed, options):
    changed = states_changed_later(GAME, players, seed, **options)
    assert changed == [], f"later moves changed the states after steps {changed[:5]}"
