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

# Digests re-taken at the commit that moved narration out of the digest (tests/playout_record.position_save),
# from the engine as it was then: the same actions and scores, the position without the last move's words.
# Rows marked "issue 28 item 2" re-taken at the rule fix that pauses after the roll for every player holding a
# Scheme card (MA-162: the pause no longer tells which Scheme is held): those games meet that pause, and play on
# differently from there. Rows marked "item 3" re-taken at the fix that opens the window to cancel the Scheme's
# Injury to a player holding any Scheme card (MA-162, MA-177d); "item 5" at the fix that lets the owner choose
# which Mercenaries go unpaid (MA-207, AMB-15) and the 'remove one die' Scheme's player choose the die (MA-170b).
# "item 4" at the fix that offers positive Schemes at every moment of the active player's turn (team assignment,
# Hoodlum Hospital, every effect step) and after resolving a contract that used the last weeks (MA-172, MA-174);
# its note keeps the values just before it (actions, scores, digest).
# "issue 36" at the fix that offers the moment after resolving a contract whenever another player's token is then
# further left, not only when the contract used the last weeks (MA-172, MA-174); its note keeps the values before it.
# Every other row is unchanged.
RECORDED = [  # (players, seed, bodyguard, actions, scores, digest)
    (2, 1000, False, 82, [8, 6], "dbd51edc464532d6"),  # issue 28 item 5 (was 81 actions, 23a29657edf126a3)
    (3, 1001, False, 169, [16, 23, 8], "e187b0c20008f55d"),  # issue 28 items 3, 5 (was 174 actions, 716679f94b3810af); item 4 (was 169 actions, [16, 23, 8], 9df1f49a3e97a436); issue 36 (was 169 actions, [16, 23, 8], ab1a3c79c1eb2995)
    (4, 1002, True, 324, [16, 23, 15, 12], "99e26eb7ab2f5474"),  # issue 28 items 2, 5 (was 306 actions, 1e058c3dbc5bb158); item 4 (was 332 actions, [22, 12, 22, 12], bf2a07fb2442c3c9); issue 36 (was 263 actions, [23, 16, 9, 12], d45f7f8eabba02c4)
    (5, 1003, False, 343, [5, 6, 19, 22, 11], "78082c096f52abc7"),  # issue 28 items 2, 5 (was 313 actions, 1ad62093b9730b5c); item 4 (was 224 actions, [2, 8, 5, 12, 12], 474a345af146d699); issue 36 (was 351 actions, [8, 9, 12, 34, 8], 6df99ea16bb042ee)
    (2, 1004, False, 100, [10, 18], "07315fa899bb80be"),  # issue 36 (was 89 actions, [10, 20], 41bd4478dce4c7f5)
    (3, 1005, True, 208, [10, 17, 21], "eb9e00d615cfa1e5"),  # issue 28 items 2, 5 (was 182 actions, 1703222682abc840); issue 36 (was 201 actions, [12, 15, 18], 212aaf6836684f4f)
    (4, 1006, False, 242, [15, 12, 14, 8], "2f7cc45855059b7d"),  # issue 28 items 2, 3, 5 (was 199 actions, 534467cd76748db1); item 4 (was 221 actions, [7, 13, 9, 17], 8ddc1892a9ff45d3); issue 36 (was 265 actions, [7, 17, 7, 17], 2000d60cbd302704)
    (5, 1007, False, 292, [11, 10, 21, 12, 25], "9f881e54353057c5"),  # issue 28 item 5 (was 205 actions, 837e2c27c9454723); item 4 (was 226 actions, [12, 11, 15, 11, 14], 5440ec68b2cfb460); issue 36 (was 289 actions, [11, 10, 19, 12, 25], 0ecc4d1b053fc420)
    (2, 1008, True, 136, [17, 20], "b0c42b7b77faa36c"),  # issue 36 (was 142 actions, [17, 29], c3fce99c06fab394)
    (3, 1009, False, 196, [9, 11, 19], "71fbd51d87285c33"),  # issue 28 item 5 (was 206 actions, 3ed94986c44c72f3); item 4 (was 205 actions, [21, 12, 28], 99985ec7da074aa1); issue 36 (was 206 actions, [21, 12, 28], 9558d3ce1ea3d095)
    (4, 1010, False, 311, [18, 23, 10, 11], "25253fb844f2b120"),  # issue 28 items 2, 5 (was 255 actions, 6dc1c2d9bad4941c); item 4 (was 267 actions, [8, 25, 5, 11], 35119b8b51405da5); issue 36 (was 248 actions, [9, 16, 7, 9], f28d9a03299472d9)
    (5, 1011, True, 459, [17, 30, 23, 23, 14], "6c801611b2ec6c39"),  # issue 28 items 2, 3, 5 (was 368 actions, a517de4c6784a405); item 4 (was 384 actions, [24, 14, 20, 21, 18], 90a13d0cc53eef39); issue 36 (was 392 actions, [18, 13, 21, 21, 18], 6262556834c06087)
    (2, 1012, False, 130, [18, 15], "4789dfdae56c77d4"),  # issue 28 item 4 (was 165 actions, [15, 27], c692d6c721234158); issue 36 (was 165 actions, [15, 27], eadb76c4212a8d75)
    (3, 1013, False, 167, [12, 16, 10], "0b965498426ff53f"),  # issue 28 item 5 (was 192 actions, f72b65d14c6ee320); item 4 (was 215 actions, [9, 21, 29], 127665070c4665df); issue 36 (was 215 actions, [9, 21, 29], 6c014bfa650da3ef)
    (4, 1014, True, 285, [20, 11, 10, 14], "3473b533efe696b8"),  # issue 28 item 5 (was 243 actions, b400f9669acfa989); issue 36 (was 260 actions, [9, 10, 16, 14], 8e9e4ddf09b6372b)
    (5, 1015, False, 190, [5, 10, 6, 5, 10], "d99d4b5c72233ff3"),  # issue 28 items 2, 3, 5 (was 244 actions, 8331b2b5bd9f2964); item 4 (was 297 actions, [16, 25, 5, 14, 16], c51aa7dcaaa975cd); issue 36 (was 223 actions, [6, 14, 5, 6, 14], 35cf63f33147327d)
    (2, 1016, False, 188, [24, 29], "9bc678960d122e52"),  # issue 28 item 5 (was 173 actions, 5fb5267e8b9a4357); issue 36 (was 171 actions, [22, 18], bbc943b9af333a6d)
    (3, 1017, True, 228, [12, 38, 9], "4cd609556efd3597"),  # issue 28 item 3 (was 188 actions, f0f2caa0856a3ac1); item 4 (was 188 actions, [6, 9, 21], 8b23c19393d37f2e); issue 36 (was 189 actions, [6, 9, 21], 3271e13fa75100ab)
    (4, 1018, False, 263, [12, 18, 19, 18], "1228bbcc9d1eca5a"),  # issue 28 item 4 (was 248 actions, [11, 12, 12, 19], b283d4e9540250cc); issue 36 (was 248 actions, [11, 12, 12, 19], 63407c07237790ca)
    (5, 1019, False, 232, [8, 11, 10, 12, 4], "49e2c5e3d1728725"),  # issue 28 items 2, 5 (was 216 actions, 075700207908e01f); item 4 (was 259 actions, [9, 19, 13, 16, 14], 7b85562c4e49caf9); issue 36 (was 223 actions, [12, 11, 14, 12, 10], 2bb15528168e9adf)
]


@pytest.mark.parametrize("players, seed, bodyguard, actions, scores, digest", RECORDED)
def test_seeded_random_game_is_unchanged(players, seed, bodyguard, actions, scores, digest):
    assert record(GAME, players, seed, bodyguard=bodyguard) == (actions, scores, digest)


@pytest.mark.parametrize("players, seed", [(2, 7), (3, 12), (4, 9), (5, 8), (5, 11)])
def test_apply_leaves_every_earlier_state_untouched(players, seed):
    changed = states_changed_later(GAME, players, seed, bodyguard=seed % 2 == 0)
    assert changed == [], f"later moves changed the states after steps {changed[:5]}"
