"""Seeded random Hemloch games play exactly as recorded (a guard for playout speed-ups, issue 7).

Each row: seed, options, the number of actions, the final scores, and a digest of every legal-action
list met, every action taken and the final saved state. A deliberate rule change changes rows: then
re-record them (the loop in `play` prints the same fields) and say so in the commit.
"""

from __future__ import annotations

import pytest

from hench.hemloch import GAME

from ..playout_record import record, states_changed_later

RECORDED = [  # (seed, options, actions, scores, digest), 2 players
    (2000, {}, 112, [36, 31], "a0c0c2d5ce0e135a"),
    (2001, {'sides': 'dark'}, 112, [35, 19], "6eb36b0405172466"),
    (2002, {'draft': True}, 158, [13, 43], "fb7fee7d65358ce0"),
    (2003, {'sides': 'LDLD', 'zero_tie_places': True}, 117, [42, 36], "2624ba560adf283d"),
    (2004, {'end_after_weeks_end': False, 'score_scepters': False}, 123, [32, 34], "6d685fd515d88cc8"),
    (2005, {}, 92, [22, 38], "f34276a433360333"),
    (2006, {'sides': 'dark'}, 109, [33, 34], "558fae0d6557d190"),
    (2007, {'draft': True}, 170, [25, 36], "674ce94fed7188b1"),
    (2008, {'sides': 'LDLD', 'zero_tie_places': True}, 124, [34, 33], "b8a44447f751b3cf"),
    (2009, {'end_after_weeks_end': False, 'score_scepters': False}, 121, [36, 25], "03a4fe3429828320"),
    (2010, {}, 111, [37, 21], "3b258c0b55c30e91"),
    (2011, {'sides': 'dark'}, 93, [33, 18], "fb2a9f62b0bfbaf2"),
    (2012, {'draft': True}, 168, [34, 25], "bde1f557a81c47af"),
    (2013, {'sides': 'LDLD', 'zero_tie_places': True}, 109, [23, 40], "131b07f6c5d30d5b"),
    (2014, {'end_after_weeks_end': False, 'score_scepters': False}, 109, [30, 33], "92bcc6d20df1f230"),
    (2015, {}, 125, [25, 33], "555648917ada3026"),
    (2016, {'sides': 'dark'}, 106, [36, 32], "4a59d5250939cb86"),
    (2017, {'draft': True}, 172, [37, 29], "98d56e23f8fd81ad"),
    (2018, {'sides': 'LDLD', 'zero_tie_places': True}, 106, [37, 26], "a789ee076729a838"),
    (2019, {'end_after_weeks_end': False, 'score_scepters': False}, 110, [29, 33], "c298e5ef7cbb9bc2"),
]


@pytest.mark.parametrize("seed, options, actions, scores, digest", RECORDED)
def test_seeded_random_game_is_unchanged(seed, options, actions, scores, digest):
    assert record(GAME, 2, seed, **options) == (actions, scores, digest)


@pytest.mark.parametrize("seed", [3, 4])
def test_apply_leaves_every_earlier_state_untouched(seed):
    changed = states_changed_later(GAME, 2, seed, draft=seed % 2 == 0)
    assert changed == [], f"later moves changed the states after steps {changed[:5]}"
