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

# Digests re-taken at the commit that moved narration out of the digest (tests/playout_record.position_save),
# from the engine as it was then: the same actions and scores, the position without the last move's words.
RECORDED = [  # (players, seed, actions, scores, digest)
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (2, 1000, 123, [16, 22], "fdbab3802d56e793")
    (2, 1000, 123, [16, 22], "019c5e4c51cdc7c2"),
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (3, 1001, 204, [17, 19, 25], "2084c5bf84d63cef")
    (3, 1001, 189, [24, 19, 15], "80e5ee3fb6684a70"),
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (4, 1002, 257, [25, 13, 30, 20], "eb08b2c267212d6e")
    (4, 1002, 256, [29, 16, 26, 21], "6b2255d48df139b9"),
    # issue 28, Henchmania item 1 (HM-107): the Old Lady no longer turns for a loan that changes nothing;
    # was (5, 1003, 330, [16, 30, 32, 12, 30], "f28dbabc0957f038")
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (5, 1003, 328, [16, 30, 32, 12, 30], "dd4a603d964e6aed")
    (5, 1003, 328, [16, 30, 32, 12, 30], "10062398ce1b95ae"),
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (2, 1004, 148, [22, 23], "c5449ede14393130")
    (2, 1004, 148, [22, 23], "5a8fb11b000e2cdb"),
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (3, 1005, 203, [17, 14, 25], "9f02734588915916")
    (3, 1005, 203, [17, 14, 25], "58d0f76f6ebe3dd5"),
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (4, 1006, 249, [6, 7, 25, 27], "f4bd51d67f9b1371")
    (4, 1006, 262, [9, 12, 24, 26], "e5539076c9215318"),
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (5, 1007, 338, [35, 20, 5, 20, 21], "87cfddd05743ca05")
    (5, 1007, 320, [30, 20, 0, 26, 14], "1fdd3530f1946819"),
    (2, 1008, 102, [7, 7], "197066640a00f5f5"),
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (3, 1009, 199, [8, 20, 21], "5fe5f597746fc2ff")
    (3, 1009, 199, [8, 20, 21], "056466aa97eea96f"),
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (4, 1010, 219, [23, 35, 18, 10], "ed6816a577bfd9f2")
    (4, 1010, 148, [6, 21, 32, 0], "8287ace1b75b5a04"),
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (5, 1011, 353, [23, 23, 27, 18, 23], "21cf783e81682c14")
    (5, 1011, 334, [22, 24, 22, 23, 27], "0a754d34c09259c9"),
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (2, 1012, 128, [4, 29], "83157a109e201152")
    (2, 1012, 128, [4, 29], "9d3320b090b0349b"),
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (3, 1013, 202, [14, 21, 21], "33cd16fdf103af70")
    (3, 1013, 202, [14, 21, 21], "dddbb133a548bb25"),
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (4, 1014, 264, [27, 14, 12, 17], "32df29ddad04043c")
    (4, 1014, 242, [23, 20, 23, 16], "02283c0f2bac9dcc"),
    # issue 28, Henchmania item 3 (HM-100): the taker places a held pawn when they choose;
    # was (5, 1015, 339, [20, 16, 17, 19, 29], "e8621ba9795b5a02")
    (5, 1015, 338, [18, 17, 20, 19, 25], "3c1ace2b9dfe4457"),
]


@pytest.mark.parametrize("players, seed, actions, scores, digest", RECORDED)
def test_seeded_random_game_is_unchanged(players, seed, actions, scores, digest):
    assert record(GAME, players, seed) == (actions, scores, digest)


@pytest.mark.parametrize("players, seed", [(GAME.min_players, 7), (GAME.max_players, 8), (GAME.max_players, 11)])
def test_apply_leaves_every_earlier_state_untouched(players, seed):
    changed = states_changed_later(GAME, players, seed)
    assert changed == [], f"later moves changed the states after steps {changed[:5]}"
